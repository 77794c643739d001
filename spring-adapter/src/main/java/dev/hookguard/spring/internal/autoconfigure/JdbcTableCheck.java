package dev.hookguard.spring.internal.autoconfigure;

import dev.hookguard.core.StoreUnavailableException;
import dev.hookguard.jdbc.JdbcIdempotencyStore;
import dev.hookguard.jdbc.JdbcSchema;
import dev.hookguard.jdbc.JdbcStoreConfig;
import dev.hookguard.spring.HookguardConfigurationException;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.SmartInitializingSingleton;

/**
 * Fails start-up when the JDBC store's table does not exist, naming the property that creates it and the migration
 * that does, instead of starting and answering every delivery 503. Runs after every singleton exists, so after Flyway,
 * Liquibase or {@code spring.sql.init} created the schema. Reads the catalog only (no SQL of its own). When the
 * dialect is configured the store needs no connection at start-up, and a database that is down then only gets a
 * warning here.
 */
public final class JdbcTableCheck implements SmartInitializingSingleton {

    static final String CREATE_PROPERTY = "hookguard.store.jdbc.create-schema-if-missing";

    private static final Logger log = LoggerFactory.getLogger(JdbcTableCheck.class);

    private final DataSource dataSource;
    private final JdbcIdempotencyStore store;
    private final boolean dialectConfigured;

    JdbcTableCheck(DataSource dataSource, JdbcIdempotencyStore store, boolean dialectConfigured) {
        this.dataSource = dataSource;
        this.store = store;
        this.dialectConfigured = dialectConfigured;
    }

    @Override
    public void afterSingletonsInstantiated() {
        JdbcStoreConfig config = store.config();
        try (Connection connection = dataSource.getConnection()) {
            boolean exists = exists(connection.getMetaData(), config.tableName());
            List<String> migrations = JdbcSchema.missingMigrations(connection, config.tableName());
            if (!exists) {
                throw missing(config.tableName(), migrations);
            }
            if (migrations.size() == JdbcSchema.migrationCount(store.dialect())) {
                // The table is visible, but not its columns in the connection's own schema (another schema on the
                // search path): nothing to judge the migrations by, so say so instead of failing a working setup.
                log.warn(
                        "Hookguard could not read the columns of {} in the connection's schema to check its"
                                + " migrations",
                        config.tableName());
            } else if (!migrations.isEmpty()) {
                throw outdated(config.tableName(), migrations);
            }
        } catch (SQLException e) {
            if (!dialectConfigured) {
                throw new StoreUnavailableException("cannot read the database's catalog: " + e.getMessage(), e);
            }
            log.warn("Hookguard could not check that the table {} exists: {}", config.tableName(), e.getMessage());
        }
    }

    private HookguardConfigurationException missing(String table, List<String> migrations) {
        String location =
                "classpath:dev/hookguard/jdbc/migration/" + store.dialect().scriptName();
        return new HookguardConfigurationException(
                "The JDBC store's table " + table + " does not exist: set " + CREATE_PROPERTY
                        + "=true to create it at start-up, or run the migrations " + String.join(", ", migrations)
                        + " from " + location + " in order",
                "Set " + CREATE_PROPERTY + "=true, or add " + String.join(" and ", migrations) + " from " + location
                        + " (jdbc-store's jar) to your migrations (with Flyway: spring.flyway.locations="
                        + "classpath:db/migration," + location + ").");
    }

    private HookguardConfigurationException outdated(String table, List<String> migrations) {
        String location =
                "classpath:dev/hookguard/jdbc/migration/" + store.dialect().scriptName();
        return new HookguardConfigurationException(
                "The JDBC store's table " + table + " lacks the migration(s) " + String.join(", ", migrations)
                        + ": run them from " + location + " in order, or set " + CREATE_PROPERTY
                        + "=true to apply them at start-up",
                "Run " + String.join(" and ", migrations) + " from " + location + " (jdbc-store's jar), or set "
                        + CREATE_PROPERTY + "=true; with Flyway, add the location: spring.flyway.locations="
                        + "classpath:db/migration," + location + ".");
    }

    /** Whether a table of that name exists, as the database folds unquoted names (lower or upper case). */
    private static boolean exists(DatabaseMetaData catalog, String table) throws SQLException {
        Set<String> spellings = new LinkedHashSet<>();
        spellings.add(table);
        spellings.add(table.toLowerCase(Locale.ROOT));
        spellings.add(table.toUpperCase(Locale.ROOT));
        for (String name : spellings) {
            try (ResultSet tables = catalog.getTables(null, null, name, null)) {
                if (tables.next()) {
                    return true;
                }
            }
        }
        return false;
    }
}
