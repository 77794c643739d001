package dev.hookguard.jdbc.internal;

import dev.hookguard.core.StoreUnavailableException;
import java.sql.SQLException;
import org.jooq.exception.DataAccessException;
import org.jspecify.annotations.Nullable;

/**
 * Turns every failure of the database into the SPI's {@link StoreUnavailableException}: a refused or timed-out
 * connection (Hikari's {@code SQLTransientConnectionException}), a connection lost mid-statement, a restart, a
 * statement timeout, and also errors such as a missing table, since the SPI lets a store throw nothing else for its
 * backend. The message names the operation and the SQLState; it never carries bound values.
 */
public final class StoreErrors {

    /** MariaDB's and MySQL's {@code ER_LOCK_DEADLOCK}. */
    private static final int MARIADB_DEADLOCK = 1213;

    private StoreErrors() {}

    public static StoreUnavailableException unavailable(String operation, Exception e) {
        return new StoreUnavailableException(
                "JDBC store could not " + operation + " (SQLState " + sqlState(e) + "): " + reason(e), e);
    }

    /** True for an integrity-constraint violation (SQLState class 23), such as a duplicate key. */
    static boolean isIntegrityViolation(DataAccessException e) {
        String state = e.sqlState();
        return state != null && state.startsWith("23");
    }

    /**
     * True for a deadlock or serialization failure, which the database resolved by rolling the victim's transaction
     * back: SQLState {@code 40001} (serialization failure; MariaDB reports its deadlock error 1213 with it), {@code
     * 40P01} (PostgreSQL's deadlock), or MariaDB/MySQL error 1213 under any SQLState.
     */
    public static boolean isConflict(Exception e) {
        String state = sqlState(e);
        if ("40001".equals(state) || "40P01".equals(state)) {
            return true;
        }
        for (Throwable cause = e; cause != null && cause.getCause() != cause; cause = cause.getCause()) {
            if (cause instanceof SQLException sql && sql.getErrorCode() == MARIADB_DEADLOCK) {
                return true;
            }
        }
        return false;
    }

    private static @Nullable String sqlState(Exception e) {
        if (e instanceof DataAccessException access) {
            return access.sqlState();
        }
        return e instanceof SQLException sql ? sql.getSQLState() : null;
    }

    private static String reason(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String message = root.getMessage() == null ? root.getClass().getName() : root.getMessage();
        int newline = message.indexOf('\n');
        return newline < 0 ? message : message.substring(0, newline);
    }
}
