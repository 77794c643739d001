package dev.hookguard.jdbc;

import java.sql.Connection;
import org.jooq.DSLContext;

/**
 * The open transaction a {@link TransactionalHandler} writes in: the one that will also hold the event's SUCCEEDED
 * (or REJECTED) record, so both commit or roll back together.
 *
 * @param connection the transaction's connection; not to be committed, rolled back or closed by the handler
 * @param dsl jOOQ on that connection, with the store's dialect and jOOQ's default settings (the store's own statements
 *     use different ones: unquoted names, no execute logging)
 */
public record JdbcTransaction(Connection connection, DSLContext dsl) {}
