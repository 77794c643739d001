package dev.hookguard.jdbc.internal;

import static org.assertj.core.api.Assertions.assertThat;

import com.zaxxer.hikari.HikariDataSource;
import dev.hookguard.jdbc.JdbcIdempotencyStore;
import dev.hookguard.jdbc.JdbcStoreConfig;
import dev.hookguard.jdbc.TestDatabase;
import dev.hookguard.testkit.TestServices;
import java.util.function.Supplier;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The JDBC store's warm-up ({@link JdbcIdempotencyStore#warmUp()}) on H2, PostgreSQL and MariaDB: the pool holds the
 * connections it opened (a pool that keeps one idle opens more only when asked), every one of them has run the find
 * and the claim's statements, and nothing is written.
 */
class JdbcWarmUpIT {

    @ParameterizedTest
    @ValueSource(strings = {"h2", "postgres", "mariadb"})
    void shouldOpenThePoolsConnectionsAndWriteNothing(String database) {
        try (TestDatabase table = open(database);
                HikariDataSource pool =
                        TestDatabase.pool(url(database, table), user(database), password(database), c -> {
                            c.setMinimumIdle(1);
                            c.setMaximumPoolSize(8);
                        })) {
            JdbcIdempotencyStore store = new JdbcIdempotencyStore(
                    pool, JdbcStoreConfig.custom().tableName(table.table).build());
            int rows = TestDatabase.rows(pool, table.dialect, table.table);

            store.warmUp();

            assertThat(pool.getHikariPoolMXBean().getTotalConnections())
                    .as("connections the pool holds after the warm-up")
                    .isGreaterThanOrEqualTo(JdbcWarmUp.MOST_CONNECTIONS);
            assertThat(JdbcWarmUp.connections(pool)).isEqualTo(JdbcWarmUp.MOST_CONNECTIONS);
            assertThat(TestDatabase.rows(pool, table.dialect, table.table)).isEqualTo(rows);
            assertThat(store.find(JdbcWarmUp.KEY)).isEmpty();
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3})
    void shouldLeaveOneConnectionOfASmallPoolFree(int size) {
        try (HikariDataSource pool =
                TestDatabase.pool(TestDatabase.h2Url(), "sa", "", c -> c.setMaximumPoolSize(size))) {
            assertThat(JdbcWarmUp.connections(pool)).isEqualTo(Math.max(1, size - 1));
        }
    }

    private static TestDatabase open(String database) {
        Supplier<TestDatabase> open = switch (database) {
            case "postgres" -> TestDatabase::postgres;
            case "mariadb" -> TestDatabase::mariadb;
            default -> TestDatabase::h2;
        };
        return open.get();
    }

    private static String url(String database, TestDatabase table) {
        return switch (database) {
            case "postgres" -> TestServices.postgres().url();
            case "mariadb" -> TestServices.mariadb().url();
            default -> table.dataSource.getJdbcUrl();
        };
    }

    private static String user(String database) {
        return switch (database) {
            case "postgres" -> TestServices.postgres().user();
            case "mariadb" -> TestServices.mariadb().user();
            default -> "sa";
        };
    }

    private static String password(String database) {
        return switch (database) {
            case "postgres" -> TestServices.postgres().password();
            case "mariadb" -> TestServices.mariadb().password();
            default -> "";
        };
    }
}
