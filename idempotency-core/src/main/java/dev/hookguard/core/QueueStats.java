package dev.hookguard.core;

import java.time.Duration;
import org.jspecify.annotations.Nullable;

/**
 * The state of one endpoint's due queue, read cheaply (no payload) for gauges and for async intake's
 * queue limit.
 *
 * @param depth records in the due queue: QUEUED, and FAILED with a due time
 * @param dueNow those due at the store's now (including ones whose dispatch window has lapsed)
 * @param oldestDueAge how long the oldest due record has been due, or null when none is due
 */
public record QueueStats(long depth, long dueNow, @Nullable Duration oldestDueAge) {

    /** An empty queue. */
    public static final QueueStats EMPTY = new QueueStats(0, 0, null);
}
