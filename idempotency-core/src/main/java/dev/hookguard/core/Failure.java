package dev.hookguard.core;

import java.time.Duration;
import org.jspecify.annotations.Nullable;

/**
 * A retryable failure of the handler, as given to {@link IdempotencyStore#fail}.
 *
 * @param payload the delivery, kept with the FAILED or DEAD record
 * @param error a short description of the failure (an exception's class and message, or the status)
 * @param errorClass why it failed, stored with the record
 * @param retryIn non-null when the receiver retries: if the record stays FAILED it enters the due queue,
 *     due at the store's now plus this; null when the sender retries (FAILED, not in the due queue). A
 *     record that turns DEAD never enters the due queue.
 * @param attempt the attempt that failed, which the store appends to the record's attempt log; null when there is
 *     none to keep (a claim given back unused)
 */
public record Failure(
        Payload payload,
        String error,
        ErrorClass errorClass,
        @Nullable Duration retryIn,
        @Nullable Attempt attempt) {

    /** Checks that a retry delay, when given, is not negative. */
    public Failure {
        if (retryIn != null && retryIn.isNegative()) {
            throw new IllegalArgumentException("retryIn must not be negative but was " + retryIn);
        }
    }

    /** A failure without an attempt to keep. */
    public Failure(Payload payload, String error, ErrorClass errorClass, @Nullable Duration retryIn) {
        this(payload, error, errorClass, retryIn, null);
    }

    /** A failure of class {@link ErrorClass#EXCEPTION} that the sender retries. */
    public Failure(Payload payload, String error) {
        this(payload, error, ErrorClass.EXCEPTION, null);
    }

    /** A failure of this class that the sender retries. */
    public Failure(Payload payload, String error, ErrorClass errorClass) {
        this(payload, error, errorClass, null);
    }

    /** This failure, retried by the receiver after {@code delay}. */
    public Failure retryingIn(Duration delay) {
        return new Failure(payload, error, errorClass, delay, attempt);
    }

    /** This failure, keeping {@code attempt} in the record's attempt log. */
    public Failure withAttempt(@Nullable Attempt attempt) {
        return new Failure(payload, error, errorClass, retryIn, attempt);
    }
}
