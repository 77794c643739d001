package dev.hookguard.core.memory;

import dev.hookguard.core.ClaimOutcome;
import dev.hookguard.core.Completion;
import dev.hookguard.core.DueQueue.QueueStats;
import dev.hookguard.core.EnqueueOutcome;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.EventRecord;
import dev.hookguard.core.Failure;
import dev.hookguard.core.Fingerprint;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.Payload;
import dev.hookguard.core.RecordStatus;
import dev.hookguard.core.RecoveryStore;
import dev.hookguard.core.WriteOutcome;
import dev.hookguard.core.operator.EndpointControls.EndpointState;
import dev.hookguard.core.operator.ListFilter;
import dev.hookguard.core.operator.OperatorAction;
import dev.hookguard.core.operator.OperatorAction.AuditEntry;
import dev.hookguard.core.operator.OperatorStore.AdminOutcome;
import dev.hookguard.core.operator.OperatorStore.AuditLine;
import dev.hookguard.core.operator.OperatorStore.AuditPage;
import dev.hookguard.core.operator.OperatorStore.AuditQuery;
import dev.hookguard.core.operator.OperatorStore.RecordPage;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BiPredicate;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;

/**
 * A {@link RecoveryStore} in a {@link ConcurrentHashMap}: every operation on one record is one {@code
 * compute} on its entry, so it is atomic per key; picks are serialised with each other and each reserves a
 * record with a {@code compute}. Time comes from the injected {@link Clock}. Records past their retention
 * are treated as absent and dropped when next touched, by {@link #purgeExpired()}, and by the store itself:
 * every claim and enqueue also looks at the next {@value #SWEEP_STEP} records of a sweep that goes round the
 * whole map and drops those that expired, so memory follows the retention without a thread of its own, and no
 * single call pays for a full scan.
 *
 * <p>Picks and queue stats read a per-endpoint due index ordered by (due time, key), kept in step inside each
 * entry's {@code compute}: a pick costs O(log n + picked), queue stats O(queue depth). Listings and counts scan
 * every record (O(n)): not shared between processes and not sized for millions of records; use it for tests,
 * demos and single-node services.
 */
public final class InMemoryStore implements RecoveryStore {

    /** How many records each claim or enqueue sweeps: more than the one it may add, so the sweep keeps up. */
    static final int SWEEP_STEP = 2;

    private final ConcurrentHashMap<EventKey, Entry> entries = new ConcurrentHashMap<>();
    private final DueIndex due = new DueIndex();
    private final Object pickLock = new Object();
    private final ReentrantLock sweepLock = new ReentrantLock();
    private Iterator<Map.Entry<EventKey, Entry>> sweep = Collections.emptyIterator();
    private final ConcurrentHashMap<String, EndpointState> controls = new ConcurrentHashMap<>();
    private final Clock clock;
    private final AuditTrailLog audit;

    /** A store on the system clock. */
    public InMemoryStore() {
        this(Clock.systemUTC());
    }

    /** A store whose leases, due times and retention follow {@code clock}. */
    public InMemoryStore(Clock clock) {
        this.clock = clock;
        this.audit = new AuditTrailLog(clock);
    }

    @Override
    public ClaimOutcome claim(EventKey key, Fingerprint fingerprint, IdempotencyPolicy policy) {
        return claim(key, fingerprint, null, policy);
    }

