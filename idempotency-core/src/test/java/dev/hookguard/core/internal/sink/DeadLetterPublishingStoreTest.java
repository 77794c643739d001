package dev.hookguard.core.internal.sink;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hookguard.core.ClaimOutcome;
import dev.hookguard.core.ErrorClass;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.Failure;
import dev.hookguard.core.Fingerprint;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.Payload;
import dev.hookguard.core.RecordStatus;
import dev.hookguard.core.WriteOutcome;
import dev.hookguard.core.memory.InMemoryStore;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

class DeadLetterPublishingStoreTest {

    private static final IdempotencyPolicy TWO_ATTEMPTS =
            IdempotencyPolicy.custom().maxAttempts(2).build();
    private static final Payload PAYLOAD = Payload.of("{}".getBytes(StandardCharsets.UTF_8));

    private final List<EventKey> published = new CopyOnWriteArrayList<>();
    private final InMemoryStore memory = new InMemoryStore();

    private long claim(DeadLetterPublishingStore store, EventKey key) {
        return ((ClaimOutcome.Acquired) store.claim(key, Fingerprint.of(PAYLOAD.body()), TWO_ATTEMPTS)).token();
    }

    private WriteOutcome fail(DeadLetterPublishingStore store, EventKey key, long token) {
        return store.fail(key, token, new Failure(PAYLOAD, "boom", ErrorClass.EXCEPTION), TWO_ATTEMPTS);
    }

    @Test
    void shouldPublishOnlyTheFailureThatTurnsTheRecordDead() {
        DeadLetterPublishingStore store = new DeadLetterPublishingStore(memory, (key, failure) -> published.add(key));
        EventKey key = EventKey.of("stripe", "evt_1");

        assertThat(fail(store, key, claim(store, key))).isEqualTo(new WriteOutcome.Recorded(RecordStatus.FAILED));
        assertThat(published).isEmpty();
        long token = claim(store, key);
        assertThat(fail(store, key, token)).isEqualTo(new WriteOutcome.Recorded(RecordStatus.DEAD));
        assertThat(fail(store, key, token)).isInstanceOf(WriteOutcome.Stale.class);

        assertThat(published).containsExactly(key);
    }

    @Test
    void shouldKeepTheDeadLetterWhenTheSinkThrows() {
        DeadLetterPublishingStore store = new DeadLetterPublishingStore(memory, (key, failure) -> {
            throw new IllegalStateException("broker down");
        });
        EventKey key = EventKey.of("stripe", "evt_2");
        fail(store, key, claim(store, key));

        assertThat(fail(store, key, claim(store, key))).isEqualTo(new WriteOutcome.Recorded(RecordStatus.DEAD));
        assertThat(memory.find(key).orElseThrow().status()).isEqualTo(RecordStatus.DEAD);
    }
}
