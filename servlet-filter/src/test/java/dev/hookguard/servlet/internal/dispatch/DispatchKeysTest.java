package dev.hookguard.servlet.internal.dispatch;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import dev.hookguard.core.EventKey;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class DispatchKeysTest {

    private static final String OLD = "old-dispatch-key-0123456789abcdef0123";
    private static final String NEW = "new-dispatch-key-0123456789abcdef0123";
    private static final Instant NOW = Instant.parse("2026-12-01T12:00:00Z");
    private static final EventKey KEY = EventKey.of("gh", "evt_1");
    private static final byte[] BODY = "{\"a\":1}".getBytes(UTF_8);
    private static final Duration TOLERANCE = Duration.ofSeconds(60);

    @Test
    void shouldAcceptItsOwnSignature() {
        DispatchKeys keys = new DispatchKeys(List.of(NEW), TOLERANCE);

        assertThat(keys.check(keys.sign(KEY, BODY, NOW), KEY, BODY, NOW)).isInstanceOf(DispatchKeys.Check.Valid.class);
    }

    @Test
    void shouldAcceptEveryConfiguredKeyButSignWithTheFirst() {
        DispatchKeys rotated = new DispatchKeys(List.of(NEW, OLD), TOLERANCE);
        DispatchKeys oldNode = new DispatchKeys(List.of(OLD), TOLERANCE);
        DispatchKeys newNode = new DispatchKeys(List.of(NEW), TOLERANCE);

        assertThat(rotated.check(oldNode.sign(KEY, BODY, NOW), KEY, BODY, NOW))
                .isInstanceOf(DispatchKeys.Check.Valid.class);
        assertThat(newNode.check(rotated.sign(KEY, BODY, NOW), KEY, BODY, NOW))
                .isInstanceOf(DispatchKeys.Check.Valid.class);
    }

    @Test
    void shouldRefuseAnotherKeyAnotherEventOrAnotherBody() {
        DispatchKeys keys = new DispatchKeys(List.of(NEW), TOLERANCE);
        String signed = new DispatchKeys(List.of(OLD), TOLERANCE).sign(KEY, BODY, NOW);
        String own = keys.sign(KEY, BODY, NOW);

        assertThat(keys.check(signed, KEY, BODY, NOW)).isEqualTo(invalid("does not match"));
        assertThat(keys.check(own, EventKey.of("gh", "evt_2"), BODY, NOW)).isEqualTo(invalid("does not match"));
        assertThat(keys.check(own, KEY, "{\"a\":2}".getBytes(UTF_8), NOW)).isEqualTo(invalid("does not match"));
    }

    @Test
    void shouldRefuseAHeaderOutsideTheTolerance() {
        DispatchKeys keys = new DispatchKeys(List.of(NEW), TOLERANCE);

        assertThat(keys.check(keys.sign(KEY, BODY, NOW.minusSeconds(61)), KEY, BODY, NOW))
                .isEqualTo(invalid("is outside the time tolerance"));
        assertThat(keys.check(keys.sign(KEY, BODY, NOW.plusSeconds(61)), KEY, BODY, NOW))
                .isEqualTo(invalid("is outside the time tolerance"));
        assertThat(keys.check(keys.sign(KEY, BODY, NOW.minusSeconds(60)), KEY, BODY, NOW))
                .isInstanceOf(DispatchKeys.Check.Valid.class);
    }

    @Test
    void shouldRefuseMalformedHeaders() {
        DispatchKeys keys = new DispatchKeys(List.of(NEW), TOLERANCE);

        for (String header : List.of("", "garbage", "t=abc,v1=00", "t=1,v1=zz", "v1=00,t=1", "t=1")) {
            assertThat(keys.check(header, KEY, BODY, NOW)).as(header).isEqualTo(invalid("is malformed"));
        }
    }

    @Test
    void shouldUseOneRandomKeyPerJvmWithoutConfiguredKeys() {
        DispatchKeys one = new DispatchKeys(List.of(), TOLERANCE);
        DispatchKeys other = new DispatchKeys(List.of(), TOLERANCE);

        assertThat(other.check(one.sign(KEY, BODY, NOW), KEY, BODY, NOW)).isInstanceOf(DispatchKeys.Check.Valid.class);
        assertThat(new DispatchKeys(List.of(NEW), TOLERANCE).check(one.sign(KEY, BODY, NOW), KEY, BODY, NOW))
                .isEqualTo(invalid("does not match"));
    }

    private static DispatchKeys.Check invalid(String ending) {
        return new DispatchKeys.Check.Invalid("The Hookguard-Dispatch header " + ending);
    }
}
