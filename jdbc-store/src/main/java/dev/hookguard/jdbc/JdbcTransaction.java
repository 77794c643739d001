package dev.hookguard.jdbc;

import java.sql.Connection;
import org.jooq.DSLContext;
import org.jooq.SQLDialect;
import org.jooq.impl.DSL;
import org.jspecify.annotations.Nullable;

/**
 * The open transaction a {@link TransactionalHandler} writes in: the one that will also hold the event's SUCCEEDED
 * (or REJECTED) record, so both commit or roll back together. Not thread-safe; one per event.
 */
public final class JdbcTransaction {

    private final Connection connection;
    private final @Nullable SQLDialect dialect;
    private @Nullable DSLContext dsl;

    /**
     * A transaction on {@code connection} whose {@link #dsl()} is {@code dsl}.
     *
     * @param connection the transaction's connection; not to be committed, rolled back or closed by the handler
     * @param dsl jOOQ on that connection
     */
    public JdbcTransaction(Connection connection, DSLContext dsl) {
        this.connection = connection;
        this.dialect = null;
        this.dsl = dsl;
    }

    /** A transaction whose {@link #dsl()} is made on first use only: a handler that never asks allocates none. */
    JdbcTransaction(Connection connection, SQLDialect dialect) {
        this.connection = connection;
        this.dialect = dialect;
        this.dsl = null;
    }

    /** The transaction's connection; not to be committed, rolled back or closed by the handler. */
    public Connection connection() {
        return connection;
    }

    /**
     * jOOQ on {@link #connection()}, with the store's dialect and jOOQ's default settings (the store's own statements
     * use different ones: unquoted names, no execute logging).
     */
    public DSLContext dsl() {
        DSLContext made = dsl;
        if (made == null) {
            made = DSL.using(connection, dialect == null ? SQLDialect.DEFAULT : dialect);
            dsl = made;
        }
        return made;
    }

    @Override
    public String toString() {
        return "JdbcTransaction[connection=" + connection + "]";
    }
}
