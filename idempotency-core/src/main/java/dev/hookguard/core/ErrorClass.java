package dev.hookguard.core;

/**
 * Why an attempt failed, in words an operator can filter and alert on (DESIGN.md §8). Stored with every
 * FAILED, DEAD and REJECTED record as {@link #code()}, never the ordinal, so the set can grow.
 */
public enum ErrorClass {
    /** The handler, or something it called, timed out; also HTTP 408 and 504. */
    TIMEOUT("timeout"),
    /** A connection could not be made or was cut. */
    NETWORK("network"),
    /** Something downstream asked to slow down: HTTP 429, or a mapped quota exception. */
    RATE_LIMITED("rate_limited"),
    /** The handler answered a retryable 5xx (or 1xx / 3xx / 425). */
    SERVER_ERROR("server_error"),
    /** The handler threw an exception no other class describes. */
    EXCEPTION("exception"),
    /**
     * The handler answered 401 or 403: it, or something it called, refused our credentials (a rotated key, a revoked
     * token). A rejection like any final 4xx, told apart so that it can be alerted on and replayed once fixed.
     */
    AUTH("auth"),
    /** The handler refused the event with a non-retryable 4xx: a REJECTED record's default class. */
    CLIENT_ERROR("client_error"),
    /** The event's content did not match what the handler expects (a mapped parse or validation error). */
    SCHEMA("schema"),
    /** The handler ran but its verdict could not be recorded (store unreachable, lease lapsed unnoticed). */
    UNRECORDED("unrecorded"),
    /**
     * The handler never ran: something else answered the claimed delivery (the application's security chain, the
     * framework's 404/405, a filter after Hookguard's). A misconfiguration, never the handler's verdict (DESIGN.md
     * §1, rule 8): the event stays retryable.
     */
    NOT_HANDLED("not_handled");

    private final String code;

    ErrorClass(String code) {
        this.code = code;
    }

    /** The stable lower-case code that stores persist and meters carry as a tag. */
    public String code() {
        return code;
    }

    /** The class with this stored code; anything else is an {@link IllegalArgumentException} naming it. */
    public static ErrorClass fromCode(String code) {
        for (ErrorClass errorClass : values()) {
            if (errorClass.code.equals(code)) {
                return errorClass;
            }
        }
        throw new IllegalArgumentException("unknown error class code '" + code + "'");
    }
}
