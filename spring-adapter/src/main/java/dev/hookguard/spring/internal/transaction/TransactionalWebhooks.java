package dev.hookguard.spring.internal.transaction;

import dev.hookguard.jdbc.JdbcIdempotencyStore;
import dev.hookguard.jdbc.JdbcIdempotentExecutor;
import java.time.Duration;
import javax.sql.DataSource;
import org.springframework.transaction.PlatformTransactionManager;

/**
 * What the transactional mode needs: the JDBC store (which must be the application's {@code IdempotencyStore}), the
 * {@code DataSource} it and the handlers write to, and the transaction manager of that {@code DataSource} (a {@code
 * DataSourceTransactionManager}, {@code JdbcTransactionManager} or {@code JpaTransactionManager}). Spring Boot
 * declares it when it configures the JDBC store and finds a transaction manager; declare it yourself otherwise.
 *
 * @param store the JDBC store
 * @param dataSource the store's data source: the pool itself, as the store needs it
 * @param transactionManager the transaction manager of that data source
 * @param lockWait how long a concurrent duplicate of an event waits for the holder's row lock before it is answered
 *     409 with {@code Retry-After} (PostgreSQL: to the millisecond; MariaDB: whole seconds, at least one)
 */
public record TransactionalWebhooks(
        JdbcIdempotencyStore store,
        DataSource dataSource,
        PlatformTransactionManager transactionManager,
        Duration lockWait) {

    /** Checks the lock wait. */
    public TransactionalWebhooks {
        if (lockWait == null || lockWait.isNegative() || lockWait.isZero()) {
            throw new IllegalArgumentException("lockWait must be positive but was " + lockWait);
        }
    }

    /** With {@link JdbcIdempotentExecutor#DEFAULT_LOCK_WAIT} (500 ms). */
    public TransactionalWebhooks(
            JdbcIdempotencyStore store, DataSource dataSource, PlatformTransactionManager transactionManager) {
        this(store, dataSource, transactionManager, JdbcIdempotentExecutor.DEFAULT_LOCK_WAIT);
    }
}
