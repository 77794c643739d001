/**
 * The transactional mode of {@link dev.hookguard.spring.IdempotentWebhook}: the claim, the handler's writes through
 * Spring's transaction on the JDBC store's {@code DataSource} and the SUCCEEDED record commit once, together. The
 * filter's claim opens the transaction and runs the JDBC store's {@link dev.hookguard.jdbc.TransactionalClaim} in it;
 * the transaction is handed to the request thread for the handler; the fenced {@code complete} runs as a statement of
 * it; it commits before the buffered response leaves, and a failed commit is answered 503 so that the sender retries.
 */
@NullMarked
package dev.hookguard.spring.internal.transaction;

import org.jspecify.annotations.NullMarked;
