package dev.hookguard.core.memory;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hookguard.core.ClaimOutcome;
import dev.hookguard.core.Completion;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.Fingerprint;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.MutableClock;
import dev.hookguard.core.StoredResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class InMemoryStoreSweepTest {

    private static final IdempotencyPolicy POLICY = IdempotencyPolicy.custom()
            .lease(Duration.ofSeconds(30))
            .retention(Duration.ofMinutes(1))
            .build();
    private static final Fingerprint FINGERPRINT = Fingerprint.of("{}".getBytes(StandardCharsets.UTF_8));

    private final MutableClock clock = new MutableClock();
    private final InMemoryStore store = new InMemoryStore(clock);

    @Test
    void shouldDropExpiredRecordsAsNewEventsAreClaimedWithoutAnyPurgeCall() {
        claimAndComplete("old", 500);
        clock.advance(Duration.ofMinutes(2));

        claimAndComplete("new", 2000); // 4000 records swept: what was left of a pass, then a whole pass

        assertThat(store.size()).isEqualTo(2000);
    }

    @Test
    void shouldKeepRecordsWithinTheirRetention() {
        claimAndComplete("kept", 300);
        clock.advance(Duration.ofSeconds(59));

        claimAndComplete("more", 300);

        assertThat(store.size()).isEqualTo(600);
        assertThat(store.find(EventKey.of("bench", "kept-0"))).isPresent();
    }

    private void claimAndComplete(String prefix, int count) {
        for (int i = 0; i < count; i++) {
            EventKey key = EventKey.of("bench", prefix + "-" + i);
            ClaimOutcome.Acquired acquired = (ClaimOutcome.Acquired) store.claim(key, FINGERPRINT, POLICY);
            store.complete(
                    key, acquired.token(), Completion.succeeded(StoredResponse.of(200, null, new byte[0])), POLICY);
        }
    }
}
