package dev.hookguard.servlet.internal.delivery;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hookguard.core.EventKey;
import dev.hookguard.core.Fingerprint;
import dev.hookguard.core.signature.EventIdExtractor;
import dev.hookguard.core.signature.EventIdResult;
import dev.hookguard.core.signature.Headers;
import dev.hookguard.core.signature.Scheme;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ClaimerTest {

    private static final byte[] BODY = "{\"action\":\"opened\"}".getBytes(StandardCharsets.UTF_8);

    @Test
    void shouldTakeTheBodyKeysHashAsTheFingerprint() {
        EventIdExtractor github = EventIdExtractor.forScheme("gh", Scheme.GITHUB);
        EventIdResult.Found found = (EventIdResult.Found) github.extract(Headers.of("X-GitHub-Delivery", "d-1"), BODY);

        assertThat(found.bodyKey()).isPresent();
        assertThat(Claimer.fingerprint(github, found, BODY)).isEqualTo(Fingerprint.of(BODY));
    }

    @Test
    void shouldTakeTheBodyHashFallbackIdAsTheFingerprint() {
        EventIdExtractor github = EventIdExtractor.forScheme("gh", Scheme.GITHUB);
        EventIdResult.Found found = (EventIdResult.Found) github.extract(Headers.empty(), BODY);

        assertThat(found.origin()).isEqualTo(EventIdResult.IdOrigin.BODY_HASH);
        assertThat(Claimer.fingerprint(github, found, BODY)).isEqualTo(Fingerprint.of(BODY));
    }

    @Test
    void shouldHashTheBodyItselfForAnApplicationsOwnExtractor() {
        String notTheBodysHash = Fingerprint.of(new byte[] {1}).hex();
        EventIdExtractor own = (headers, body) -> new EventIdResult.Found(
                EventKey.of("own", "e-1"),
                EventIdResult.IdOrigin.HEADER,
                Optional.of(EventKey.of("own", notTheBodysHash)));
        EventIdResult.Found found = (EventIdResult.Found) own.extract(Headers.empty(), BODY);

        assertThat(Claimer.fingerprint(own, found, BODY)).isEqualTo(Fingerprint.of(BODY));
    }
}
