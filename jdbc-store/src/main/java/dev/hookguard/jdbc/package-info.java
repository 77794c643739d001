/**
 * The JDBC {@link dev.hookguard.core.IdempotencyStore}: one table on PostgreSQL, H2 or MariaDB/MySQL, every
 * statement written with jOOQ over a hand-written table definition and every value bound. Start with {@link
 * dev.hookguard.jdbc.JdbcIdempotencyStore}; {@link dev.hookguard.jdbc.JdbcPurger} deletes expired records in
 * batches, and {@link dev.hookguard.jdbc.JdbcIdempotentExecutor} runs a handler inside the database transaction
 * that records its verdict. The module README lists the schema and every statement.
 */
@NullMarked
package dev.hookguard.jdbc;

import org.jspecify.annotations.NullMarked;
