package dev.hookguard.jdbc;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Savepoint;
import org.jooq.DSLContext;
import org.jooq.impl.DSL;

/**
 * The transaction a {@link TransactionalHandler} runs in: one of the executor's own, or a savepoint inside the
 * caller's. Ends exactly once, by {@link #commit()} or {@link #rollback()}; {@link #close()} rolls back a scope that
 * did not end. Failures of the database surface as {@link dev.hookguard.core.StoreUnavailableException}.
 */
abstract sealed class TransactionScope implements AutoCloseable {

    /** What the handler gets: the connection, and jOOQ on it with jOOQ's default settings. */
    final JdbcTransaction transaction;
    /** jOOQ on the same connection with the store's settings, for the verdict. */
    final DSLContext storeDsl;

    private boolean ended;

    private TransactionScope(Connection connection, JdbcSession session) {
        this.transaction = new JdbcTransaction(connection, DSL.using(connection, session.sqlDialect()));
        this.storeDsl = session.dsl(connection);
    }

    /** A transaction of its own on a connection from the pool, at READ COMMITTED (see the module README). */
    static TransactionScope own(JdbcSession session) {
        try {
            return new Own(session.dataSource().getConnection(), session);
        } catch (SQLException e) {
            throw StoreErrors.unavailable("open the handler's transaction", e);
        }
    }

    /** A savepoint in the caller's open transaction on {@code connection}, which the caller commits. */
    static TransactionScope joined(Connection connection, JdbcSession session) {
        try {
            return new Joined(connection, session);
        } catch (SQLException e) {
            throw StoreErrors.unavailable("set a savepoint in the caller's transaction", e);
        }
    }

    /** Undoes everything the handler and the store did in this scope. */
    final void rollback() {
        ended = true;
        try {
            undo();
        } catch (SQLException e) {
            throw StoreErrors.unavailable("roll back the handler's transaction", e);
        }
    }

    /** Makes the scope's work final: commits (own) or releases the savepoint (joined: final when the caller commits). */
    final void commit() {
        ended = true;
        try {
            keep();
        } catch (SQLException e) {
            throw StoreErrors.unavailable("commit the handler's transaction; its outcome is unknown", e);
        }
    }

    @Override
    public final void close() {
        try {
            if (!ended) {
                undo();
            }
        } catch (SQLException e) {
            // the connection is broken; nothing of the scope can commit through it any more
        } finally {
            release();
        }
    }

    abstract void undo() throws SQLException;

    abstract void keep() throws SQLException;

    abstract void release();

    private static final class Own extends TransactionScope {
        private final Connection connection;
        private final boolean autoCommit;
        private final int isolation;

        Own(Connection connection, JdbcSession session) throws SQLException {
            super(connection, session);
            this.connection = connection;
            try {
                this.autoCommit = connection.getAutoCommit();
                this.isolation = connection.getTransactionIsolation();
                connection.setAutoCommit(false);
                if (isolation != Connection.TRANSACTION_READ_COMMITTED) {
                    connection.setTransactionIsolation(Connection.TRANSACTION_READ_COMMITTED);
                }
            } catch (SQLException e) {
                connection.close();
                throw e;
            }
        }

        @Override
        void undo() throws SQLException {
            connection.rollback();
        }

        @Override
        void keep() throws SQLException {
            connection.commit();
        }

        @Override
        void release() {
            try (connection) {
                if (isolation != Connection.TRANSACTION_READ_COMMITTED) {
                    connection.setTransactionIsolation(isolation);
                }
                connection.setAutoCommit(autoCommit);
            } catch (SQLException e) {
                // the transaction has ended either way; a broken connection is dropped by the pool
            }
        }
    }

    private static final class Joined extends TransactionScope {
        private final Connection connection;
        private final Savepoint savepoint;

        Joined(Connection connection, JdbcSession session) throws SQLException {
            super(connection, session);
            this.connection = connection;
            this.savepoint = connection.setSavepoint();
        }

        @Override
        void undo() throws SQLException {
            connection.rollback(savepoint);
        }

        @Override
        void keep() throws SQLException {
            connection.releaseSavepoint(savepoint);
        }

        @Override
        void release() {
            // the caller owns the connection and its transaction
        }
    }
}
