package dev.hookguard.core.signature;

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
