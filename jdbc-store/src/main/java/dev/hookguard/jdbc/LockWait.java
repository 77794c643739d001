package dev.hookguard.jdbc;

import java.sql.SQLException;
import java.time.Duration;
import java.util.Optional;
import org.jooq.DSLContext;
import org.jooq.Record;
import org.jooq.Result;
import org.jooq.ResultQuery;
import org.jooq.Results;
import org.jooq.exception.DataAccessException;

/**
 * The bound on how long a claim inside a transaction waits for the row lock of a concurrent holder, sent with the
 * claim's own statement so that it costs no round trip of its own: on PostgreSQL {@code set local lock_timeout}
 * before the statement and back to the session's value after it, in the same round trip; on MariaDB {@code set
 * statement innodb_lock_wait_timeout = <seconds> for} the statement (whole seconds, at least one). H2 and MySQL wait
 * as long as the connection's own lock timeout allows.
 */
final class LockWait {

    /** PostgreSQL's {@code lock_not_available}. */
    private static final String POSTGRES_LOCK_TIMEOUT = "55P03";
    /** MariaDB's and MySQL's {@code ER_LOCK_WAIT_TIMEOUT}. */
    private static final int MARIADB_LOCK_TIMEOUT = 1205;
    /** H2's {@code LOCK_TIMEOUT_1}. */
    private static final int H2_LOCK_TIMEOUT = 50200;

    /** The column name jOOQ gives an update count among the results of several statements. */
    private static final String UPDATE_COUNT = "UPDATE_COUNT";

    private final JdbcDialect dialect;
    private final Duration bound;
    private final String prefix;
    private final String suffix;

    LockWait(JdbcDialect dialect, Duration bound) {
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
    Duration bound() {
        return bound;
    }

    /**
     * The first row {@code query} returns, waiting for a row lock at most {@link #bound()} where the dialect allows. On
     * PostgreSQL the statements go as one string, sent in one round trip; only the query's own result is read.
     */
    Optional<Record> fetchOptional(DSLContext dsl, ResultQuery<? extends Record> query) {
        if (prefix.isEmpty()) {
            return query.fetchOptional().map(r -> (Record) r);
        }
        if (suffix.isEmpty()) {
            return dsl.resultQuery(prefix + "{0}", query).fetchOptional();
        }
        Results results = dsl.resultQuery(prefix + "{0}" + suffix, query).fetchMany();
        for (Result<Record> result : results) {
            if (!(result.fields().length == 1
                    && UPDATE_COUNT.equalsIgnoreCase(result.field(0).getName()))) {
                return result.stream().findFirst();
            }
        }
        return Optional.empty();
    }

    /** True when {@code e} is the database giving up waiting for a row lock. */
    boolean isTimeout(Exception e) {
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
