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

    /**
     * Why a delivery's signature was not accepted. The HTTP layer answers {@link #httpStatus()}: 400 for a header
     * that cannot be parsed (the sender, or a proxy, is broken), 401 for everything else (the request is not
     * proven authentic). Either way nothing is written to the store.
     */
    public enum RejectionReason {
        /** A header the scheme needs is absent. 401. */
        MISSING_HEADER(401),
        /** A header is present but cannot be parsed: no timestamp, a non-numeric timestamp, no decodable signature. 400. */
        MALFORMED_HEADER(400),
        /** The signed timestamp is further from the verifier's clock than the tolerance, in either direction. 401. */
        TIMESTAMP_OUT_OF_TOLERANCE(401),
        /** The header parses, but no signature in it matches the content under any configured secret. 401. */
        NO_MATCHING_SIGNATURE(401),
        /** The header only carries signatures of a version or algorithm this verifier does not check. 401. */
        UNSUPPORTED_VERSION(401);

        private final int httpStatus;

        RejectionReason(int httpStatus) {
            this.httpStatus = httpStatus;
        }

        /** The status the HTTP layer answers: 400 for {@link #MALFORMED_HEADER}, otherwise 401. */
        public int httpStatus() {
            return httpStatus;
        }
    }
}
