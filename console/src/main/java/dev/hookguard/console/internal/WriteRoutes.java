package dev.hookguard.console.internal;

import dev.hookguard.console.ConsoleAuthorizer.Operator;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.List;

/**
 * The API's writes, as form posts: {@code actions/<action>} on one record ({@code endpoint}, {@code id},
 * {@code note}), {@code selected/<action>} on exactly the records named ({@code endpoint}, {@code id} repeated,
 * {@code note}) and {@code bulk/<action>} on every record a filter selects (the list's filter parameters and
 * {@code note}). The servlet has checked the operator's write access and CSRF token before these run.
 */
final class WriteRoutes {

    private final ReadRoutes reads;
    private final OperatorService operator;

    WriteRoutes(ReadRoutes reads, OperatorService operator) {
        this.reads = reads;
        this.operator = operator;
    }

    void one(String actionName, Operator operator, HttpServletRequest request, HttpServletResponse response)
            throws IOException {
        ConsoleAction.parse(actionName); // an unknown action is a 400 before the parameters are read
        Answers.answer(
                response,
                this.operator.act(actionName, reads.key(request), operator.name(), request.getParameter("note")));
    }

    void selected(String actionName, Operator operator, HttpServletRequest request, HttpServletResponse response)
            throws IOException {
        ConsoleAction.parse(actionName);
        String[] ids = request.getParameterValues("id");
        Answers.answer(
                response,
                this.operator.actOnSelected(
                        actionName,
                        reads.endpoint(request),
                        ids == null ? List.of() : List.of(ids),
                        operator.name(),
                        request.getParameter("note")));
    }

    void bulk(String actionName, Operator operator, HttpServletRequest request, HttpServletResponse response)
            throws IOException {
        ConsoleAction.parse(actionName);
        Answers.answer(
                response,
                this.operator.actOnAll(
                        actionName,
                        reads.endpoint(request),
                        ReadRoutes.params(request),
                        operator.name(),
                        request.getParameter("note")));
    }
}
