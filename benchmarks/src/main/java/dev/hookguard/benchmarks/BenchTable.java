package dev.hookguard.benchmarks;

import dev.hookguard.jdbc.JdbcDialect;
import dev.hookguard.jdbc.JdbcSchema;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import javax.sql.DataSource;

/**
 * The PostgreSQL tables the benchmarks own, all named {@link BenchEnvironment#PREFIX}{@code …}: created by the
 * benchmark (or by {@code run.sh}) and dropped by whoever created them. Never a table of anyone else. The peers'
 * scripts are written for {@code hookguard_bench} and renamed to the prefix in force.
 */
public enum BenchTable {
    /** Hookguard's table, from the jdbc-store's own schema script. */
    HOOKGUARD(BenchEnvironment.PREFIX, JdbcSchema.createStatements(JdbcDialect.POSTGRESQL, BenchEnvironment.PREFIX)),
    /** Apache Camel's {@code JdbcMessageIdRepository} table. */
    CAMEL(BenchEnvironment.PREFIX + "_camel", List.of(resource("camel-postgresql.sql"))),
    /** Camel's table as Camel creates it, without a primary key: only for the race of {@code PeerRace}. */
    CAMEL_AS_SHIPPED(BenchEnvironment.PREFIX + "_camel_shipped", List.of(resource("camel-postgresql-as-shipped.sql"))),
    /** The JDBC row's baseline table ({@code bare/postgresql.sql}: five columns, the primary key). */
    BARE(BenchEnvironment.PREFIX + "_bare", List.of(resource("bare/postgresql.sql"))),
    /** Spring Integration's {@code JdbcMetadataStore} table, for the table prefix {@code hookguard_bench_}. */
    METADATA(
            BenchEnvironment.PREFIX + "_metadata_store",
            List.of(resource("spring-integration-metadata-postgresql.sql")));

    private final String tableName;
    private final List<String> create;

    BenchTable(String tableName, List<String> create) {
        this.tableName = tableName;
        this.create = create;
    }

    /** The table's name. */
    public String tableName() {
        return tableName;
    }

    /**
     * Creates the table unless it exists.
     *
     * @return whether this call created it, and so should drop it
     */
    public boolean createIfMissing(DataSource dataSource) {
        if (exists(dataSource)) {
            return false;
        }
        execute(dataSource, create);
        return true;
    }

    /** Empties the table, so that every measurement starts from the same size. */
    public void truncate(DataSource dataSource) {
        execute(dataSource, List.of("TRUNCATE TABLE " + tableName));
    }

    /** Drops the table, if it exists. */
    public void drop(DataSource dataSource) {
        execute(dataSource, List.of("DROP TABLE IF EXISTS " + tableName));
    }

    /** Whether the table exists. */
    public boolean exists(DataSource dataSource) {
        try (Connection connection = dataSource.getConnection();
                PreparedStatement query = connection.prepareStatement("SELECT to_regclass(?) IS NOT NULL")) {
            query.setString(1, tableName);
            try (ResultSet row = query.executeQuery()) {
                return row.next() && row.getBoolean(1);
            }
        } catch (SQLException e) {
            throw new IllegalStateException("cannot look for the table " + tableName, e);
        }
    }

    private void execute(DataSource dataSource, List<String> statements) {
        try (Connection connection = dataSource.getConnection();
                Statement statement = connection.createStatement()) {
            for (String sql : statements) {
                statement.execute(sql);
            }
        } catch (SQLException e) {
            throw new IllegalStateException("cannot change the table " + tableName + ": " + e.getMessage(), e);
        }
    }

    private static String resource(String name) {
        try (InputStream in = BenchTable.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("the script " + name + " is missing from the jar");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8)
                    .replace(BenchEnvironment.DEFAULT_PREFIX, BenchEnvironment.PREFIX);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
