package dev.hookguard.core;

/**
 * The state of one event's record (DESIGN.md §3). Stores persist {@link #code()}, never the ordinal, so
 * the set can grow in a rolling upgrade.
 */
public enum RecordStatus {
    /**
     * Accepted with its payload and waiting in the due queue for a dispatch (async intake, or an operator's
     * replay); no one holds it. A claim takes it over like a FAILED record.
     */
    QUEUED("Q"),
    /** Claimed by a worker whose lease may or may not still be live. */
    PROCESSING("P"),
    /** The handler answered 2xx, or an operator resolved a dead letter; duplicates replay the response. */
    SUCCEEDED("S"),
    /** The handler failed with a retryable result; the next delivery reclaims. */
    FAILED("F"),
    /** The handler failed on every allowed attempt; payload and headers are kept for operators. */
    DEAD("D"),
    /** The handler answered a non-retryable 4xx; terminal, replayed as is, listed with the dead letters. */
    REJECTED("R");

    private final String code;

    RecordStatus(String code) {
        this.code = code;
    }

    /** The stable one-letter code stores persist. */
    public String code() {
        return code;
    }

    /** True for the states a claim never leaves on its own: SUCCEEDED, DEAD and REJECTED (not QUEUED). */
    public boolean isTerminal() {
        return this == SUCCEEDED || this == DEAD || this == REJECTED;
    }

    /** True for the states operators see in the dead-letter queue: DEAD and REJECTED. */
    public boolean isDeadLetter() {
        return this == DEAD || this == REJECTED;
    }

    /** The status with this stored code. */
    public static RecordStatus fromCode(String code) {
        for (RecordStatus status : values()) {
            if (status.code.equals(code)) {
                return status;
            }
        }
        throw new IllegalArgumentException("unknown record status code '" + code + "'");
    }
}
