package dev.hookguard.jdbc;

import dev.hookguard.jdbc.internal.StoreErrors;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalInt;
import javax.sql.DataSource;
import org.jspecify.annotations.Nullable;

/**
 * The schema, shipped in this jar as Flyway-style versioned migrations per dialect, the one source of the table's
 * definition: {@code dev/hookguard/jdbc/migration/<dialect>/V1__create_hookguard_events.sql}, {@code
 * V2__recovery.sql}, … (H2 also {@code V3__inline_bodies.sql}), {@code V4__endpoint_controls.sql} (a second table,
 * {@code <table>_controls}), {@code V5__attempts.sql}, {@code V6__audit_trail.sql} (a third table, {@code
 * <table>_audit}) and {@code drop-<dialect>.sql}, which drops all three. The scripts name the table {@value
 * JdbcStoreConfig#DEFAULT_TABLE_NAME}; for another name every occurrence of it (also inside index names) is replaced
 * by the configured name, which {@link JdbcStoreConfig} has checked against a strict identifier pattern, because DDL
 * cannot bind identifiers.
 *
 * <p>{@link #createIfMissing} applies, in order, each migration whose marker column the table lacks according to the
 * connection's metadata (a missing table lacks them all), so a table of an older version is brought up to date and a current one is left alone. Every
 * statement is also {@code IF [NOT] EXISTS}, so a migration interrupted half-way is completed by the next start.
 */
public final class JdbcSchema {

    /**
     * The migrations in order, each with the column whose presence shows it was applied; V3 (H2 only) is applied when
     * {@code payload_body} is no longer a LOB; V4 creates the endpoint controls' table ({@code <table>_controls}) and V6
     * the audit trail's ({@code <table>_audit}), each shown by a column of its table.
     */
    static final List<Migration> MIGRATIONS = List.of(
            new Migration("V1__create_hookguard_events", "endpoint", null),
            new Migration("V2__recovery", "next_attempt_at", null),
            new Migration("V3__inline_bodies", "payload_body", JdbcDialect.H2),
            new Migration("V4__endpoint_controls", "paused", null, JdbcStoreConfig.CONTROLS_SUFFIX),
            new Migration("V5__attempts", "attempt_log", null),
            new Migration("V6__audit_trail", "actor", null, JdbcStoreConfig.AUDIT_SUFFIX));

    private static final String RESOURCES = "/dev/hookguard/jdbc/";

    private JdbcSchema() {}

    /** Every migration's statements in order: what creates the table and its indexes from nothing. */
    public static List<String> createStatements(JdbcDialect dialect, String tableName) {
        List<String> statements = new ArrayList<>();
        for (Migration migration : migrations(dialect)) {
            statements.addAll(migration.statements(dialect, tableName));
        }
        return statements;
    }

    /** The migrations of this dialect, in order. */
    static List<Migration> migrations(JdbcDialect dialect) {
        return MIGRATIONS.stream().filter(m -> m.appliesTo(dialect)).toList();
    }

    /** The statements that drop the table and its side tables (endpoint controls, audit trail) if they exist. */
    public static List<String> dropStatements(JdbcDialect dialect, String tableName) {
        return statements("drop-" + dialect.scriptName() + ".sql", tableName);
    }

    /**
     * Creates the configured table and its indexes, or migrates an older one, applying each missing migration in
     * order. Several instances starting at once may race on PostgreSQL's catalog; create the schema with a migration
     * tool when that matters.
     */
    public static void createIfMissing(DataSource dataSource, JdbcDialect dialect, String tableName) {
        String table = checked(tableName);
        try (Connection connection = dataSource.getConnection();
                Statement statement = connection.createStatement()) {
            if (!connection.getAutoCommit()) {
                connection.setAutoCommit(true);
            }
            for (Migration migration : migrations(dialect)) {
                if (!migration.appliedIn(connection, table)) {
                    for (String sql : migration.statements(dialect, table)) {
                        statement.execute(sql);
                    }
                }
            }
        } catch (SQLException e) {
            throw StoreErrors.unavailable("create or migrate table " + tableName, e);
        }
    }

