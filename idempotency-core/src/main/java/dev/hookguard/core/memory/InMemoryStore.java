package dev.hookguard.core.memory;

import dev.hookguard.core.AdminOutcome;
import dev.hookguard.core.ClaimOutcome;
import dev.hookguard.core.Completion;
import dev.hookguard.core.DeadLetterPage;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.EventRecord;
import dev.hookguard.core.Failure;
import dev.hookguard.core.Fingerprint;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.IdempotencyStore;
import dev.hookguard.core.RecordStatus;
import dev.hookguard.core.WriteOutcome;
import java.time.Clock;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.UnaryOperator;
import org.jspecify.annotations.Nullable;

/**
 * An {@link IdempotencyStore} in a {@link ConcurrentHashMap}: every operation is one {@code compute} on the
 * event's entry, so it is atomic per key. Time comes from the injected {@link Clock}. Records past their
 * retention are treated as absent and dropped when next touched, or by {@link #purgeExpired()}.
 *
 * <p>Not shared between processes: use it for tests, demos and single-node services.
 */
public final class InMemoryStore implements IdempotencyStore {

    private final ConcurrentHashMap<EventKey, Entry> entries = new ConcurrentHashMap<>();
    private final Clock clock;

    /** A store on the system clock. */
    public InMemoryStore() {
        this(Clock.systemUTC());
    }

    /** A store whose leases and retention follow {@code clock}. */
    public InMemoryStore(Clock clock) {
        this.clock = clock;
    }

    @Override
    public ClaimOutcome claim(EventKey key, Fingerprint fingerprint, IdempotencyPolicy policy) {
        AtomicReference<ClaimOutcome> outcome = new AtomicReference<>();
        entries.compute(key, (k, current) -> {
            Instant now = clock.instant();
            Entry live = current == null || current.expired(now) ? null : current;
            if (live == null) {
                outcome.set(new ClaimOutcome.Acquired(1, 1));
                return Entry.created(k, fingerprint, now, policy);
            }
            EventRecord r = live.record();
            if (!r.fingerprint().equals(fingerprint)) {
                outcome.set(new ClaimOutcome.Mismatch());
                return live;
            }
            ClaimOutcome found = live.outcomeOfClaim(now);
            outcome.set(found);
            return found instanceof ClaimOutcome.Acquired ? live.reclaimed(now, policy) : live;
        });
        return outcome.get();
    }

    @Override
    public WriteOutcome renew(EventKey key, long token, IdempotencyPolicy policy) {
        return fenced(key, token, e -> e.renewed(clock.instant(), policy));
    }

    @Override
    public WriteOutcome complete(EventKey key, long token, Completion completion, IdempotencyPolicy policy) {
        return fenced(key, token, e -> e.completed(completion, clock.instant(), policy));
    }

    @Override
    public WriteOutcome fail(EventKey key, long token, Failure failure, IdempotencyPolicy policy) {
        return fenced(key, token, e -> e.failed(failure, clock.instant(), policy));
    }

    @Override
    public Optional<EventRecord> find(EventKey key) {
        Entry entry = entries.get(key);
        return entry == null || entry.expired(clock.instant()) ? Optional.empty() : Optional.of(entry.record());
    }

    @Override
    public DeadLetterPage deadLetters(String endpoint, @Nullable String cursor, int limit) {
        if (limit < 1) {
            throw new IllegalArgumentException("limit must be at least 1 but was " + limit);
        }
        Instant now = clock.instant();
        Comparator<EventRecord> order = Comparator.comparing(EventRecord::updatedAt)
                .thenComparing(r -> r.key().asString());
        List<EventRecord> after = entries.values().stream()
                .filter(e -> !e.expired(now) && e.record().status().isDeadLetter())
                .filter(e -> e.record().key().endpoint().equals(endpoint))
                .map(Entry::record)
                .filter(r -> cursor == null || Cursor.of(r).compareTo(cursor) > 0)
                .sorted(order)
                .limit(limit + 1L)
                .toList();
        if (after.size() <= limit) {
            return new DeadLetterPage(after, null);
        }
        List<EventRecord> page = after.subList(0, limit);
        return new DeadLetterPage(page, Cursor.of(page.get(limit - 1)));
    }

    @Override
    public AdminOutcome resolve(EventKey key, String note, IdempotencyPolicy policy) {
        return administer(key, e -> e.resolved(note, clock.instant(), policy));
    }

    @Override
    public AdminOutcome requeue(EventKey key, IdempotencyPolicy policy) {
        return administer(key, e -> e.requeued(clock.instant(), policy));
    }

    /** Drops every record past its retention; returns how many were dropped. */
    public int purgeExpired() {
        Instant now = clock.instant();
        int before = entries.size();
        entries.values().removeIf(e -> e.expired(now));
        return before - entries.size();
    }

    private WriteOutcome fenced(EventKey key, long token, UnaryOperator<Entry> change) {
        AtomicReference<WriteOutcome> outcome = new AtomicReference<>(new WriteOutcome.Stale());
        entries.computeIfPresent(key, (k, current) -> {
            EventRecord r = current.record();
            if (current.expired(clock.instant()) || r.token() != token || r.status() != RecordStatus.PROCESSING) {
                return current;
            }
            Entry next = change.apply(current);
            outcome.set(new WriteOutcome.Recorded(next.record().status()));
            return next;
        });
        return outcome.get();
    }

    private AdminOutcome administer(EventKey key, UnaryOperator<Entry> change) {
        AtomicReference<AdminOutcome> outcome = new AtomicReference<>(AdminOutcome.NOT_FOUND);
        entries.computeIfPresent(key, (k, current) -> {
            if (current.expired(clock.instant())) {
                return current;
            }
            if (!current.record().status().isDeadLetter()) {
                outcome.set(AdminOutcome.NOT_DEAD_LETTER);
                return current;
            }
            outcome.set(AdminOutcome.UPDATED);
            return change.apply(current);
        });
        return outcome.get();
    }

    /** Dead-letter cursors: the record's update time in epoch nanoseconds and its key, ordered as the list. */
    private static final class Cursor {
        static String of(EventRecord r) {
            long nanos = r.updatedAt().getEpochSecond() * 1_000_000_000L
                    + r.updatedAt().getNano();
            return String.format("%020d|%s", nanos, r.key().asString());
        }
    }
}
