package dev.hookguard.core.executor;

/** What became of a handler run that the executor recorded (or tried to). */
public enum Verdict {
    /** 2xx: recorded SUCCEEDED. */
    PROCESSED,
    /** Non-retryable 4xx: recorded REJECTED, listed with the dead letters. */
    REJECTED,
    /** Retryable result or exception, attempts left: recorded FAILED; the next delivery runs it again. */
    FAILED,
    /** Retryable failure on the last allowed attempt: recorded DEAD with its payload. */
    DEAD_LETTERED,
    /** The lease was lost to another worker before the verdict was written; nothing was recorded. */
    STALE,
    /**
     * The store could not take the verdict now: do not acknowledge the event (answer 503). The write is retried
     * in the background until the lease ends; if it never lands, a redelivery runs the handler again.
     */
    UNRECORDED
}
