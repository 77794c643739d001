package dev.hookguard.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The scripts ship in the jar, are named by their SHA-1, and touch only keys given in {@code KEYS}. */
class LuaScriptTest {

    private static final Pattern CALL = Pattern.compile("redis\\.call\\('([A-Z]+)'(?:,\\s*([^,)]+))?");

    @ParameterizedTest
    @EnumSource(LuaScript.class)
    void shouldTouchOnlyKeysPassedInKeys(LuaScript script) {
        Matcher call = CALL.matcher(new String(script.body(), StandardCharsets.UTF_8));
        int calls = 0;
        while (call.find()) {
            calls++;
            if (!call.group(1).equals("TIME")) {
                // KEYS[2]: the open index, which the claim and the completion keep on one server (same node)
                assertThat(call.group(2))
                        .as("%s in %s", call.group(1), script.resource())
                        .isIn(
                                "KEYS[1]",
                                script == LuaScript.CLAIM || script == LuaScript.COMPLETE ? "KEYS[2]" : "KEYS[1]");
            }
        }
        assertThat(calls).isPositive();
    }

    @ParameterizedTest
    @EnumSource(LuaScript.class)
    void shouldNameScriptBySha1OfItsBody(LuaScript script) {
        assertThat(script.sha()).hasSize(40).matches("[0-9a-f]+");
        assertThat(script.body()).isNotEmpty();
    }

    @Test
    void shouldGiveEveryScriptItsOwnSha() {
        assertThat(java.util.Arrays.stream(LuaScript.values())
                        .map(LuaScript::sha)
                        .distinct())
                .hasSize(LuaScript.values().length);
    }

    /**
     * The record format exists once, in {@code prelude.lua}: a script on an event's hash is the prelude and
     * its own file, which does not define the format again; an index script is its file alone.
     */
    @ParameterizedTest
    @EnumSource(LuaScript.class)
    void shouldAssembleRecordScriptsFromThePreludeAndTheirOwnFile(LuaScript script) throws Exception {
        String own = resource(script.resource());
        String body = new String(script.body(), StandardCharsets.UTF_8);

        String prelude = new String(
                LuaScript.preludeFor(
                        resource(LuaScript.PRELUDE).getBytes(StandardCharsets.UTF_8),
                        own.getBytes(StandardCharsets.UTF_8)),
                StandardCharsets.UTF_8);
        int here = own.indexOf(LuaScript.PRELUDE_HERE);
        String head = here < 0 ? "" : own.substring(0, here + LuaScript.PRELUDE_HERE.length());
        assertThat(body).isEqualTo(script.onRecord() ? head + prelude + "\n" + own.substring(head.length()) : own);
        assertThat(own).doesNotContain("local function parse").doesNotContain("local function meta");
    }

    /**
     * A script carries the prelude's functions it calls, those they call, and the blocks that define none; not
     * the others (Redis creates each local function on every call).
     */
    @Test
    void shouldGiveAScriptOnlyThePreludeFunctionsItCalls() {
        String claim = new String(LuaScript.CLAIM.body(), StandardCharsets.UTF_8);
        String purge = new String(LuaScript.PURGE.body(), StandardCharsets.UTF_8);

        assertThat(claim)
                .startsWith("-- Claims one event")
                .contains("local now_us, now")
                .contains("local function status_of(", "local function parse(", "local function meta(")
                .contains("local function clock(", "local function next_token(")
                .doesNotContain("local function audit(", "local function log_attempt(", "local function extend(");
        assertThat(purge).contains("local function parse(").doesNotContain("local function meta(");
        assertThat(new String(LuaScript.REPLAY.body(), StandardCharsets.UTF_8))
                .contains("local function audit(", "local function clock(", "local function keep(");
    }

    /** A settled duplicate is answered before the prelude: Redis makes none of its functions for it. */
    @Test
    void shouldAnswerASettledDuplicateBeforeThePrelude() {
        String claim = new String(LuaScript.CLAIM.body(), StandardCharsets.UTF_8);

        assertThat(claim.indexOf("return {'duplicate'"))
                .isPositive()
                .isLessThan(claim.indexOf("-- The record-format prelude."))
                .isLessThan(claim.indexOf("local function"));
        assertThat(new String(LuaScript.COMPLETE.body(), StandardCharsets.UTF_8))
                .startsWith("-- The record-format prelude.");
    }

    private static String resource(String name) throws java.io.IOException {
        try (java.io.InputStream in = LuaScript.class.getResourceAsStream(name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @ParameterizedTest
    @EnumSource(LuaScript.class)
    void shouldGiveToolsTheTextTheStoreLoads(LuaScript script) {
        assertThat(RedisStores.scriptText(script.resource())).isEqualTo(script.body());
    }

    @Test
    void shouldRefuseATextOfTheBarePreludeOrAnUnknownScript() {
        assertThatThrownBy(() -> RedisStores.scriptText(LuaScript.PRELUDE))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("prelude.lua");
        assertThatThrownBy(() -> RedisStores.scriptText("nope.lua"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("nope.lua");
    }
}
