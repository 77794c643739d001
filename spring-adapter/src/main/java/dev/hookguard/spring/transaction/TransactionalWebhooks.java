package dev.hookguard.spring.transaction;

import dev.hookguard.jdbc.JdbcIdempotencyStore;
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
 */
public record TransactionalWebhooks(
        JdbcIdempotencyStore store, DataSource dataSource, PlatformTransactionManager transactionManager) {}
