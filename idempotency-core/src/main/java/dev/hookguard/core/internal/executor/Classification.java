package dev.hookguard.core.internal.executor;

/**
 * How a handler's HTTP status is recorded (DESIGN.md §3). 2xx succeed; 408, 425, 429 and 5xx are
 * retryable; every other 4xx is a terminal rejection. 1xx and 3xx are treated as retryable: a webhook
 * sender does not follow redirects, so they mean the endpoint is misconfigured, not that the event is bad.
 */
public enum Classification {
    /** Record SUCCEEDED. */
    SUCCESS,
    /** Record REJECTED. */
    REJECTED,
    /** Record FAILED, or DEAD on the last attempt. */
    RETRYABLE;

    /** The classification of this HTTP status. */
    public static Classification of(int status) {
        if (status >= 200 && status < 300) {
            return SUCCESS;
        }
        if (status >= 400 && status < 500 && status != 408 && status != 425 && status != 429) {
            return REJECTED;
        }
        return RETRYABLE;
    }
}
