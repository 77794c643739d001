package dev.hookguard.jdbc;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.hookguard.core.EventKey;
import dev.hookguard.jdbc.internal.DatabaseTime;
import dev.hookguard.jdbc.internal.JdbcSession;
import dev.hookguard.jdbc.internal.sql.EventsTable;
import dev.hookguard.testkit.TestServices;
import java.nio.file.Path;
import java.time.Instant;
import java.util.UUID;
import java.util.function.Consumer;
import javax.sql.DataSource;
import org.jooq.DSLContext;
import org.jooq.impl.DSL;

/**
 * One test class's database: a HikariCP pool and a table of its own ({@code hookguard_events_it_<random>}), created
 * through the store's create-if-missing path from the shipped schema script and dropped on {@link #close()}. The
 * databases are shared with other test runs, so nothing else in them is touched.
 */
public final class TestDatabase implements AutoCloseable {

    public final HikariDataSource dataSource;
    public final JdbcDialect dialect;
    public final String table;
    /** A table for handlers' own writes in the transactional-mode tests. */
    final Effects effects;

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
        this.effects = new Effects(table + "_fx");
        effects.create(plainDsl());
    }

    public static TestDatabase postgres() {
        TestServices.Database db = TestServices.postgres();
        return new TestDatabase(pool(db.url(), db.user(), db.password(), c -> {}), JdbcDialect.POSTGRESQL);
    }

    public static TestDatabase mariadb() {
        TestServices.Database db = TestServices.mariadb();
        return new TestDatabase(pool(db.url(), db.user(), db.password(), c -> {}), JdbcDialect.MARIADB);
    }

    /** An H2 file database under {@code target/}, which outlives the pool (and the JVM). */
    public static TestDatabase h2() {
        return new TestDatabase(pool(h2Url(), "sa", "", c -> {}), JdbcDialect.H2);
    }

    public static String h2Url() {
        Path file = Path.of("target", "h2", "hookguard-" + UUID.randomUUID()).toAbsolutePath();
        return "jdbc:h2:file:" + file;
    }

    public static HikariDataSource pool(String url, String user, String password, Consumer<HikariConfig> tuning) {
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

    /** jOOQ on the pool, with the store's settings. */
    DSLContext dsl() {
        return DSL.using(dataSource, dialect.sqlDialect(), JdbcSession.SETTINGS);
    }

    /** jOOQ on the pool with jOOQ's default settings, as a handler's own code would use it. */
    DSLContext plainDsl() {
        return DSL.using(dataSource, dialect.sqlDialect());
    }

    /** The database's clock, as the store reads it. */
    Instant now() {
        return dsl().select(new DatabaseTime(dialect).now()).fetchSingle().value1();
    }

    /** Deletes the event's row behind the store's back, as a purge would. */
    void delete(String tableName, EventKey key) {
        EventsTable events = new EventsTable(tableName, dialect);
        dsl().deleteFrom(events.table)
                .where(events.endpoint.eq(key.endpoint()))
                .and(events.eventId.eq(key.eventId()))
                .execute();
    }

    /** How many rows the table holds, expired or not. */
    public int rows(String tableName) {
        return rows(dataSource, dialect, tableName);
    }

    public static int rows(DataSource dataSource, JdbcDialect dialect, String tableName) {
        return DSL.using(dataSource, dialect.sqlDialect(), JdbcSession.SETTINGS)
                .fetchCount(DSL.table(DSL.name(tableName)));
    }

    @Override
    public void close() {
        try {
            effects.drop(plainDsl());
            JdbcSchema.drop(dataSource, dialect, table);
        } finally {
            dataSource.close();
        }
    }
}
