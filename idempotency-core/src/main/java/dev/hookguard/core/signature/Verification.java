package dev.hookguard.core.signature;

import java.time.Instant;
import java.util.Optional;

/**
 * The outcome of checking one delivery's signature. A bad request is a {@link Rejected} value, never an
 * exception; handle both with an exhaustive {@code switch}.
 */
public sealed interface Verification {

    /** Whether this is {@link Verified}. */
    default boolean isVerified() {
        return this instanceof Verified;
    }

    /**
     * A secret's signature matched and the timestamp, if the scheme signs one, lies within the tolerance.
     *
     * @param timestamp the signed timestamp; empty for schemes without one (GitHub, Shopify, generic without a
     *     timestamp header)
     */
    record Verified(Optional<Instant> timestamp) implements Verification {

        /** A verification without a timestamp. */
        public static Verified untimed() {
            return new Verified(Optional.empty());
        }

        /** A verification with this signed timestamp. */
        public static Verified at(Instant timestamp) {
            return new Verified(Optional.of(timestamp));
        }
    }

    /**
     * The delivery is not proven authentic.
     *
     * @param reason the category, which decides the HTTP status ({@link RejectionReason#httpStatus()})
     * @param message one short sentence for the response body and the log; it names headers, never a secret or
     *     an expected signature
     */
    record Rejected(RejectionReason reason, String message) implements Verification {

        /** The status the HTTP layer answers: 400 when malformed, else 401. */
        public int httpStatus() {
            return reason.httpStatus();
        }
    }

    /** A rejection with this reason and message. */
    static Rejected rejected(RejectionReason reason, String message) {
        return new Rejected(reason, message);
    }
}