    @Override
    public ClaimOutcome claim(
            EventKey key, Fingerprint fingerprint, @Nullable Payload payload, IdempotencyPolicy policy) {
        sweepStep();
        AtomicReference<ClaimOutcome> outcome = new AtomicReference<>();
        entries.compute(key, (k, current) -> {
            Instant now = clock.instant();
            if (current == null || current.expired(now)) {
                Entry created = Entry.created(k, fingerprint, payload, current, now, policy);
                outcome.set(new ClaimOutcome.Acquired(created.token(), 1));
                return tracked(current, created);
            }
            if (!current.hasFingerprint(fingerprint)) {
                outcome.set(new ClaimOutcome.Mismatch());
                return current;
            }
            ClaimOutcome found = current.outcomeOfClaim(now);
            outcome.set(found);
            return found instanceof ClaimOutcome.Acquired acquired
                    ? tracked(current, current.reclaimed(acquired, payload, now, policy))
                    : current;
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
    public EnqueueOutcome enqueue(EventKey key, Fingerprint fingerprint, Payload payload, IdempotencyPolicy policy) {
        sweepStep();
        AtomicReference<EnqueueOutcome> outcome = new AtomicReference<>();
        entries.compute(key, (k, current) -> {
            Instant now = clock.instant();
            if (current == null || current.expired(now)) {
                outcome.set(new EnqueueOutcome.Queued());
                return tracked(current, Entry.queued(k, fingerprint, payload, current, now, policy));
            }
            boolean same = current.hasFingerprint(fingerprint);
            outcome.set(same ? current.outcomeOfEnqueue() : new EnqueueOutcome.Mismatch());
            return current;
        });
        return outcome.get();
    }

    @Override
    public List<EventRecord> pick(String endpoint, int limit, Duration window) {
        requireLimit(limit);
        if (window.compareTo(Duration.ofMillis(1)) < 0) {
            throw new IllegalArgumentException("window must be at least 1 ms but was " + window);
        }
        synchronized (pickLock) {
            Instant now = clock.instant();
            List<EventRecord> picked = new ArrayList<>(Math.min(limit, 64));
            for (DueIndex.Due candidate : due.queue(endpoint)) {
                if (picked.size() >= limit || candidate.at().isAfter(now)) {
                    break;
                }
                reserve(candidate, now, window).ifPresent(picked::add);
            }
            return picked;
        }
    }

    @Override
    public boolean schedule(EventKey key, Duration delay, IdempotencyPolicy policy) {
        if (delay.isNegative()) {
            throw new IllegalArgumentException("delay must not be negative but was " + delay);
        }
        AtomicReference<Boolean> done = new AtomicReference<>(false);
        entries.computeIfPresent(key, (k, current) -> {
            Instant now = clock.instant();
            if (current.expired(now) || !schedulable(current.record(), now)) {
                return current;
            }
            done.set(true);
            return tracked(current, current.scheduled(delay, now, policy));
        });
        return done.get();
    }

    @Override
    public int release(List<EventRecord> picked) {
        int released = 0;
        for (EventRecord record : picked) {
            Instant reserved = record.nextAttemptAt();
            AtomicReference<Boolean> done = new AtomicReference<>(false);
            entries.computeIfPresent(record.key(), (k, current) -> {
                Instant now = clock.instant();
                EventRecord held = current.record();
                boolean holds = reserved != null
                        && reserved.equals(held.nextAttemptAt())
                        && (held.status() == RecordStatus.QUEUED || held.status() == RecordStatus.FAILED);
                if (current.expired(now) || !holds || !reserved.isAfter(now)) {
                    return current;
                }
                done.set(true);
                return tracked(current, current.released(now));
            });
            released += done.get() ? 1 : 0;
        }
        return released;
    }

    @Override
    public QueueStats stats(String endpoint) {
        Instant now = clock.instant();
        long depth = 0;
        long dueNow = 0;
        Instant oldest = null;
        for (EventKey key : due.keys(endpoint)) {
            // each record with a due time, at the due time readers see: a record being moved (a pick, a schedule)
            // keeps its key in the index throughout, whatever its places in the queue are meanwhile
            Entry entry = entries.get(key);
            Instant at = entry == null || entry.expired(now) ? null : entry.nextAttemptAt();
            if (at == null) {
                continue;
            }
            depth++;
            if (!at.isAfter(now)) {
                dueNow++;
                if (oldest == null || at.isBefore(oldest)) {
                    oldest = at;
                }
            }
        }
        return new QueueStats(depth, dueNow, oldest == null ? null : Duration.between(oldest, now));
    }

    @Override
    public RecordPage list(ListFilter filter, @Nullable String cursor, int limit) {
        requireLimit(limit);
        @Nullable String after = cursor == null ? null : ListCursor.check(cursor);
        Instant now = clock.instant();
        List<EventRecord> page = live(now)
                .filter(r -> filter.matches(r, now))
                .filter(r -> after == null || ListCursor.of(r).compareTo(after) > 0)
                .sorted(ListCursor.ORDER)
                .limit(limit + 1L)
                .toList();
        if (page.size() <= limit) {
            return new RecordPage(page, null);
        }
        List<EventRecord> records = page.subList(0, limit);
        return new RecordPage(records, ListCursor.of(records.get(limit - 1)));
    }

    @Override
    public long count(ListFilter filter) {
        Instant now = clock.instant();
        return live(now).filter(r -> filter.matches(r, now)).count();
    }

    @Override
    public long deadLetterCount(String endpoint) {
        return count(ListFilter.deadLetters(endpoint));
    }

    @Override
    public AdminOutcome replay(EventKey key, OperatorAction action, IdempotencyPolicy policy) {
        return administer(
                key,
                (r, now) -> isOpen(r) && r.payload() != null,
                (e, now) -> e.replayed(action, AuditEntry.REPLAY, now, policy));
    }

    @Override
    public AdminOutcome requeue(EventKey key, OperatorAction action, IdempotencyPolicy policy) {
        return administer(
                key,
                (r, now) -> r.status().isDeadLetter(),
                (e, now) -> e.requeued(action, AuditEntry.REQUEUE, now, policy));
    }

    @Override
    public AdminOutcome resolve(EventKey key, OperatorAction action, IdempotencyPolicy policy) {
        action.requireNote(AuditEntry.RESOLVE);
        return administer(
                key, InMemoryStore::isSettleable, (e, now) -> e.settled(action, AuditEntry.RESOLVE, now, policy));
    }

    @Override
    public AdminOutcome skip(EventKey key, OperatorAction action, IdempotencyPolicy policy) {
        return administer(
                key, InMemoryStore::isSettleable, (e, now) -> e.settled(action, AuditEntry.SKIP, now, policy));
    }

    @Override
    public AdminOutcome purge(EventKey key, Instant updatedAt) {
        AtomicReference<AdminOutcome> outcome = new AtomicReference<>(AdminOutcome.NOT_FOUND);
        entries.computeIfPresent(key, (k, current) -> {
            if (current.expired(clock.instant())) {
                return current;
            }
            EventRecord r = current.record();
            if (!r.status().isDeadLetter() || !r.updatedAt().equals(updatedAt)) {
                outcome.set(AdminOutcome.WRONG_STATE);
                return current;
            }
            due.moved(current, null);
            outcome.set(AdminOutcome.UPDATED);
            return null;
        });
        return outcome.get();
    }

    @Override
    public void appendAudit(AuditLine line, Duration keepFor) {
        audit.append(line, keepFor);
    }

    @Override
    public AuditPage audit(AuditQuery query, @Nullable String cursor, int limit) {
        return audit.read(query, cursor, limit);
    }

    @Override
    public EndpointState pause(String endpoint, OperatorAction action) {
        return control(endpoint, true, action, AuditEntry.PAUSE);
    }

    @Override
    public EndpointState resume(String endpoint, OperatorAction action) {
        return control(endpoint, false, action, AuditEntry.RESUME);
    }

    @Override
    public EndpointState controls(String endpoint) {
        return controls.getOrDefault(endpoint, EndpointState.running(endpoint));
    }

    private EndpointState control(String endpoint, boolean paused, OperatorAction action, String name) {
        EndpointState state = new EndpointState(endpoint, paused, action.entry(clock.instant(), name));
        controls.put(endpoint, state);
        return state;
    }

    /** Drops every record past its retention; returns how many were dropped. */
    public int purgeExpired() {
        Instant now = clock.instant();
        int dropped = 0;
        for (Map.Entry<EventKey, Entry> entry : entries.entrySet()) {
            if (entry.getValue().expired(now) && drop(entry.getKey(), entry.getValue())) {
                dropped++;
            }
        }
        return dropped;
    }

    /**
     * Advances the sweep by {@link #SWEEP_STEP} records, dropping each that expired (only if it is still the same
     * entry, so a record claimed again meanwhile stays); skipped when another thread is sweeping.
     */
    private void sweepStep() {
        if (!sweepLock.tryLock()) {
            return;
        }
        try {
            Instant now = clock.instant();
            for (int i = 0; i < SWEEP_STEP; i++) {
                if (!sweep.hasNext()) {
                    sweep = entries.entrySet().iterator();
                    if (!sweep.hasNext()) {
                        return;
                    }
                }
                Map.Entry<EventKey, Entry> next = sweep.next();
                if (next.getValue().expired(now)) {
                    drop(next.getKey(), next.getValue());
                }
            }
        } finally {
            sweepLock.unlock();
        }
    }

    /** How many records the map holds, expired or not: for tests of the sweep. */
    int size() {
        return entries.size();
    }

    private Stream<EventRecord> live(Instant now) {
        return entries.values().stream().filter(e -> !e.expired(now)).map(Entry::record);
    }

    /** Reserves the record of {@code place} if it is still there and due; drops a place that is out of step. */
    private Optional<EventRecord> reserve(DueIndex.Due place, Instant now, Duration window) {
        AtomicReference<EventRecord> reserved = new AtomicReference<>();
        Entry after = entries.computeIfPresent(place.key(), (k, current) -> {
            if (current.expired(now)) {
                due.moved(current, null);
                return null; // dropped when touched, as everywhere
            }
            if (!isDue(current.record(), now)
                    || !place.at().equals(current.record().nextAttemptAt())) {
                return current;
            }
            Entry picked = tracked(current, current.picked(now, window));
            reserved.set(picked.record());
            return picked;
        });
        if (after == null || !place.at().equals(after.record().nextAttemptAt())) {
            due.drop(place); // the record left (or moved in) the queue without this place: a safety net
        }
        return Optional.ofNullable(reserved.get());
    }

    /** Drops {@code entry} of {@code key} if it is still the current one, with its place in the due queue. */
    private boolean drop(EventKey key, Entry entry) {
        AtomicReference<Boolean> dropped = new AtomicReference<>(false);
        entries.computeIfPresent(key, (k, current) -> {
            if (current != entry) {
                return current;
            }
            due.moved(current, null);
            dropped.set(true);
            return null;
        });
        return dropped.get();
    }

    /** {@code after}, with the due queue moved from {@code before}'s due time to its own. */
    private Entry tracked(@Nullable Entry before, Entry after) {
        due.moved(before, after);
        return after;
    }

    private WriteOutcome fenced(EventKey key, long token, UnaryOperator<Entry> change) {
        AtomicReference<WriteOutcome> outcome = new AtomicReference<>(new WriteOutcome.Stale());
        entries.computeIfPresent(key, (k, current) -> {
            if (current.expired(clock.instant())
                    || current.token() != token
                    || current.status() != RecordStatus.PROCESSING) {
                return current;
            }
            Entry next = tracked(current, change.apply(current));
            outcome.set(new WriteOutcome.Recorded(next.status()));
            return next;
        });
        return outcome.get();
    }

    private AdminOutcome administer(EventKey key, BiPredicate<EventRecord, Instant> applies, Transition change) {
        AtomicReference<AdminOutcome> outcome = new AtomicReference<>(AdminOutcome.NOT_FOUND);
        entries.computeIfPresent(key, (k, current) -> {
            Instant now = clock.instant();
            if (current.expired(now)) {
                return current;
            }
            if (!applies.test(current.record(), now)) {
                outcome.set(AdminOutcome.WRONG_STATE);
                return current;
            }
            outcome.set(AdminOutcome.UPDATED);
            return tracked(current, change.apply(current, now));
        });
        return outcome.get();
    }

    private static boolean isDue(EventRecord r, Instant now) {
        return r.nextAttemptAt() != null
                && !r.nextAttemptAt().isAfter(now)
                && (r.status() == RecordStatus.QUEUED || r.status() == RecordStatus.FAILED);
    }

    private static boolean schedulable(EventRecord r, Instant now) {
        return (r.status() == RecordStatus.FAILED || lapsed(r, now)) && r.payload() != null;
    }

    /** PROCESSING past its lease: its worker is presumed dead. */
    private static boolean lapsed(EventRecord r, Instant now) {
        return r.status() == RecordStatus.PROCESSING && r.leaseUntil() != null && !now.isBefore(r.leaseUntil());
    }

    /** What resolve and skip accept: an open record, or a stalled one (PROCESSING past its lease). */
    private static boolean isSettleable(EventRecord r, Instant now) {
        return isOpen(r) || lapsed(r, now);
    }

    /** DEAD, REJECTED or FAILED: the records an operator may replay, resolve or skip. */
    private static boolean isOpen(EventRecord r) {
        return r.status().isDeadLetter() || r.status() == RecordStatus.FAILED;
    }

    private static void requireLimit(int limit) {
        if (limit < 1) {
            throw new IllegalArgumentException("limit must be at least 1 but was " + limit);
        }
    }

    /** One operator transition of an entry at the store's now. */
    @FunctionalInterface
    private interface Transition {
        Entry apply(Entry entry, Instant now);
    }
}
