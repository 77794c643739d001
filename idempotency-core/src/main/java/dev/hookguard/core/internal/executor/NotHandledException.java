package dev.hookguard.core.internal.executor;

import dev.hookguard.core.executor.ErrorClassifier;

/**
 * The failure recorded for a claimed delivery that the handler never saw: something else answered it (DESIGN.md §1,
 * rule 8). {@link ErrorClassifier} always classifies it {@link dev.hookguard.core.ErrorClass#NOT_HANDLED}, so the
 * record stays FAILED and retryable instead of taking that answer as the event's verdict.
 */
public final class NotHandledException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** A failure described by {@code message}: what answered, and where. */
    public NotHandledException(String message) {
        super(message, null, false, false);
    }
}
