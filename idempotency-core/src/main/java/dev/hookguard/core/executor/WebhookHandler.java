package dev.hookguard.core.executor;

import dev.hookguard.core.StoredResponse;

/** The business handler that {@link IdempotentExecutor} runs at most once per successful event. */
@FunctionalInterface
public interface WebhookHandler {

    /**
     * Handles the event and returns the response to give the sender (and to replay to duplicates). Any
     * exception counts as a retryable failure.
     */
    StoredResponse handle() throws Exception;
}
