package dev.hookguard.jdbc;

import dev.hookguard.core.StoredResponse;

/**
 * A business handler whose side effects live in the store's database and that {@link JdbcIdempotentExecutor} runs
 * inside the transaction that records its verdict.
 */
@FunctionalInterface
public interface TransactionalHandler {

    /**
     * Handles the event with {@code transaction}'s connection and returns the response for the sender. Do not commit,
     * roll back or close the connection; throw to roll back. Any exception counts as a retryable failure.
     */
    StoredResponse handle(JdbcTransaction transaction) throws Exception;
}
