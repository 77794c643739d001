package dev.hookguard.console;

import dev.hookguard.core.EventKey;
import dev.hookguard.core.internal.OperatorActions;
import dev.hookguard.core.operator.AdminOutcome;
import dev.hookguard.core.operator.BulkResult;
import dev.hookguard.core.operator.ListFilter;
import dev.hookguard.core.operator.OperatorAction;
import org.jspecify.annotations.Nullable;

/**
 * The console's side of an action: the operator's name and note become the {@link OperatorAction}, the endpoint's
 * policy gives the retention, core's {@link OperatorActions} carries it out and logs it (a bulk action page by
 * page, {@value OperatorActions#PAGE_SIZE} records at a time), and after a replay the {@link ReplayListener} is
 * told, so that a dispatcher can redeliver at once.
 */
final class RecordActions {

    private final ConsoleConfig config;
    private final OperatorActions actions;

    RecordActions(ConsoleConfig config) {
        this.config = config;
        this.actions = new OperatorActions(config.store());
    }

    AdminOutcome one(ConsoleAction action, EventKey key, Operator operator, @Nullable String note) {
        AdminOutcome outcome = action.one(
                actions,
                key,
                operatorAction(action, operator, note),
                config.policies().apply(key.endpoint()));
        if (action == ConsoleAction.REPLAY && outcome == AdminOutcome.UPDATED) {
            config.replayListener().replayed(key.endpoint());
        }
        return outcome;
    }

    BulkResult all(ConsoleAction action, ListFilter filter, Operator operator, @Nullable String note) {
        BulkResult result = action.all(
                actions,
                filter,
                operatorAction(action, operator, note),
                config.policies().apply(filter.endpoint()));
        if (action == ConsoleAction.REPLAY && result.updated() > 0) {
            config.replayListener().replayed(filter.endpoint());
        }
        return result;
    }

    private static OperatorAction operatorAction(ConsoleAction action, Operator operator, @Nullable String note) {
        OperatorAction by = new OperatorAction(operator.name(), note);
        if (action.needsNote() && by.note() == null) {
            throw new BadRequestException(action.code() + " needs a note saying why");
        }
        return by;
    }
}
