package dev.hookguard.redis;

import static org.assertj.core.api.Assertions.assertThat;

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
                assertThat(call.group(2))
                        .as("%s in %s", call.group(1), script.resource())
                        .isEqualTo("KEYS[1]");
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
     * A script run by {@code EVALSHA} cannot include another, so each state-change script carries its own copy
     * of the record-format prelude (the clock, {@code parse} and {@code meta}); the copies must stay identical.
     */
    @Test
    void shouldCarryTheSameRecordFormatPreludeInEveryStateChangeScript() {
        java.util.Set<String> preludes = new java.util.HashSet<>();
        for (LuaScript script : java.util.List.of(
                LuaScript.CLAIM,
                LuaScript.RENEW,
                LuaScript.COMPLETE,
                LuaScript.FAIL,
                LuaScript.RESOLVE,
                LuaScript.REQUEUE)) {
            String body = new String(script.body(), StandardCharsets.UTF_8);
            int start = body.indexOf("local t = redis.call('TIME')");
            int end = body.indexOf("  return m\nend\n", start);
            assertThat(start).as(script.resource()).isNotNegative();
            assertThat(end).as(script.resource()).isGreaterThan(start);
            preludes.add(body.substring(start, end));
        }
        assertThat(preludes).hasSize(1);
    }
}
