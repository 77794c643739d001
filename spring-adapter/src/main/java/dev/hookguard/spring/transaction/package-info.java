/**
 * The transactional mode of {@link dev.hookguard.spring.IdempotentWebhook}: the handler's writes through Spring's
 * transaction on the JDBC store's {@code DataSource} and the SUCCEEDED record commit together. The filter claims as
 * always (on a connection of its own); a transaction spans the hand-off; the store's fenced {@code complete} runs as
 * a statement of that transaction; the transaction commits before the buffered response leaves, and a failed commit
 * is answered 503 so that the sender retries.
 */
@NullMarked
package dev.hookguard.spring.transaction;

import org.jspecify.annotations.NullMarked;
