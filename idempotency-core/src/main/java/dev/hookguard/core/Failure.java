package dev.hookguard.core;

/**
 * A retryable failure of the handler, as given to {@link IdempotencyStore#fail}.
 *
 * @param payload the delivery, kept with the FAILED or DEAD record
 * @param error a short description of the failure (an exception's class and message, or the status)
 */
public record Failure(Payload payload, String error) {}
