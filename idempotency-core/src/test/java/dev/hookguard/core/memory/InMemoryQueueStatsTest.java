package dev.hookguard.core.memory;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hookguard.core.EventKey;
import dev.hookguard.core.EventRecord;
import dev.hookguard.core.Fingerprint;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.Payload;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * The due queue's depth never misses a record while a picker moves it: one queued record, picked (its due time pushed
 * a minute on) and handed back (due now again) over and over on one thread, while another reads the endpoint's stats.
 * Every read must count it once.
 */
class InMemoryQueueStatsTest {

    private static final int MOVES = 20_000;

    @Test
    void shouldCountARecordOnceWhileAPickerMovesIt() throws Exception {
        InMemoryStore store = new InMemoryStore();
        byte[] body = "{}".getBytes(StandardCharsets.UTF_8);
        store.enqueue(
                EventKey.of("moving", "evt_1"),
                Fingerprint.of(body),
                new Payload(body, Map.of()),
                IdempotencyPolicy.ofDefaults());
        AtomicBoolean moving = new AtomicBoolean(true);
        AtomicLong moves = new AtomicLong();
        Thread picker = new Thread(() -> {
            try {
                for (int i = 0; i < MOVES; i++) {
                    List<EventRecord> picked = store.pick("moving", 1, Duration.ofMinutes(1));
                    store.release(picked);
                    moves.addAndGet(2L * picked.size());
                }
            } finally {
                moving.set(false);
            }
        });
        picker.start();
        long reads = 0;
        long missed = 0;
        long doubled = 0;
        while (moving.get()) {
            long depth = store.stats("moving").depth();
            reads++;
            missed += depth == 0 ? 1 : 0;
            doubled += depth > 1 ? 1 : 0;
        }
        picker.join();
        System.out.printf(
                "[queue-figures] %d moves, %d reads: %d missed the record, %d counted it twice%n",
                moves.get(), reads, missed, doubled);

        assertThat(moves.get()).isEqualTo(2L * MOVES); // every pick found it due, every hand-back made it due again
        assertThat(missed).as("reads that missed the record").isZero();
        assertThat(doubled).as("reads that counted it twice").isZero();
    }
}
