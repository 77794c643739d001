package dev.hookguard.examples;

import dev.hookguard.core.ErrorClass;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.EventRecord;
import dev.hookguard.core.IdempotencyStore;
import dev.hookguard.core.RecordStatus;
import dev.hookguard.examples.sender.EventPlan;
import dev.hookguard.examples.sender.StormPlan;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.IntConsumer;

/**
 * What the store says became of one run's events once the receiver has finished with them: when the receiver
 * retries (or takes events in asynchronously), the storm ends before the events do, so the demo waits for every
 * event's record to reach a final state (SUCCEEDED, DEAD or REJECTED) and reads the verdicts from the store, as an
 * operator would.
 *
 * @param succeeded events whose record is SUCCEEDED
 * @param dead events whose record is DEAD
 * @param rejected events whose record is REJECTED
 * @param unsettled events still QUEUED, PROCESSING or FAILED (or without a record) when the wait ended
 * @param deadByClass the DEAD records by error class
 * @param waited how long the wait took
 */
record Settlement(
        long succeeded, long dead, long rejected, long unsettled, Map<ErrorClass, Long> deadByClass, Duration waited) {

    /** How often the store is read while events are not final. */
    static final Duration POLL = Duration.ofMillis(250);

    /** Copies the map. */
    Settlement {
        deadByClass = Map.copyOf(deadByClass);
    }

    /**
     * Reads every event of the plan from the store until each is final, or until none became final for {@code
     * quiet} (then the rest are {@link #unsettled}); {@code progress} hears how many are final after each pass.
     */
    static Settlement await(IdempotencyStore store, StormPlan plan, Duration quiet, IntConsumer progress)
            throws InterruptedException {
        long start = System.nanoTime();
        List<EventPlan> pending = new ArrayList<>(plan.events());
        Map<RecordStatus, Long> counts = new EnumMap<>(RecordStatus.class);
        Map<ErrorClass, Long> deadByClass = new EnumMap<>(ErrorClass.class);
        long lastProgress = System.nanoTime();
        while (!pending.isEmpty() && System.nanoTime() - lastProgress < quiet.toNanos()) {
            int before = pending.size();
            pending.removeIf(event -> settled(store, event, counts, deadByClass));
            progress.accept(plan.events().size() - pending.size());
            if (pending.size() < before) {
                lastProgress = System.nanoTime();
            }
            if (!pending.isEmpty()) {
                Thread.sleep(POLL.toMillis()); // a poll of the store, bounded by quiet: nothing to wait on
            }
        }
        return new Settlement(
                counts.getOrDefault(RecordStatus.SUCCEEDED, 0L),
                counts.getOrDefault(RecordStatus.DEAD, 0L),
                counts.getOrDefault(RecordStatus.REJECTED, 0L),
                pending.size(),
                deadByClass,
                Duration.ofNanos(System.nanoTime() - start));
    }

    /** Whether the event's record is final; counts it if so. */
    private static boolean settled(
            IdempotencyStore store,
            EventPlan event,
            Map<RecordStatus, Long> counts,
            Map<ErrorClass, Long> deadByClass) {
        Optional<EventRecord> found = store.find(EventKey.of(event.endpoint().endpointName(), event.id()));
        if (found.isEmpty()) {
            return false;
        }
        EventRecord record = found.get();
        RecordStatus status = record.status();
        if (status != RecordStatus.SUCCEEDED && status != RecordStatus.DEAD && status != RecordStatus.REJECTED) {
            return false;
        }
        counts.merge(status, 1L, Long::sum);
        if (status == RecordStatus.DEAD && record.errorClass() != null) {
            deadByClass.merge(record.errorClass(), 1L, Long::sum);
        }
        return true;
    }

    /** The DEAD records of this class. */
    long dead(ErrorClass errorClass) {
        return deadByClass.getOrDefault(errorClass, 0L);
    }
}
