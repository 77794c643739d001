package dev.hookguard.benchmarks.filter;

import dev.hookguard.core.ClaimOutcome;
import dev.hookguard.core.Completion;
import dev.hookguard.core.EnqueueOutcome;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.EventRecord;
import dev.hookguard.core.Failure;
import dev.hookguard.core.Fingerprint;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.Payload;
import dev.hookguard.core.QueueStats;
import dev.hookguard.core.RecoveryStore;
import dev.hookguard.core.WriteOutcome;
import dev.hookguard.core.memory.InMemoryStore;
import dev.hookguard.core.operator.AdminOutcome;
import dev.hookguard.core.operator.ListFilter;
import dev.hookguard.core.operator.OperatorAction;
import dev.hookguard.core.operator.RecordPage;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * The store of a benchmark's async endpoint: an {@link InMemoryStore} whose due queue can be held and which can be
 * swapped for an empty one. While paused, {@link #pick} reserves nothing, so the dispatcher finds no work and async
 * intake's records pile up; everything else goes to the current store unchanged. It lets the benchmark measure the
 * intake alone, drop that backlog ({@link #discard()}), then time the dispatcher's drain of a backlog of a fixed
 * size alone. The dispatcher still polls while paused (its polls cost what an idle dispatcher's cost).
 */
final class PausablePicks implements RecoveryStore {

    private volatile boolean paused;
    private volatile RecoveryStore delegate = new InMemoryStore();

    /** Over an empty in-memory store; paused or not. */
    PausablePicks(boolean paused) {
        this.paused = paused;
    }

    /** Lets picks through. */
    void resume() {
        paused = false;
    }

    /** Holds picks again. */
    void pause() {
        paused = true;
    }

    /** Drops every record: the next calls go to a new, empty in-memory store. */
    void discard() {
        delegate = new InMemoryStore();
    }

    @Override
    public ClaimOutcome claim(EventKey key, Fingerprint fingerprint, IdempotencyPolicy policy) {
        return delegate.claim(key, fingerprint, policy);
    }

    @Override
    public ClaimOutcome claim(
            EventKey key, Fingerprint fingerprint, @Nullable Payload payload, IdempotencyPolicy policy) {
        return delegate.claim(key, fingerprint, payload, policy);
    }

    @Override
    public void warmUp() {
        delegate.warmUp();
    }

    @Override
    public WriteOutcome renew(EventKey key, long token, IdempotencyPolicy policy) {
        return delegate.renew(key, token, policy);
    }

    @Override
    public WriteOutcome complete(EventKey key, long token, Completion completion, IdempotencyPolicy policy) {
        return delegate.complete(key, token, completion, policy);
    }

    @Override
    public WriteOutcome fail(EventKey key, long token, Failure failure, IdempotencyPolicy policy) {
        return delegate.fail(key, token, failure, policy);
    }

    @Override
    public Optional<EventRecord> find(EventKey key) {
        return delegate.find(key);
    }

    @Override
    public EnqueueOutcome enqueue(EventKey key, Fingerprint fingerprint, Payload payload, IdempotencyPolicy policy) {
        return delegate.enqueue(key, fingerprint, payload, policy);
    }

    @Override
    public List<EventRecord> pick(String endpoint, int limit, Duration window) {
        return paused ? List.of() : delegate.pick(endpoint, limit, window);
    }

    @Override
    public boolean schedule(EventKey key, Duration delay, IdempotencyPolicy policy) {
        return delegate.schedule(key, delay, policy);
    }

    @Override
    public QueueStats stats(String endpoint) {
        return delegate.stats(endpoint);
    }

    @Override
    public RecordPage list(ListFilter filter, @Nullable String cursor, int limit) {
        return delegate.list(filter, cursor, limit);
    }

    @Override
    public long count(ListFilter filter) {
        return delegate.count(filter);
    }

    @Override
    public long deadLetterCount(String endpoint) {
        return delegate.deadLetterCount(endpoint);
    }

    @Override
    public AdminOutcome replay(EventKey key, OperatorAction action, IdempotencyPolicy policy) {
        return delegate.replay(key, action, policy);
    }

    @Override
    public AdminOutcome requeue(EventKey key, OperatorAction action, IdempotencyPolicy policy) {
        return delegate.requeue(key, action, policy);
    }

    @Override
    public AdminOutcome resolve(EventKey key, OperatorAction action, IdempotencyPolicy policy) {
        return delegate.resolve(key, action, policy);
    }

    @Override
    public AdminOutcome skip(EventKey key, OperatorAction action, IdempotencyPolicy policy) {
        return delegate.skip(key, action, policy);
    }
}
