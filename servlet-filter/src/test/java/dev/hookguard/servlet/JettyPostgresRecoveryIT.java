package dev.hookguard.servlet;

import com.zaxxer.hikari.HikariDataSource;
import dev.hookguard.core.RecoveryStore;
import dev.hookguard.jdbc.JdbcDialect;
import dev.hookguard.jdbc.JdbcIdempotencyStore;
import dev.hookguard.jdbc.JdbcSchema;
import dev.hookguard.jdbc.JdbcStoreConfig;
import dev.hookguard.testkit.TestServices;
import java.util.UUID;

/** The recovery tests in embedded Jetty 12 (ee10) on the JDBC store, on PostgreSQL, in a table of their own. */
class JettyPostgresRecoveryIT extends AbstractRecoveryIT {

    private final String table =
            "hookguard_recovery_it_" + UUID.randomUUID().toString().substring(0, 8);
    private HikariDataSource dataSource;

    @Override
    protected ServletContainer.Factory containers() {
        return JettyContainer::start;
    }

    @Override
    protected RecoveryStore createStore() {
        TestServices.Database db = TestServices.postgres();
        dataSource = new HikariDataSource();
        dataSource.setJdbcUrl(db.url());
        dataSource.setUsername(db.user());
        dataSource.setPassword(db.password());
        dataSource.setMaximumPoolSize(16);
        return new JdbcIdempotencyStore(
                dataSource,
                JdbcStoreConfig.custom()
                        .tableName(table)
                        .createSchemaIfMissing(true)
                        .build());
    }

    @Override
    protected void closeStore() {
        if (dataSource != null) {
            JdbcSchema.drop(dataSource, JdbcDialect.POSTGRESQL, table);
            dataSource.close();
        }
    }
}
