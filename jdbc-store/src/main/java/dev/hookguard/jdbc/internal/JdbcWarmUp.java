package dev.hookguard.jdbc.internal;

import dev.hookguard.core.EventKey;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.jdbc.JdbcIdempotencyStore;
import java.lang.reflect.Method;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;

/**
 * The JDBC store's warm-up ({@link JdbcIdempotencyStore#warmUp()}): it holds a few of the pool's connections at once,
 * so that the pool opens them before the first deliveries wait for them, and on each runs the hot path's statements
 * once: a find of a key that does not exist, and the claim's statements in a transaction that is rolled back, so
 * nothing is written. A pool that tells its maximum size ({@code getMaximumPoolSize()}, as HikariCP's does) is never
 * held whole: one connection stays free for the traffic that may start meanwhile.
 */
public final class JdbcWarmUp {

    /** The most connections the warm-up holds at once. */
    static final int MOST_CONNECTIONS = 4;

    /** The key the warm-up finds and claims (and rolls back): no endpoint has this name. */
    static final EventKey KEY = EventKey.of("hookguard.warm-up", "none");

    private JdbcWarmUp() {}

    /** Warms {@code connections} of the data source, one after the other, each kept until all are warmed. */
    public static void run(JdbcSession session, Statements statements) {
        int connections = connections(session.dataSource());
        List<Connection> held = new ArrayList<>(connections);
        try {
            for (int i = 0; i < connections; i++) {
                Connection connection = session.dataSource().getConnection();
                held.add(connection);
                warm(connection, statements);
            }
        } catch (SQLException e) {
            throw StoreErrors.unavailable("warm up", e);
        } finally {
            for (Connection connection : held) {
                try {
                    connection.close();
                } catch (SQLException ignored) {
                    // the pool replaces a connection that cannot be returned
                }
            }
        }
    }

    /** How many connections to warm: {@link #MOST_CONNECTIONS}, fewer on a pool that has fewer to spare. */
    static int connections(DataSource dataSource) {
        try {
            Method size = dataSource.getClass().getMethod("getMaximumPoolSize");
            if (size.getReturnType() == int.class) {
                int most = (int) size.invoke(dataSource);
                return Math.max(1, Math.min(MOST_CONNECTIONS, most - 1));
            }
        } catch (ReflectiveOperationException | RuntimeException e) {
            // not a pool that tells its size: warm one connection
        }
        return 1;
    }

    private static void warm(Connection connection, Statements statements) throws SQLException {
        statements.find(connection, KEY);
        boolean autoCommit = connection.getAutoCommit();
        connection.setAutoCommit(false);
        try {
            statements.claim(connection, KEY, IdempotencyPolicy.ofDefaults());
        } finally {
            connection.rollback();
            connection.setAutoCommit(autoCommit);
        }
    }

    /** The statements a warm-up runs on one connection. */
    public interface Statements {
        void find(Connection connection, EventKey key) throws SQLException;

        void claim(Connection connection, EventKey key, IdempotencyPolicy policy) throws SQLException;
    }
}
