package dev.hookguard.core;

import dev.hookguard.core.DueQueue.QueueStats;
import dev.hookguard.core.operator.EndpointControls.EndpointState;
import dev.hookguard.core.operator.ListFilter;
import dev.hookguard.core.operator.OperatorAction;
import dev.hookguard.core.operator.OperatorStore.AdminOutcome;
import dev.hookguard.core.operator.OperatorStore.AuditLine;
import dev.hookguard.core.operator.OperatorStore.AuditPage;
import dev.hookguard.core.operator.OperatorStore.AuditQuery;
import dev.hookguard.core.operator.OperatorStore.RecordPage;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * A {@link RecoveryStore} that passes every call to another one. Decorators (a dead-letter sink, a transactional
 * mode, a test that watches or disturbs one call) extend it and override only the calls they change, so a new SPI
 * method is forwarded in one place. A decorator whose target changes (one that can be swapped) overrides {@link
 * #delegate()}: every call goes through it.
 */
public class ForwardingRecoveryStore implements RecoveryStore {

    private final RecoveryStore delegate;

    /** Forwards every call to {@code delegate}. */
    public ForwardingRecoveryStore(RecoveryStore delegate) {
        this.delegate = delegate;
    }

    /** The store every call is forwarded to: the one given to the constructor, unless a subclass decides. */
    protected RecoveryStore delegate() {
        return delegate;
    }

    @Override
    public ClaimOutcome claim(EventKey key, Fingerprint fingerprint, IdempotencyPolicy policy) {
        return delegate().claim(key, fingerprint, policy);
    }

    @Override
    public ClaimOutcome claim(
            EventKey key, Fingerprint fingerprint, @Nullable Payload payload, IdempotencyPolicy policy) {
        return delegate().claim(key, fingerprint, payload, policy);
    }

    @Override
    public void warmUp() {
        delegate().warmUp();
    }

    @Override
    public void requireDurableQueue(String endpoint) {
        delegate().requireDurableQueue(endpoint);
    }

    @Override
    public WriteOutcome renew(EventKey key, long token, IdempotencyPolicy policy) {
        return delegate().renew(key, token, policy);
    }

    @Override
    public WriteOutcome complete(EventKey key, long token, Completion completion, IdempotencyPolicy policy) {
        return delegate().complete(key, token, completion, policy);
    }

    @Override
    public WriteOutcome fail(EventKey key, long token, Failure failure, IdempotencyPolicy policy) {
        return delegate().fail(key, token, failure, policy);
    }

    @Override
    public Optional<EventRecord> find(EventKey key) {
        return delegate().find(key);
    }

    @Override
    public EnqueueOutcome enqueue(EventKey key, Fingerprint fingerprint, Payload payload, IdempotencyPolicy policy) {
        return delegate().enqueue(key, fingerprint, payload, policy);
    }

    @Override
    public List<EventRecord> pick(String endpoint, int limit, Duration window) {
        return delegate().pick(endpoint, limit, window);
    }

    @Override
    public boolean schedule(EventKey key, Duration delay, IdempotencyPolicy policy) {
        return delegate().schedule(key, delay, policy);
    }

    @Override
    public int release(List<EventRecord> picked) {
        return delegate().release(picked);
    }

    @Override
    public QueueStats stats(String endpoint) {
        return delegate().stats(endpoint);
    }

    @Override
    public RecordPage list(ListFilter filter, @Nullable String cursor, int limit) {
        return delegate().list(filter, cursor, limit);
    }

    @Override
    public long count(ListFilter filter) {
        return delegate().count(filter);
    }

    @Override
    public long deadLetterCount(String endpoint) {
        return delegate().deadLetterCount(endpoint);
    }

    @Override
    public AdminOutcome replay(EventKey key, OperatorAction action, IdempotencyPolicy policy) {
        return delegate().replay(key, action, policy);
    }

    @Override
    public AdminOutcome requeue(EventKey key, OperatorAction action, IdempotencyPolicy policy) {
        return delegate().requeue(key, action, policy);
    }

    @Override
    public AdminOutcome resolve(EventKey key, OperatorAction action, IdempotencyPolicy policy) {
        return delegate().resolve(key, action, policy);
    }

    @Override
    public AdminOutcome skip(EventKey key, OperatorAction action, IdempotencyPolicy policy) {
        return delegate().skip(key, action, policy);
    }

    @Override
    public AdminOutcome purge(EventKey key, Instant updatedAt) {
        return delegate().purge(key, updatedAt);
    }

    @Override
    public void appendAudit(AuditLine line, Duration keepFor) {
        delegate().appendAudit(line, keepFor);
    }

    @Override
    public AuditPage audit(AuditQuery query, @Nullable String cursor, int limit) {
        return delegate().audit(query, cursor, limit);
    }

    @Override
    public EndpointState pause(String endpoint, OperatorAction action) {
        return delegate().pause(endpoint, action);
    }

    @Override
    public EndpointState resume(String endpoint, OperatorAction action) {
        return delegate().resume(endpoint, action);
    }

    @Override
    public EndpointState controls(String endpoint) {
        return delegate().controls(endpoint);
    }
}
