package dev.hookguard.core;

import org.jspecify.annotations.Nullable;

/**
 * A terminal verdict of the handler, as given to {@link IdempotencyStore#complete}: SUCCEEDED with the
 * response to replay, or REJECTED with the response and the payload kept for operators.
 *
 * @param status SUCCEEDED or REJECTED
 * @param response the response to replay to duplicates, already capped by the policy
 * @param payload the delivery, kept for REJECTED records; null for SUCCEEDED ones
 */
public record Completion(
        RecordStatus status,
        StoredResponse response,
        @Nullable Payload payload) {

    /** Checks that the status is terminal and that a rejection keeps its payload. */
    public Completion {
        if (status != RecordStatus.SUCCEEDED && status != RecordStatus.REJECTED) {
            throw new IllegalArgumentException("a completion must be SUCCEEDED or REJECTED but was " + status);
        }
        if (status == RecordStatus.REJECTED && payload == null) {
            throw new IllegalArgumentException("a REJECTED completion must keep its payload");
        }
    }

    /** The handler succeeded. */
    public static Completion succeeded(StoredResponse response) {
        return new Completion(RecordStatus.SUCCEEDED, response, null);
    }

    /** The handler rejected the delivery with a non-retryable 4xx. */
    public static Completion rejected(StoredResponse response, Payload payload) {
        return new Completion(RecordStatus.REJECTED, response, payload);
    }
}
