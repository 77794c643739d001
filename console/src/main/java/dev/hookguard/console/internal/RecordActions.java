package dev.hookguard.console.internal;

import dev.hookguard.console.ReplayListener;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.internal.OperatorActions;
import dev.hookguard.core.operator.ListFilter;
import dev.hookguard.core.operator.OperatorAction;
import dev.hookguard.core.operator.OperatorAction.AuditEntry;
import dev.hookguard.core.operator.OperatorStore;
import dev.hookguard.core.operator.OperatorStore.AdminOutcome;
import dev.hookguard.core.operator.OperatorStore.BulkResult;
import java.time.Duration;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * The operator API's side of an action: the operator's name and note become the {@link OperatorAction}, the endpoint's
 * policy gives the retention, core's {@link OperatorActions} carries it out and logs it (a bulk action page by
 * page, {@value OperatorActions#PAGE_SIZE} records at a time), and after a replay the {@link ReplayListener} is
 * told, so that a dispatcher can redeliver at once.
 */
final class RecordActions {

    private final OperatorActions actions;
    private final Function<String, IdempotencyPolicy> policies;
    private final ReplayListener replayListener;

    RecordActions(
            OperatorStore store,
            Function<String, IdempotencyPolicy> policies,
            ReplayListener replayListener,
            Duration auditRetention) {
        this.actions = new OperatorActions(store, auditRetention);
        this.policies = policies;
        this.replayListener = replayListener;
    }

    /** Appends an endpoint's pause or resume to its audit trail. */
    void audited(String endpoint, AuditEntry change) {
        actions.audited(endpoint, change);
    }

    AdminOutcome one(ConsoleAction action, EventKey key, OperatorAction by) {
        return one(action, key, by, true);
    }

    /** One record; tells the replay listener after a replay when {@code tell} (a selection tells it once, after). */
    AdminOutcome one(ConsoleAction action, EventKey key, OperatorAction by, boolean tell) {
        AdminOutcome outcome = action.one(actions, key, by, policies.apply(key.endpoint()));
        if (tell) {
            replayed(action, key.endpoint(), BulkResult.NONE.plus(outcome));
        }
        return outcome;
    }

    BulkResult all(ConsoleAction action, ListFilter filter, OperatorAction by) {
        BulkResult result = action.all(actions, filter, by, policies.apply(filter.endpoint()));
        replayed(action, filter.endpoint(), result);
        return result;
    }

    /** Tells the replay listener when a replay made records of the endpoint QUEUED. */
    void replayed(ConsoleAction action, String endpoint, BulkResult result) {
        if (action == ConsoleAction.REPLAY && result.updated() > 0) {
            replayListener.replayed(endpoint);
        }
    }

    /** The operator and note of an action; a {@link BadRequestException} when the action needs a note and has none. */
    static OperatorAction by(ConsoleAction action, String actor, @Nullable String note) {
        OperatorAction by = new OperatorAction(actor, note);
        if (action.needsNote() && by.note() == null) {
            throw new BadRequestException(action.code() + " needs a note saying why");
        }
        return by;
    }
}
