package dev.hookguard.core;

/**
 * The store could not be reached, or did not answer within its timeout. The only exception a store throws
 * for a failure of the backend; the servlet filter answers it with 503 and {@code Retry-After}.
 */
public class StoreUnavailableException extends RuntimeException {

    /** An exception with this message and cause. */
    public StoreUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
