package dev.hookguard.core;

import java.time.Duration;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The due queue of the storage SPI (DESIGN.md §8): records the receiver itself will redeliver, each with a
 * due time ({@link EventRecord#nextAttemptAt()}). QUEUED records and FAILED records with a receiver retry
 * are in it; nothing else is. It lives in the store, so any number of nodes share it; each method is one
 * atomic operation of the backend, judged by the store's clock.
 */
public interface DueQueue {

    /**
     * Accepts an event for later handling (async intake): creates it QUEUED with its payload, due now and
     * kept for {@code policy.retention()}, or reports what already holds the key. One atomic operation.
     *
     * @param key the event
     * @param fingerprint the delivery's fingerprint; a different one on an existing record is a mismatch
     * @param payload the delivery, kept so a dispatch can redeliver it
     * @param policy gives the retention
     */
    EnqueueOutcome enqueue(EventKey key, Fingerprint fingerprint, Payload payload, IdempotencyPolicy policy);

    /**
     * Reserves up to {@code limit} of the endpoint's records that are due at the store's now, in due order
     * (oldest due time first, then key), and returns them with their payloads. One atomic operation: each
     * reserved record's due time is pushed to now + {@code window} (its expiry moves forward as much), so
     * concurrent pickers get disjoint records and a picker that dies lets them come due again when the window
     * ends. The records returned carry the pushed due time. Entries of records that are gone or no longer
     * in the queue are dropped on the way.
     *
     * @param endpoint the endpoint whose due records to pick
     * @param limit the most records to reserve, at least 1
     * @param window how long the records stay reserved, at least 1 ms
     */
    List<EventRecord> pick(String endpoint, int limit, Duration window);

    /**
     * Puts a record in the due queue at the store's now + {@code delay} (the sweeper): a FAILED record, or a
     * PROCESSING record past its lease, which then becomes FAILED with error class {@link
     * ErrorClass#UNRECORDED} (its worker is presumed dead; a late write with the old token is stale). The
     * record is kept at least until its due time plus {@code policy.retention()}.
     *
     * @return false, changing nothing, when the record is missing, in any other state, or keeps no payload
     *     to redeliver
     */
    boolean schedule(EventKey key, Duration delay, IdempotencyPolicy policy);

    /**
     * Hands back records this picker reserved with {@link #pick} and will not dispatch (its node is shutting down):
     * each one that still holds that pick's reservation (due at the {@link EventRecord#nextAttemptAt()} of the record
     * {@code pick} returned, QUEUED or FAILED) is made due at the store's now, so another picker takes it at once
     * instead of when the window ends. A record that changed since (claimed, settled, picked again) is left alone,
     * so handing back a record that was dispatched after all is harmless. Atomic per record.
     *
     * @param picked records as {@link #pick} returned them
     * @return how many were handed back
     */
    int release(List<EventRecord> picked);

    /** The endpoint's due queue at the store's now; cheap (no payload read, O(1) or O(log n)). */
    QueueStats stats(String endpoint);

    /**
     * Called once at start-up for each endpoint in async intake, whose 202 is the only promise its sender gets: a
     * store that would lose the endpoint's queued events without a trace when its server restarts (no persistence,
     * no replica waited for) throws {@link IllegalStateException} in one sentence naming the endpoint and the ways
     * out. The default accepts.
     */
    default void requireDurableQueue(String endpoint) {}

    /**
     * The state of one endpoint's due queue, read cheaply (no payload) for gauges and for async intake's
     * queue limit.
     *
     * @param depth records in the due queue: QUEUED, and FAILED with a due time
     * @param dueNow those due at the store's now (including ones whose dispatch window has lapsed)
     * @param oldestDueAge how long the oldest due record has been due, or null when none is due
     */
    public record QueueStats(
            long depth, long dueNow, @Nullable Duration oldestDueAge) {

        /** An empty queue. */
        public static final QueueStats EMPTY = new QueueStats(0, 0, null);
    }
}