    /**
     * The file names ({@code V2__recovery.sql}, …) of the shipped migrations that the existing table {@code tableName}
     * lacks, in order, judged by each migration's marker column in the connection's metadata; empty when the table is
     * current. A start-up check calls it to fail naming what to run instead of answering every delivery 503.
     */
    public static List<String> missingMigrations(Connection connection, String tableName) throws SQLException {
        String table = checked(tableName);
        JdbcDialect dialect = JdbcDialect.ofProductName(connection.getMetaData().getDatabaseProductName());
        List<String> missing = new ArrayList<>();
        for (Migration migration : migrations(dialect)) {
            if (!migration.appliedIn(connection, table)) {
                missing.add(migration.name() + ".sql");
            }
        }
        return missing;
    }

    /** How many migrations this jar ships for the dialect. */
    public static int migrationCount(JdbcDialect dialect) {
        return migrations(dialect).size();
    }

    /** Drops the configured table and its side tables if they exist, with every record and audit line in them. */
    public static void drop(DataSource dataSource, JdbcDialect dialect, String tableName) {
        try (Connection connection = dataSource.getConnection();
                Statement statement = connection.createStatement()) {
            for (String sql : dropStatements(dialect, checked(tableName))) {
                statement.execute(sql);
            }
        } catch (SQLException e) {
            throw StoreErrors.unavailable("drop table " + tableName, e);
        }
    }

    /** The script's statements, for the table {@code tableName}: comments dropped, split at {@code ;}. */
    static List<String> statements(String script, String tableName) {
        String sql = read(script).replace(JdbcStoreConfig.DEFAULT_TABLE_NAME, checked(tableName));
        StringBuilder code = new StringBuilder();
        for (String line : sql.split("\n")) {
            if (!line.strip().startsWith("--")) {
                code.append(line).append('\n');
            }
        }
        List<String> statements = new ArrayList<>();
        for (String statement : code.toString().split(";")) {
            if (!statement.isBlank()) {
                statements.add(statement.strip());
            }
        }
        return statements;
    }

    /** The text of a script in this jar. */
    static String read(String script) {
        try (InputStream in = JdbcSchema.class.getResourceAsStream(RESOURCES + script)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + RESOURCES + script);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String checked(String tableName) {
        return JdbcStoreConfig.custom().tableName(tableName).build().tableName();
    }

    /**
     * The JDBC type ({@link Types}) of {@code column} of {@code table} in the connection's catalog and schema, from the
     * database's metadata (names folded as the database folds unquoted identifiers; {@code _} escaped, it is a
     * wildcard there); empty when there is no such column.
     */
    private static OptionalInt columnType(Connection connection, String table, String column) throws SQLException {
        DatabaseMetaData meta = connection.getMetaData();
        try (ResultSet columns = meta.getColumns(
                connection.getCatalog(), connection.getSchema(), pattern(meta, table), pattern(meta, column))) {
            return columns.next() ? OptionalInt.of(columns.getInt("DATA_TYPE")) : OptionalInt.empty();
        }
    }

    private static String pattern(DatabaseMetaData meta, String name) throws SQLException {
        String folded = meta.storesUpperCaseIdentifiers() ? name.toUpperCase(Locale.ROOT) : name;
        return folded.replace("_", meta.getSearchStringEscape() + "_");
    }

    /**
     * One versioned migration.
     *
     * @param name the file name without {@code .sql}, as Flyway wants it
     * @param markerColumn a column the migration adds, whose presence shows it was applied; for a migration of one
     *     dialect, the column it turns from a {@code BLOB} into another type
     * @param only the one dialect the migration is for, or null for every dialect
     * @param markerTableSuffix what the events table's name is followed by in the name of the table that holds the
     *     marker column: empty for the events table itself
     */
    record Migration(
            String name, String markerColumn, @Nullable JdbcDialect only, String markerTableSuffix) {

        /** A migration of the events table. */
        Migration(String name, String markerColumn, @Nullable JdbcDialect only) {
            this(name, markerColumn, only, "");
        }

        boolean appliesTo(JdbcDialect dialect) {
            return only == null || only == dialect;
        }

        boolean appliedIn(Connection connection, String table) throws SQLException {
            OptionalInt type = columnType(connection, table + markerTableSuffix, markerColumn);
            return type.isPresent() && (only == null || type.getAsInt() != Types.BLOB);
        }

        List<String> statements(JdbcDialect dialect, String tableName) {
            return JdbcSchema.statements("migration/" + dialect.scriptName() + "/" + name + ".sql", tableName);
        }
    }
}
