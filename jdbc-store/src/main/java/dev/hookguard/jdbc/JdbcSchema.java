package dev.hookguard.jdbc;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;

/**
 * The schema scripts shipped in this jar under {@code dev/hookguard/jdbc/}: {@code schema-<dialect>.sql} (every
 * statement {@code IF NOT EXISTS}) and {@code drop-<dialect>.sql}. They name the table {@value
 * JdbcStoreConfig#DEFAULT_TABLE_NAME}; for another name every occurrence of it (also inside index names) is replaced
 * by the configured name, which {@link JdbcStoreConfig} has checked against a strict identifier pattern, because DDL
 * cannot bind identifiers. The same statements, unchanged, are the Flyway migration {@code
 * dev/hookguard/jdbc/migration/<dialect>/V1__create_hookguard_events.sql}.
 */
public final class JdbcSchema {

    private static final String RESOURCES = "/dev/hookguard/jdbc/";

    private JdbcSchema() {}

    /** The statements that create the table and its indexes if they are missing. */
    public static List<String> createStatements(JdbcDialect dialect, String tableName) {
        return statements("schema-" + dialect.scriptName() + ".sql", tableName);
    }

    /** The statements that drop the table if it exists. */
    public static List<String> dropStatements(JdbcDialect dialect, String tableName) {
        return statements("drop-" + dialect.scriptName() + ".sql", tableName);
    }

    /**
     * Creates the configured table and its indexes unless they exist. Several instances starting at once may race on
     * PostgreSQL's catalog; create the schema with a migration tool when that matters.
     */
    public static void createIfMissing(DataSource dataSource, JdbcDialect dialect, String tableName) {
        execute(dataSource, createStatements(dialect, checked(tableName)), "create table " + tableName);
    }

    /** Drops the configured table if it exists, with every record in it. */
    public static void drop(DataSource dataSource, JdbcDialect dialect, String tableName) {
        execute(dataSource, dropStatements(dialect, checked(tableName)), "drop table " + tableName);
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

    private static void execute(DataSource dataSource, List<String> statements, String operation) {
        try (Connection connection = dataSource.getConnection();
                Statement statement = connection.createStatement()) {
            if (!connection.getAutoCommit()) {
                connection.setAutoCommit(true);
            }
            for (String sql : statements) {
                statement.execute(sql);
            }
        } catch (SQLException e) {
            throw StoreErrors.unavailable(operation, e);
        }
    }
}
