package dev.hookguard.core;

import org.jspecify.annotations.Nullable;

/**
 * A terminal verdict of the handler, as given to {@link IdempotencyStore#complete}: SUCCEEDED with the
 * response to replay, or REJECTED with the response and the payload kept for operators.
 *
 * @param status SUCCEEDED or REJECTED
 * @param response the response to replay to duplicates, already capped by the policy
 * @param payload the delivery, kept for REJECTED records; null for SUCCEEDED ones
 * @param errorClass why a REJECTED record was refused ({@link ErrorClass#CLIENT_ERROR} unless given); null
 *     for SUCCEEDED
 * @param attempt the attempt that gave the verdict, which the store appends to the record's attempt log; null when
 *     there is none to keep
 */
public record Completion(
        RecordStatus status,
        StoredResponse response,
        @Nullable Payload payload,
        @Nullable ErrorClass errorClass,
        @Nullable Attempt attempt) {

    /** Checks that the status is terminal, that a rejection keeps its payload and has an error class. */
    public Completion {
        if (status != RecordStatus.SUCCEEDED && status != RecordStatus.REJECTED) {
            throw new IllegalArgumentException("a completion must be SUCCEEDED or REJECTED but was " + status);
        }
        if (status == RecordStatus.REJECTED && payload == null) {
            throw new IllegalArgumentException("a REJECTED completion must keep its payload");
        }
        if (status == RecordStatus.REJECTED && errorClass == null) {
            errorClass = ErrorClass.CLIENT_ERROR;
        }
        if (status == RecordStatus.SUCCEEDED && errorClass != null) {
            throw new IllegalArgumentException("a SUCCEEDED completion has no error class but was " + errorClass);
        }
    }

    /** A completion without an attempt to keep. */
    public Completion(
            RecordStatus status, StoredResponse response, @Nullable Payload payload, @Nullable ErrorClass errorClass) {
        this(status, response, payload, errorClass, null);
    }

    /** This completion, keeping {@code attempt} in the record's attempt log. */
    public Completion withAttempt(@Nullable Attempt attempt) {
        return new Completion(status, response, payload, errorClass, attempt);
    }

    /** A completion without an explicit error class (REJECTED ones get {@link ErrorClass#CLIENT_ERROR}). */
    public Completion(RecordStatus status, StoredResponse response, @Nullable Payload payload) {
        this(status, response, payload, null, null);
    }

    /** The handler succeeded. */
    public static Completion succeeded(StoredResponse response) {
        return new Completion(RecordStatus.SUCCEEDED, response, null, null, null);
    }

    /** The handler rejected the delivery with a non-retryable 4xx ({@link ErrorClass#CLIENT_ERROR}). */
    public static Completion rejected(StoredResponse response, Payload payload) {
        return new Completion(RecordStatus.REJECTED, response, payload, ErrorClass.CLIENT_ERROR, null);
    }

    /** The handler rejected the delivery for this reason, for example {@link ErrorClass#SCHEMA}. */
    public static Completion rejected(StoredResponse response, Payload payload, ErrorClass errorClass) {
        return new Completion(RecordStatus.REJECTED, response, payload, errorClass, null);
    }
}
