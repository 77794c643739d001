package dev.hookguard.core.memory;

import dev.hookguard.core.EventKey;
import java.time.Instant;
import java.util.Comparator;
import java.util.NavigableSet;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListSet;
import org.jspecify.annotations.Nullable;

/**
 * The due queue of an {@link InMemoryStore}: per endpoint, every record with a due time ({@code nextAttemptAt}),
 * ordered by due time then key, so a pick reads the first due records instead of sorting every record. The store
 * keeps it in step inside the {@code compute} that changes an entry ({@link #moved}), so changes of one key are
 * serialised; changes of different keys run concurrently. Thread-safe.
 */
final class DueIndex {

    /** One record's place in the queue. */
    record Due(Instant at, String id, EventKey key) {}

    private static final Comparator<Due> ORDER = Comparator.comparing(Due::at).thenComparing(Due::id);

    private final ConcurrentHashMap<String, NavigableSet<Due>> queues = new ConcurrentHashMap<>();

    /**
     * Per endpoint, the keys of the records with a due time: a record that moves keeps its key here throughout, where
     * a reader walking {@link #queue} (weakly consistent) may pass its new place before it is added and reach its
     * old one after it is removed.
     */
    private final ConcurrentHashMap<String, Set<EventKey>> keys = new ConcurrentHashMap<>();

    /** Moves a record from where {@code before} had it to where {@code after} has it; either may be null. */
    void moved(@Nullable Entry before, @Nullable Entry after) {
        Instant from = before == null ? null : before.nextAttemptAt();
        Instant to = after == null ? null : after.nextAttemptAt();
        if (from != null && from.equals(to)) {
            return;
        }
        if (to != null) {
            EventKey key = after.key();
            keys.computeIfAbsent(key.endpoint(), e -> ConcurrentHashMap.newKeySet())
                    .add(key);
            queues.computeIfAbsent(key.endpoint(), e -> new ConcurrentSkipListSet<>(ORDER))
                    .add(new Due(to, key.asString(), key));
        }
        if (from != null) {
            EventKey key = before.key();
            NavigableSet<Due> queue = queues.get(key.endpoint());
            if (queue != null) {
                queue.remove(new Due(from, key.asString(), key));
            }
            if (to == null) {
                Set<EventKey> due = keys.get(key.endpoint());
                if (due != null) {
                    due.remove(key);
                }
            }
        }
    }

    /** The endpoint's queue in due order (a weakly consistent view); empty when it never had one. */
    Set<Due> queue(String endpoint) {
        NavigableSet<Due> queue = queues.get(endpoint);
        return queue == null ? Set.of() : queue;
    }

    /** The keys of the endpoint's records with a due time (a weakly consistent view); empty when it never had one. */
    Set<EventKey> keys(String endpoint) {
        Set<EventKey> due = keys.get(endpoint);
        return due == null ? Set.of() : due;
    }

    /** Drops a place that no longer matches its record (a safety net; {@link #moved} keeps them in step). */
    void drop(Due due) {
        NavigableSet<Due> queue = queues.get(due.key().endpoint());
        if (queue != null) {
            queue.remove(due);
        }
    }
}
