package dev.hookguard.spring.internal.actuate;

import dev.hookguard.core.EventKey;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.internal.OperatorActions;
import dev.hookguard.core.operator.AdminOutcome;
import dev.hookguard.core.operator.BulkResult;
import dev.hookguard.core.operator.ListFilter;
import dev.hookguard.core.operator.OperatorAction;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/** The four operator actions of the {@code hookguard} Actuator endpoint, on one record or on a filter. */
public enum OperatorVerb {
    /** DEAD, REJECTED or FAILED to QUEUED, due now: the dispatcher redelivers it. */
    REPLAY,
    /** DEAD or REJECTED back to FAILED with its attempts reset: the sender's next delivery runs the handler. */
    REQUEUE,
    /** SUCCEEDED by hand; the note is required. */
    RESOLVE,
    /** SUCCEEDED by hand; the note is optional. */
    SKIP;

    /**
     * The verb this action names, any case; an {@link IllegalArgumentException} naming it otherwise, or when a
     * resolve carries no note.
     */
    static OperatorVerb parse(@Nullable String action, @Nullable String note) {
        OperatorVerb verb;
        try {
            verb = valueOf((action == null ? "" : action.trim()).toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(
                    "action must be replay, requeue, resolve or skip but was '" + action + "'");
        }
        if (verb == RESOLVE && (note == null || note.isBlank())) {
            throw new IllegalArgumentException("resolve needs a note saying how it was resolved");
        }
        return verb;
    }

    /** Carries out this action on one record. */
    AdminOutcome one(OperatorActions actions, EventKey key, OperatorAction by, IdempotencyPolicy policy) {
        return switch (this) {
            case REPLAY -> actions.replay(key, by, policy);
            case REQUEUE -> actions.requeue(key, by, policy);
            case RESOLVE -> actions.resolve(key, by, policy);
            case SKIP -> actions.skip(key, by, policy);
        };
    }

    /** Carries out this action on every record the filter selects, page by page. */
    BulkResult all(OperatorActions actions, ListFilter filter, OperatorAction by, IdempotencyPolicy policy) {
        return switch (this) {
            case REPLAY -> actions.replayAll(filter, by, policy);
            case REQUEUE -> actions.requeueAll(filter, by, policy);
            case RESOLVE -> actions.resolveAll(filter, by, policy);
            case SKIP -> actions.skipAll(filter, by, policy);
        };
    }

    /** The verb as the API spells it. */
    String code() {
        return name().toLowerCase(Locale.ROOT);
    }
}
