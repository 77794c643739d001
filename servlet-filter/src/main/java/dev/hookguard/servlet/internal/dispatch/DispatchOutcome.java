package dev.hookguard.servlet.internal.dispatch;

import dev.hookguard.servlet.DeliveryMetrics;

/** What became of one dispatch, as the {@code outcome} tag of {@value DeliveryMetrics#DISPATCHES}. */
public enum DispatchOutcome {
    /**
     * The filter answered 2xx: nothing is left to dispatch (SUCCEEDED now, handled before, or DEAD and answered with
     * the dead status).
     */
    SUCCEEDED("succeeded"),
    /** The filter answered 409: another delivery holds the event; it comes due again. */
    IN_PROGRESS("in_progress"),
    /** The filter answered otherwise: the verdict it recorded stands (FAILED and scheduled, DEAD, REJECTED). */
    FAILED("failed"),
    /**
     * The node answered 503 with {@value DispatchHeaders#REFUSED}: its store was unreachable or too slow for the claim
     * (a pool exhausted), nothing was recorded; the dispatcher sends it again after a short delay, within the pick
     * window (each refusal is counted).
     */
    REFUSED("refused"),
    /** No answer (connection refused, timeout): the record comes due again when its window ends. */
    ERROR("error");

    private final String tag;

    DispatchOutcome(String tag) {
        this.tag = tag;
    }

    /** The meter tag value. */
    public String tag() {
        return tag;
    }
}
