package dev.hookguard.jdbc;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.hookguard.testkit.TestServices;
import java.nio.file.Path;
import java.util.UUID;
import java.util.function.Consumer;

/**
 * One test class's database: a HikariCP pool and a table of its own ({@code hookguard_events_it_<random>}), created
 * through the store's create-if-missing path from the shipped schema script and dropped on {@link #close()}. The
 * databases are shared with other test runs, so nothing else in them is touched.
 */
final class TestDatabase implements AutoCloseable {

    final HikariDataSource dataSource;
    final JdbcDialect dialect;
    final String table;

    private TestDatabase(HikariDataSource dataSource, JdbcDialect dialect) {
        this.dataSource = dataSource;
        this.dialect = dialect;
        this.table = "hookguard_events_it_"
                + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
        JdbcIdempotencyStore created = new JdbcIdempotencyStore(
                dataSource,
                JdbcStoreConfig.custom()
                        .tableName(table)
                        .createSchemaIfMissing(true)
                        .build());
        if (created.dialect() != dialect) {
            throw new IllegalStateException("detected " + created.dialect() + " but expected " + dialect);
        }
    }

    static TestDatabase postgres() {
        TestServices.Database db = TestServices.postgres();
        return new TestDatabase(pool(db.url(), db.user(), db.password(), c -> {}), JdbcDialect.POSTGRESQL);
    }

    static TestDatabase mariadb() {
        TestServices.Database db = TestServices.mariadb();
        return new TestDatabase(pool(db.url(), db.user(), db.password(), c -> {}), JdbcDialect.MARIADB);
    }

    /** An H2 file database under {@code target/}, which outlives the pool (and the JVM). */
    static TestDatabase h2() {
        return new TestDatabase(pool(h2Url(), "sa", "", c -> {}), JdbcDialect.H2);
    }

    static String h2Url() {
        Path file = Path.of("target", "h2", "hookguard-" + UUID.randomUUID()).toAbsolutePath();
        return "jdbc:h2:file:" + file;
    }

    static HikariDataSource pool(String url, String user, String password, Consumer<HikariConfig> tuning) {
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(url);
        config.setUsername(user);
        config.setPassword(password);
        config.setMaximumPoolSize(10);
        config.setPoolName("hookguard-it");
        tuning.accept(config);
        return new HikariDataSource(config);
    }

    /** The configuration of this class's table (created by the constructor through create-if-missing). */
    JdbcStoreConfig config() {
        return JdbcStoreConfig.custom().tableName(table).dialect(dialect).build();
    }

    JdbcIdempotencyStore store() {
        return new JdbcIdempotencyStore(dataSource, config());
    }

    @Override
    public void close() {
        try {
            JdbcSchema.drop(dataSource, dialect, table);
        } finally {
            dataSource.close();
        }
    }
}
