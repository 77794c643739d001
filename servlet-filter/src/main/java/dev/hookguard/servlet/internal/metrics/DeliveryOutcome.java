package dev.hookguard.servlet.internal.metrics;

import java.util.Locale;

/**
 * The {@code outcome} tag of {@code hookguard.deliveries} (DESIGN.md §7): what became of one delivery that
 * reached a guarded endpoint.
 */
public enum DeliveryOutcome {
    /** The handler ran and its 2xx was recorded SUCCEEDED. */
    PROCESSED,
    /** A stored response was replayed (SUCCEEDED, REJECTED or a DEAD event's acknowledgement). */
    DUPLICATE,
    /** Another delivery of the event holds a live lease; answered 409 (or as configured). */
    IN_PROGRESS,
    /** The event id was seen with another body, or the body with another id; answered 422. */
    MISMATCH,
    /** The signature was missing, malformed, wrong or out of tolerance; answered 401 or 400. */
    REJECTED_SIGNATURE,
    /** The handler failed and attempts remain: recorded FAILED. */
    FAILED,
    /** The handler failed on the last attempt: recorded DEAD, answered 202 (or as configured). */
    DEAD_LETTERED,
    /** The handler answered a non-retryable 4xx: recorded REJECTED. */
    REJECTED,
    /** The body did not match the endpoint's JSON Schema: recorded REJECTED (error class schema), answered 400. */
    REJECTED_SCHEMA,
    /** The store could not be reached for the claim: answered 503, or passed through in fail-open mode. */
    STORE_UNAVAILABLE,
    /**
     * The handler ran but its verdict could not be recorded: answered 503 instead of the handler's response, and
     * the write is retried in the background until the lease ends (DESIGN.md §1, rule 4).
     */
    UNRECORDED,
    /**
     * Something other than the handler answered the claimed delivery (a security filter, a filter after
     * Hookguard's, no servlet at the path): recorded FAILED {@code not_handled}, answered 503 (DESIGN.md §1, rule 8).
     */
    NOT_HANDLED,
    /** The lease was lost before the verdict was written; nothing was recorded. */
    STALE,
    /** Async intake stored the delivery QUEUED (or found it waiting or being handled) and answered 202. */
    QUEUED,
    /** Async intake found the endpoint's due queue over its limit; answered 429 with {@code Retry-After}. */
    QUEUE_FULL;

    /** The tag value: the name in lower case, such as {@code in_progress}. */
    public String tag() {
        return name().toLowerCase(Locale.ROOT);
    }
}
