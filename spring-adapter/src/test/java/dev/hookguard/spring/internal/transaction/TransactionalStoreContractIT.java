package dev.hookguard.spring.internal.transaction;

import dev.hookguard.core.RecoveryStore;
import dev.hookguard.jdbc.JdbcIdempotencyStore;
import dev.hookguard.jdbc.JdbcStoreConfig;
import dev.hookguard.testkit.StoreContractTest;
import java.time.Duration;
import java.util.UUID;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.BeforeAll;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;

/**
 * The transactional mode's decorator is a store like any other: {@link TransactionalStore} over the JDBC store
 * (H2 in memory, one database for the class) passes the whole store contract. For endpoints that are not
 * transactional every call is the JDBC store's own, so this checks that the decorator forwards every part of the SPI.
 */
class TransactionalStoreContractIT extends StoreContractTest {

    private static JdbcDataSource dataSource;
    private static TransactionalStore decorated;

    @BeforeAll
    static void openDatabase() {
        dataSource = new JdbcDataSource();
        dataSource.setURL(
                "jdbc:h2:mem:contract" + UUID.randomUUID().toString().replace("-", "") + ";DB_CLOSE_DELAY=-1");
        JdbcIdempotencyStore store = new JdbcIdempotencyStore(
                dataSource, JdbcStoreConfig.custom().createSchemaIfMissing(true).build());
        decorated = new TransactionalStore(
                store,
                dataSource,
                new DataSourceTransactionManager(dataSource),
                endpoint -> false,
                Duration.ofSeconds(1));
    }

    @Override
    protected RecoveryStore createStore() {
        return decorated;
    }
}
