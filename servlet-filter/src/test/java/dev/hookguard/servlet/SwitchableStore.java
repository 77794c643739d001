package dev.hookguard.servlet;

import dev.hookguard.core.ClaimOutcome;
import dev.hookguard.core.Completion;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.EventRecord;
import dev.hookguard.core.Failure;
import dev.hookguard.core.Fingerprint;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.IdempotencyStore;
import dev.hookguard.core.Payload;
import dev.hookguard.core.RecoveryStore;
import dev.hookguard.core.StoreUnavailableException;
import dev.hookguard.core.WriteOutcome;
import dev.hookguard.core.operator.ListFilter;
import dev.hookguard.core.operator.OperatorAction;
import dev.hookguard.core.operator.OperatorStore;
import dev.hookguard.core.operator.OperatorStore.AdminOutcome;
import dev.hookguard.core.operator.OperatorStore.AuditLine;
import dev.hookguard.core.operator.OperatorStore.AuditPage;
import dev.hookguard.core.operator.OperatorStore.AuditQuery;
import dev.hookguard.core.operator.OperatorStore.RecordPage;
import java.net.ConnectException;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * A real store behind a switch that simulates an outage: while it is down, every operation throws {@link
 * StoreUnavailableException}, as a store whose backend cannot be reached does. Reads for assertions ({@link
 * #find}) always reach the real store.
 */
final class SwitchableStore implements IdempotencyStore, OperatorStore {

    private final RecoveryStore store;
    private volatile boolean down;
    private volatile boolean renewalsFail;

    SwitchableStore(RecoveryStore store) {
        this.store = store;
    }

    void down(boolean down) {
        this.down = down;
    }

    /** While set, every lease renewal fails as in an outage, so that a running handler's lease lapses. */
    void renewalsFail(boolean renewalsFail) {
        this.renewalsFail = renewalsFail;
    }

    private void check() {
        if (down) {
            throw new StoreUnavailableException("simulated outage", new ConnectException("connection refused"));
        }
    }

    @Override
    public ClaimOutcome claim(EventKey key, Fingerprint fingerprint, IdempotencyPolicy policy) {
        check();
        return store.claim(key, fingerprint, policy);
    }

    @Override
    public ClaimOutcome claim(
            EventKey key, Fingerprint fingerprint, @Nullable Payload payload, IdempotencyPolicy policy) {
        check();
        return store.claim(key, fingerprint, payload, policy);
    }

    @Override
    public WriteOutcome renew(EventKey key, long token, IdempotencyPolicy policy) {
        check();
        if (renewalsFail) {
            throw new StoreUnavailableException("simulated renewal outage", new ConnectException("connection refused"));
        }
        return store.renew(key, token, policy);
    }

    @Override
    public WriteOutcome complete(EventKey key, long token, Completion completion, IdempotencyPolicy policy) {
        check();
        return store.complete(key, token, completion, policy);
    }

    @Override
    public WriteOutcome fail(EventKey key, long token, Failure failure, IdempotencyPolicy policy) {
        check();
        return store.fail(key, token, failure, policy);
    }

    @Override
    public Optional<EventRecord> find(EventKey key) {
        return store.find(key);
    }

    @Override
    public RecordPage list(ListFilter filter, @Nullable String cursor, int limit) {
        check();
        return store.list(filter, cursor, limit);
    }

    @Override
    public long count(ListFilter filter) {
        check();
        return store.count(filter);
    }

    @Override
    public long deadLetterCount(String endpoint) {
        check();
        return store.deadLetterCount(endpoint);
    }

    @Override
    public AdminOutcome replay(EventKey key, OperatorAction action, IdempotencyPolicy policy) {
        check();
        return store.replay(key, action, policy);
    }

    @Override
    public AdminOutcome requeue(EventKey key, OperatorAction action, IdempotencyPolicy policy) {
        check();
        return store.requeue(key, action, policy);
    }

    @Override
    public AdminOutcome resolve(EventKey key, OperatorAction action, IdempotencyPolicy policy) {
        check();
        return store.resolve(key, action, policy);
    }

    @Override
    public AdminOutcome skip(EventKey key, OperatorAction action, IdempotencyPolicy policy) {
        check();
        return store.skip(key, action, policy);
    }

    @Override
    public void appendAudit(AuditLine line, Duration keepFor) {
        check();
        store.appendAudit(line, keepFor);
    }

    @Override
    public AuditPage audit(AuditQuery query, @Nullable String cursor, int limit) {
        check();
        return store.audit(query, cursor, limit);
    }

    @Override
    public AdminOutcome purge(EventKey key, Instant updatedAt) {
        check();
        return store.purge(key, updatedAt);
    }
}
