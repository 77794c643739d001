package dev.hookguard.spring.transaction;

import dev.hookguard.core.AdminOutcome;
import dev.hookguard.core.ClaimOutcome;
import dev.hookguard.core.Completion;
import dev.hookguard.core.EnqueueOutcome;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.EventRecord;
import dev.hookguard.core.Failure;
import dev.hookguard.core.Fingerprint;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.ListFilter;
import dev.hookguard.core.OperatorAction;
import dev.hookguard.core.Payload;
import dev.hookguard.core.QueueStats;
import dev.hookguard.core.RecordPage;
import dev.hookguard.core.RecoveryStore;
import dev.hookguard.core.StoreUnavailableException;
import dev.hookguard.core.WriteOutcome;
import dev.hookguard.jdbc.JdbcIdempotencyStore;
import java.sql.Connection;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import javax.sql.DataSource;
import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.CannotGetJdbcConnectionException;
import org.springframework.jdbc.datasource.DataSourceUtils;

/**
 * The JDBC store as the filter sees it in the transactional mode. Every operation is the store's own (claims, renewals
 * and failures on connections of their own, outside any transaction), except one: the {@code complete} of the event a
 * {@link TransactionalDelivery} on the current thread is about, which runs on Spring's transactional connection, so
 * that the SUCCEEDED (or REJECTED) record commits or rolls back with the handler's writes. The due queue and the
 * operator side are the JDBC store's own.
 */
final class TransactionalStore implements RecoveryStore {

    private final JdbcIdempotencyStore store;
    private final DataSource dataSource;

    TransactionalStore(JdbcIdempotencyStore store, DataSource dataSource) {
        this.store = store;
        this.dataSource = dataSource;
    }

    @Override
    public ClaimOutcome claim(EventKey key, Fingerprint fingerprint, IdempotencyPolicy policy) {
        TransactionalDelivery delivery = concerned(key);
        try {
            ClaimOutcome outcome = store.claim(key, fingerprint, policy);
            if (delivery != null) {
                delivery.claimed(outcome);
            }
            return outcome;
        } catch (StoreUnavailableException e) {
            if (delivery != null) {
                delivery.claimUnavailable();
            }
            throw e;
        }
    }

    @Override
    public WriteOutcome renew(EventKey key, long token, IdempotencyPolicy policy) {
        return store.renew(key, token, policy);
    }

    @Override
    public WriteOutcome complete(EventKey key, long token, Completion completion, IdempotencyPolicy policy) {
        TransactionalDelivery delivery = concerned(key);
        if (delivery == null) {
            return store.complete(key, token, completion, policy);
        }
        Connection connection = transactionalConnection();
        try {
            WriteOutcome outcome = store.complete(connection, key, token, completion, policy);
            delivery.completed(outcome);
            return outcome;
        } finally {
            DataSourceUtils.releaseConnection(connection, dataSource);
        }
    }

    @Override
    public WriteOutcome fail(EventKey key, long token, Failure failure, IdempotencyPolicy policy) {
        WriteOutcome outcome = store.fail(key, token, failure, policy);
        TransactionalDelivery delivery = concerned(key);
        if (delivery != null) {
            delivery.failed(outcome);
        }
        return outcome;
    }

    @Override
    public Optional<EventRecord> find(EventKey key) {
        return store.find(key);
    }

    @Override
    public EnqueueOutcome enqueue(EventKey key, Fingerprint fingerprint, Payload payload, IdempotencyPolicy policy) {
        return store.enqueue(key, fingerprint, payload, policy);
    }

    @Override
    public List<EventRecord> pick(String endpoint, int limit, Duration window) {
        return store.pick(endpoint, limit, window);
    }

    @Override
    public boolean schedule(EventKey key, Duration delay, IdempotencyPolicy policy) {
        return store.schedule(key, delay, policy);
    }

    @Override
    public QueueStats stats(String endpoint) {
        return store.stats(endpoint);
    }

    @Override
    public RecordPage list(ListFilter filter, @Nullable String cursor, int limit) {
        return store.list(filter, cursor, limit);
    }

    @Override
    public long count(ListFilter filter) {
        return store.count(filter);
    }

    @Override
    public long deadLetterCount(String endpoint) {
        return store.deadLetterCount(endpoint);
    }

    @Override
    public AdminOutcome replay(EventKey key, OperatorAction action, IdempotencyPolicy policy) {
        return store.replay(key, action, policy);
    }

    @Override
    public AdminOutcome requeue(EventKey key, OperatorAction action, IdempotencyPolicy policy) {
        return store.requeue(key, action, policy);
    }

    @Override
    public AdminOutcome resolve(EventKey key, OperatorAction action, IdempotencyPolicy policy) {
        return store.resolve(key, action, policy);
    }

    @Override
    public AdminOutcome skip(EventKey key, OperatorAction action, IdempotencyPolicy policy) {
        return store.skip(key, action, policy);
    }

    private static @Nullable TransactionalDelivery concerned(EventKey key) {
        TransactionalDelivery delivery = TransactionalDelivery.current();
        return delivery != null && delivery.concerns(key) ? delivery : null;
    }

    private Connection transactionalConnection() {
        try {
            return DataSourceUtils.getConnection(dataSource);
        } catch (CannotGetJdbcConnectionException e) {
            throw new StoreUnavailableException("cannot get the transaction's connection to complete the event", e);
        }
    }
}
