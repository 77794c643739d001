package dev.hookguard.servlet;

import dev.hookguard.servlet.internal.dispatch.Dispatcher;

/**
 * How an endpoint takes a delivery in (DESIGN.md §8). Set per endpoint with {@link RecoveryConfig#intake()};
 * init-param {@code <endpoint>.intake}.
 */
public enum Intake {
    /** The handler runs inside the sender's request and its verdict is the answer (the default). */
    SYNC,
    /**
     * The delivery is verified and stored QUEUED with its payload, answered {@code 202} at once, and handed to the
     * handler by the {@link Dispatcher}. The sender takes the 202 as success and never retries, so an async
     * endpoint's failures are always retried by the receiver, whatever its {@link Retries}.
     */
    ASYNC
}
