package dev.hookguard.spring.transaction;

import dev.hookguard.core.Completion;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.Failure;
import dev.hookguard.core.ForwardingRecoveryStore;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.StoreUnavailableException;
import dev.hookguard.core.UnrecordableVerdictException;
import dev.hookguard.core.WriteOutcome;
import dev.hookguard.jdbc.JdbcIdempotencyStore;
import java.sql.Connection;
import javax.sql.DataSource;
import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.CannotGetJdbcConnectionException;
import org.springframework.jdbc.datasource.DataSourceUtils;

/**
 * The JDBC store as the filter sees it in the transactional mode. Every operation is the store's own (claims, renewals
 * and failures on connections of their own, outside any transaction), except one: the {@code complete} of the event a
 * {@link TransactionalDelivery} on the current thread is about, which runs on Spring's transactional connection, so
 * that the SUCCEEDED (or REJECTED) record commits or rolls back with the handler's writes. A failure of that write is
 * an {@link UnrecordableVerdictException}: it is never retried outside the transaction, whose work is rolled back.
 * The due queue and the operator side are the JDBC store's own.
 */
final class TransactionalStore extends ForwardingRecoveryStore {

    private final JdbcIdempotencyStore store;
    private final DataSource dataSource;

    TransactionalStore(JdbcIdempotencyStore store, DataSource dataSource) {
        super(store);
        this.store = store;
        this.dataSource = dataSource;
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
        } catch (StoreUnavailableException e) {
            throw new UnrecordableVerdictException("the verdict could not be written in the handler's transaction", e);
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

    private static @Nullable TransactionalDelivery concerned(EventKey key) {
        TransactionalDelivery delivery = TransactionalDelivery.current();
        return delivery != null && delivery.concerns(key) ? delivery : null;
    }

    private Connection transactionalConnection() {
        try {
            return DataSourceUtils.getConnection(dataSource);
        } catch (CannotGetJdbcConnectionException e) {
            throw new UnrecordableVerdictException("cannot get the transaction's connection to complete the event", e);
        }
    }
}
