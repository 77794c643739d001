package dev.hookguard.core.internal;

import dev.hookguard.core.StoreUnavailableException;

/**
 * A verdict write that failed inside a transaction which is rolled back together with the handler's own writes
 * (the JDBC transactional mode). Unlike a plain {@link StoreUnavailableException}, it must not be retried on its
 * own: a SUCCEEDED written later would answer for work that was undone. The executor gives the verdict up, and
 * the event runs again once its lease ends.
 */
public class UnrecordableVerdictException extends StoreUnavailableException {

    /** An exception with this message and cause. */
    public UnrecordableVerdictException(String message, Throwable cause) {
        super(message, cause);
    }
}
