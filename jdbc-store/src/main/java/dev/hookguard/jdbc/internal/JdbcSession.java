package dev.hookguard.jdbc.internal;

import dev.hookguard.jdbc.JdbcDialect;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import javax.sql.DataSource;
import org.jooq.DSLContext;
import org.jooq.SQLDialect;
import org.jooq.conf.RenderQuotedNames;
import org.jooq.conf.Settings;
import org.jooq.exception.DataAccessException;
import org.jooq.impl.DSL;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Borrows a connection from the data source for each store operation and runs it either as one auto-committed
 * statement or as one short transaction of its own. The store never joins a transaction the caller has open: a claim
 * inside an outer transaction could read a stale snapshot and let two workers in.
 *
 * <p>A deadlock or serialization failure (SQLState {@code 40001}, {@code 40P01}, MariaDB error 1213) is not an outage:
 * the database rolled the victim back, so the whole operation runs again, at most {@value #MAX_CONFLICT_RETRIES}
 * times, before it is reported as unavailable.
 */
public final class JdbcSession {

    /** Render bind values as {@code ?}, names unquoted exactly as written, and never log SQL with bound values. */
    public static final Settings SETTINGS = new Settings()
            .withRenderQuotedNames(RenderQuotedNames.NEVER)
            .withRenderFormatted(false)
            .withExecuteLogging(false)
            .withFetchWarnings(false);

    /** How often an operation is run again after a deadlock or serialization failure. */
    public static final int MAX_CONFLICT_RETRIES = 6;

    private static final Logger log = LoggerFactory.getLogger(JdbcSession.class);

    private final DataSource dataSource;
    private final JdbcDialect dialect;
    private final AtomicLong conflictRetries = new AtomicLong();

    public JdbcSession(DataSource dataSource, JdbcDialect dialect) {
        this.dataSource = dataSource;
        this.dialect = dialect;
    }

    /** Work on one connection; SQL failures may be thrown as they are. */
    @FunctionalInterface
    public interface Work<T> {
        T run(DSLContext dsl) throws SQLException;
    }

    /** Work on one connection with plain JDBC (the hot path's rendered statements). */
    @FunctionalInterface
    public interface JdbcWork<T> {
        T run(Connection connection) throws SQLException;
    }

    JdbcDialect dialect() {
        return dialect;
    }

    public DataSource dataSource() {
        return dataSource;
    }

    SQLDialect sqlDialect() {
        return dialect.sqlDialect();
    }

    /** jOOQ on {@code connection}, with this store's dialect and settings. */
    public DSLContext dsl(Connection connection) {
        return DSL.using(connection, dialect.sqlDialect(), SETTINGS);
    }

    /** jOOQ without a connection, for rendering only. */
    public static DSLContext renderer(JdbcDialect dialect) {
        return DSL.using(dialect.sqlDialect(), SETTINGS);
    }

    /** Runs {@code work} with auto-commit on: each statement is its own transaction. */
    public <T> T autoCommit(String operation, Work<T> work) {
        return autoCommitJdbc(operation, "", connection -> work.run(dsl(connection)));
    }

    /**
     * Runs {@code work} with auto-commit on, on a plain connection; the operation is named {@code verb} and {@code
     * subject} (joined only when a failure must name it, not on every call). Pools hand out connections in auto-commit mode
     * (Hikari's default), and asking costs no round trip (drivers keep the mode), so nothing is sent but the work.
     */
    public <T> T autoCommitJdbc(String verb, Object subject, JdbcWork<T> work) {
        return retryingConflicts(verb, subject, () -> {
            try (Connection connection = dataSource.getConnection()) {
                if (!connection.getAutoCommit()) {
                    connection.setAutoCommit(true);
                }
                return work.run(connection);
            }
        });
    }

    /** Runs {@code work} in one transaction of its own, committed when it returns and rolled back when it throws. */
    <T> T transaction(String operation, Work<T> work) {
        return transactionJdbc(operation, "", connection -> work.run(dsl(connection)));
    }

    /** As {@link #transaction(String, Work)}, on a plain connection. */
    public <T> T transactionJdbc(String verb, Object subject, JdbcWork<T> work) {
        return retryingConflicts(verb, subject, () -> {
            try (Connection connection = dataSource.getConnection()) {
                boolean autoCommit = connection.getAutoCommit();
                connection.setAutoCommit(false);
                try {
                    T result = work.run(connection);
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
            }
        });
    }

    /** How many times a deadlock or serialization failure made this session run an operation again. */
    public long conflictRetries() {
        return conflictRetries.get();
    }

    /**
     * Runs {@code attempt}, again after a deadlock or serialization failure (the database rolled the victim's
     * transaction back, so nothing of it stands) up to {@value #MAX_CONFLICT_RETRIES} times with a short jittered
     * pause; any other failure, or the last conflict, is a {@link dev.hookguard.core.StoreUnavailableException}.
     */
    private <T> T retryingConflicts(String verb, Object subject, Attempt<T> attempt) {
        for (int retry = 0; ; retry++) {
            try {
                return attempt.run();
            } catch (SQLException | DataAccessException e) {
                if (retry >= MAX_CONFLICT_RETRIES || !StoreErrors.isConflict(e)) {
                    throw StoreErrors.unavailable(name(verb, subject), e);
                }
                conflictRetries.incrementAndGet();
                log.debug("Retrying {} {} after a conflict: {}", verb, subject, e.getMessage());
                pause(retry);
            }
        }
    }

    /**
     * A random pause of 1 to 4, 8, 16, 32, 64 ms (at most 64), so that the retried transactions do not collide again
     * at once.
     */
    private static void pause(int retry) {
        try {
            Thread.sleep(ThreadLocalRandom.current().nextLong(1, 4L << Math.min(retry, 4)));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static String name(String verb, Object subject) {
        String text = subject.toString();
        return text.isEmpty() ? verb : verb + " " + text;
    }

    /** One run of an operation on a borrowed connection. */
    @FunctionalInterface
    private interface Attempt<T> {
        T run() throws SQLException;
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
