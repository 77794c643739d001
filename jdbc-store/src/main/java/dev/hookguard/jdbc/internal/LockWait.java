package dev.hookguard.jdbc.internal;

import dev.hookguard.jdbc.JdbcDialect;
import dev.hookguard.jdbc.internal.sql.RenderedStatement;
import dev.hookguard.jdbc.internal.sql.TransactionalStatements;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import org.jooq.exception.DataAccessException;

/**
 * The bound on how long a claim inside a transaction waits for the row lock of a concurrent holder, sent with the
 * claim's own statement so that it costs no round trip of its own: on PostgreSQL {@code set local lock_timeout}
 * before the statement and back to the session's value after it, in the same round trip; on MariaDB {@code set
 * statement innodb_lock_wait_timeout = <seconds> for} the statement (whole seconds, at least one). H2 and MySQL wait
 * as long as the connection's own lock timeout allows. The bounded statements are rendered once per store and bound
 * ({@link TransactionalStatements}). PostgreSQL needs the two {@code set local}s because its {@code lock_timeout} is
 * a setting of the session or the transaction, never of one statement, and neither the handler's statements nor the
 * pooled connection's next user may keep it; they go in the claim's own round trip, so they cost no wait, only the
 * database's parsing of two short commands.
 */
public final class LockWait {

    /** PostgreSQL's {@code lock_not_available}. */
    private static final String POSTGRES_LOCK_TIMEOUT = "55P03";
    /** MariaDB's and MySQL's {@code ER_LOCK_WAIT_TIMEOUT}. */
    private static final int MARIADB_LOCK_TIMEOUT = 1205;
    /** H2's {@code LOCK_TIMEOUT_1}. */
    private static final int H2_LOCK_TIMEOUT = 50200;

    private final JdbcDialect dialect;
    private final Duration bound;
    private final String prefix;
    private final String suffix;

    public LockWait(JdbcDialect dialect, Duration bound) {
        if (bound == null || bound.isNegative() || bound.isZero()) {
            throw new IllegalArgumentException("lockWait must be positive but was " + bound);
        }
        this.dialect = dialect;
        this.bound = bound;
        switch (dialect) {
            case POSTGRESQL -> {
                this.prefix = "set local lock_timeout = " + Math.max(1, bound.toMillis()) + "; ";
                this.suffix = "; set local lock_timeout to default";
            }
            case MARIADB -> {
                long seconds = Math.max(1, (bound.toMillis() + 999) / 1000);
                this.prefix = "set statement innodb_lock_wait_timeout = " + seconds + " for ";
                this.suffix = "";
            }
            case H2, MYSQL -> {
                this.prefix = "";
                this.suffix = "";
            }
            default -> throw new IllegalStateException("unknown dialect " + dialect);
        }
    }

    /** The bound as configured. */
    public Duration bound() {
        return bound;
    }

    /** {@code shape} with the bound sent in the same string, so in the same round trip as the statement itself. */
    public RenderedStatement bounded(RenderedStatement shape) {
        return shape.wrapped(prefix, suffix);
    }

    /**
     * Runs {@code statement}, prepared from a {@link #bounded} query, and returns the query's own result: on
     * PostgreSQL the {@code set local} before it has an update count of its own, sent and answered in the same round
     * trip; the one after it is skipped unread.
     *
     * @throws SQLException when a statement fails, or the query returned no result set
     */
    public ResultSet executeQuery(PreparedStatement statement) throws SQLException {
        if (suffix.isEmpty()) {
            return statement.executeQuery();
        }
        if (statement.execute() || statement.getMoreResults()) {
            return statement.getResultSet();
        }
        throw new SQLException("the bounded query returned no result set");
    }

    /** True when {@code e} is the database giving up waiting for a row lock. */
    public boolean isTimeout(Exception e) {
        if (e instanceof DataAccessException access && POSTGRES_LOCK_TIMEOUT.equals(access.sqlState())) {
            return true;
        }
        for (Throwable cause = e; cause != null && cause.getCause() != cause; cause = cause.getCause()) {
            if (cause instanceof SQLException sql) {
                if (POSTGRES_LOCK_TIMEOUT.equals(sql.getSQLState())) {
                    return true;
                }
                int code = sql.getErrorCode();
                if ((dialect == JdbcDialect.MARIADB || dialect == JdbcDialect.MYSQL) && code == MARIADB_LOCK_TIMEOUT) {
                    return true;
                }
                if (dialect == JdbcDialect.H2 && code == H2_LOCK_TIMEOUT) {
                    return true;
                }
            }
        }
        return false;
    }
}
