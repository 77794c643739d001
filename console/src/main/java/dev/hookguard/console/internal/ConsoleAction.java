package dev.hookguard.console.internal;

import dev.hookguard.core.EventKey;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.internal.OperatorActions;
import dev.hookguard.core.operator.ListFilter;
import dev.hookguard.core.operator.OperatorAction;
import dev.hookguard.core.operator.OperatorStore.AdminOutcome;
import dev.hookguard.core.operator.OperatorStore.BulkResult;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * The actions an operator can take on a record, as the operator API names them ({@code replay}, {@code requeue}, …),
 * in the console and the Actuator endpoint alike.
 */
enum ConsoleAction {
    /** DEAD, REJECTED or FAILED → QUEUED, due now: the dispatcher redelivers it. */
    REPLAY,
    /** DEAD or REJECTED → FAILED: the sender's next delivery runs the handler again. */
    REQUEUE,
    /** DEAD, REJECTED or FAILED → SUCCEEDED by hand; a note is required. */
    RESOLVE,
    /** DEAD, REJECTED or FAILED → SUCCEEDED, given up; the note is optional. */
    SKIP;

    /** The action of this name, any case; anything else is a {@link BadRequestException} naming it. */
    static ConsoleAction parse(@Nullable String name) {
        try {
            return valueOf((name == null ? "" : name.trim()).toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new BadRequestException("action must be replay, requeue, resolve or skip but was '"
                    + Json.abbreviate(String.valueOf(name)) + "'");
        }
    }

    /** True when the action cannot run without a note. */
    boolean needsNote() {
        return this == RESOLVE;
    }

    /** Carries the action out on one record, as one atomic store operation (logged by {@link OperatorActions}). */
    AdminOutcome one(OperatorActions actions, EventKey key, OperatorAction action, IdempotencyPolicy policy) {
        return switch (this) {
            case REPLAY -> actions.replay(key, action, policy);
            case REQUEUE -> actions.requeue(key, action, policy);
            case RESOLVE -> actions.resolve(key, action, policy);
            case SKIP -> actions.skip(key, action, policy);
        };
    }

    /** Carries the action out on every record the filter selects, page by page. */
    BulkResult all(OperatorActions actions, ListFilter filter, OperatorAction action, IdempotencyPolicy policy) {
        return switch (this) {
            case REPLAY -> actions.replayAll(filter, action, policy);
            case REQUEUE -> actions.requeueAll(filter, action, policy);
            case RESOLVE -> actions.resolveAll(filter, action, policy);
            case SKIP -> actions.skipAll(filter, action, policy);
        };
    }

    /** The lower-case name the API uses. */
    String code() {
        return name().toLowerCase(Locale.ROOT);
    }
}
