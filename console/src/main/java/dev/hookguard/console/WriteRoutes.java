package dev.hookguard.console;

import dev.hookguard.core.EventKey;
import dev.hookguard.core.operator.AdminOutcome;
import dev.hookguard.core.operator.BulkResult;
import dev.hookguard.core.operator.ListFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/**
 * The API's writes, as form posts: {@code actions/<action>} on one record ({@code endpoint}, {@code id},
 * {@code note}) and {@code bulk/<action>} on every record a filter selects (the list's filter parameters and
 * {@code note}). The servlet has checked the operator's write access and CSRF token before these run.
 */
final class WriteRoutes {

    private final ReadRoutes reads;
    private final RecordActions actions;

    WriteRoutes(ReadRoutes reads, RecordActions actions) {
        this.reads = reads;
        this.actions = actions;
    }

    void one(String actionName, Operator operator, HttpServletRequest request, HttpServletResponse response)
            throws IOException {
        ConsoleAction action = ConsoleAction.parse(actionName);
        EventKey key = reads.key(request);
        AdminOutcome outcome = actions.one(action, key, operator, request.getParameter("note"));
        switch (outcome) {
            case UPDATED ->
                Answers.json(response, 200, json -> {
                    json.writeStartObject();
                    json.writeStringField("outcome", outcome.name());
                    json.writeEndObject();
                });
            case NOT_FOUND -> Answers.error(response, 404, "no record for " + Json.abbreviate(key.asString()));
            case WRONG_STATE ->
                Answers.error(response, 409, action.code() + " does not apply to the record's status; nothing changed");
        }
    }

    void bulk(String actionName, Operator operator, HttpServletRequest request, HttpServletResponse response)
            throws IOException {
        ConsoleAction action = ConsoleAction.parse(actionName);
        ListFilter filter = reads.filter(request);
        BulkResult result = actions.all(action, filter, operator, request.getParameter("note"));
        Answers.json(response, 200, json -> {
            json.writeStartObject();
            json.writeNumberField("matched", result.total());
            json.writeNumberField("updated", result.updated());
            json.writeNumberField("unchanged", result.notFound() + result.wrongState());
            json.writeEndObject();
        });
    }
}
