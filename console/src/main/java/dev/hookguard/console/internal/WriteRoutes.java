package dev.hookguard.console.internal;

import dev.hookguard.console.ConsoleAuthorizer.Operator;
import dev.hookguard.console.ConsoleConfig;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The API's writes, as form posts: {@code actions/<action>} on one record ({@code endpoint}, {@code id},
 * {@code note}), {@code selected/<action>} on exactly the records named ({@code endpoint}, {@code id} repeated,
 * {@code note}) and {@code bulk/<action>} on every record a filter selects (the list's filter parameters and
 * {@code note}). The servlet has checked the operator's write access and CSRF token before these run; here each
 * action's role and required fields ({@link ActionRules}: {@code note} the reason, {@code ticketId}, {@code
 * fixSummary}) are checked, and the fields given become the audit history's note.
 */
final class WriteRoutes {

    private final ReadRoutes reads;
    private final OperatorService operator;
    private final ActionRules rules;

    WriteRoutes(ReadRoutes reads, OperatorService operator, ActionRules rules) {
        this.reads = reads;
        this.operator = operator;
        this.rules = rules;
    }

    void one(String actionName, Operator operator, HttpServletRequest request, HttpServletResponse response)
            throws IOException {
        String action = ConsoleAction.parse(actionName).code(); // an unknown action is a 400 before anything else
        if (!refused(action, operator, request, response)) {
            Answers.answer(response, this.operator.act(action, reads.key(request), operator.name(), note(request)));
        }
    }

    void selected(String actionName, Operator operator, HttpServletRequest request, HttpServletResponse response)
            throws IOException {
        String action = ConsoleAction.parse(actionName).code();
        if (!refused(action, operator, request, response)) {
            String[] ids = request.getParameterValues("id");
            Answers.answer(
                    response,
                    this.operator.actOnSelected(
                            action,
                            reads.endpoint(request),
                            ids == null ? List.of() : List.of(ids),
                            operator.name(),
                            note(request)));
        }
    }

    void bulk(String actionName, Operator operator, HttpServletRequest request, HttpServletResponse response)
            throws IOException {
        String action = ConsoleAction.parse(actionName).code();
        if (!refused(action, operator, request, response)) {
            Answers.answer(
                    response,
                    this.operator.actOnAll(
                            action,
                            reads.endpoint(request),
                            ReadRoutes.params(request),
                            operator.name(),
                            note(request)));
        }
    }

    /**
     * Pauses or resumes the endpoint's dispatching, under the action's rules as the record actions are: its role and
     * required fields (403 / 400 naming them), the fields kept in the endpoint's audit note.
     */
    void control(String action, Operator operator, HttpServletRequest request, HttpServletResponse response)
            throws IOException {
        if (!ConsoleConfig.ACTIONS.contains(action) || !refused(action, operator, request, response)) {
            // an unknown action is the operator service's 400, naming it
            Answers.answer(
                    response, this.operator.control(action, reads.endpoint(request), operator.name(), note(request)));
        }
    }

    /** Answers 403 or 400 when the operator may not take the action, or leaves out a field it requires. */
    private boolean refused(String action, Operator operator, HttpServletRequest request, HttpServletResponse response)
            throws IOException {
        OperatorService.Answer refusal = rules.refusal(action, operator, request, field -> field(request, field));
        if (refusal != null) {
            Answers.answer(response, refusal);
        }
        return refusal != null;
    }

    /** The reason, ticket id and fix summary as the audit history keeps them. */
    private static @Nullable String note(HttpServletRequest request) {
        return ActionRules.note(field -> field(request, field));
    }

    /** A required field's value: the reason is the {@code note} parameter, the others go by their names. */
    private static @Nullable String field(HttpServletRequest request, String field) {
        return request.getParameter(ConsoleConfig.REASON.equals(field) ? "note" : field);
    }
}
