package dev.hookguard.jdbc;

import java.sql.Connection;
import java.sql.SQLException;
import javax.sql.DataSource;
import org.jooq.DSLContext;
import org.jooq.SQLDialect;
import org.jooq.conf.RenderQuotedNames;
import org.jooq.conf.Settings;
import org.jooq.exception.DataAccessException;
import org.jooq.impl.DSL;

/**
 * Borrows a connection from the data source for each store operation and runs it either as one auto-committed
 * statement or as one short transaction of its own. The store never joins a transaction the caller has open: a claim
 * inside an outer transaction could read a stale snapshot and let two workers in.
 */
final class JdbcSession {

    /** Render bind values as {@code ?}, names unquoted exactly as written, and never log SQL with bound values. */
    static final Settings SETTINGS = new Settings()
            .withRenderQuotedNames(RenderQuotedNames.NEVER)
            .withRenderFormatted(false)
            .withExecuteLogging(false)
            .withFetchWarnings(false);

    private final DataSource dataSource;
    private final JdbcDialect dialect;

    JdbcSession(DataSource dataSource, JdbcDialect dialect) {
        this.dataSource = dataSource;
        this.dialect = dialect;
    }

    /** Work on one connection; SQL failures may be thrown as they are. */
    @FunctionalInterface
    interface Work<T> {
        T run(DSLContext dsl) throws SQLException;
    }

    DataSource dataSource() {
        return dataSource;
    }

    SQLDialect sqlDialect() {
        return dialect.sqlDialect();
    }

    /** jOOQ on {@code connection}, with this store's dialect and settings. */
    DSLContext dsl(Connection connection) {
        return DSL.using(connection, dialect.sqlDialect(), SETTINGS);
    }

    /** jOOQ without a connection, for rendering only. */
    static DSLContext renderer(JdbcDialect dialect) {
        return DSL.using(dialect.sqlDialect(), SETTINGS);
    }

    /** Runs {@code work} with auto-commit on: each statement is its own transaction. */
    <T> T autoCommit(String operation, Work<T> work) {
        try (Connection connection = dataSource.getConnection()) {
            if (!connection.getAutoCommit()) {
                connection.setAutoCommit(true);
            }
            return work.run(dsl(connection));
        } catch (SQLException | DataAccessException e) {
            throw StoreErrors.unavailable(operation, e);
        }
    }

    /** Runs {@code work} in one transaction of its own, committed when it returns and rolled back when it throws. */
    <T> T transaction(String operation, Work<T> work) {
        try (Connection connection = dataSource.getConnection()) {
            boolean autoCommit = connection.getAutoCommit();
            connection.setAutoCommit(false);
            try {
                T result = work.run(dsl(connection));
                connection.commit();
                return result;
            } catch (SQLException | RuntimeException | Error e) {
                rollback(connection, e);
                throw e;
            } finally {
                if (autoCommit) {
                    restoreAutoCommit(connection);
                }
            }
        } catch (SQLException | DataAccessException e) {
            throw StoreErrors.unavailable(operation, e);
        }
    }

    /**
     * Turns auto-commit back on after the transaction ended. A failure here does not undo the commit, so it is not
     * reported: a broken connection is dropped by the pool when it is next used.
     */
    private static void restoreAutoCommit(Connection connection) {
        try {
            connection.setAutoCommit(true);
        } catch (SQLException e) {
            // the transaction's outcome stands; see above
        }
    }

    static void rollback(Connection connection, Throwable cause) {
        try {
            connection.rollback();
        } catch (SQLException | RuntimeException e) {
            cause.addSuppressed(e);
        }
    }
}
