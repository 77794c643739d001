package dev.hookguard.console.internal;

import dev.hookguard.console.ConsoleConfig;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.operator.ListFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.List;

/** The API's reads of records: the filtered list, a count, one record, its history. */
final class ReadRoutes {

    private final ConsoleConfig config;
    private final OperatorService operator;

    ReadRoutes(ConsoleConfig config, OperatorService operator) {
        this.config = config;
        this.operator = operator;
    }

    /** A page of the filtered list, summaries only (no payloads). */
    void list(HttpServletRequest request, HttpServletResponse response) throws IOException {
        Answers.answer(response, operator.list(endpoint(request), params(request)));
    }

    /** How many records the filter selects: what a bulk action on it would walk. */
    void count(HttpServletRequest request, HttpServletResponse response) throws IOException {
        Answers.answer(response, operator.count(endpoint(request), params(request)));
    }

    /** One record with its payload ({@code body=text|hex}) and history. */
    void record(HttpServletRequest request, HttpServletResponse response) throws IOException {
        Answers.answer(response, operator.record(key(request), params(request)));
    }

    /** The record's audit history, oldest first. */
    void history(HttpServletRequest request, HttpServletResponse response) throws IOException {
        EventKey key = key(request);
        var found = operator.find(key);
        if (found.isEmpty()) {
            Answers.error(response, 404, "no record for " + Json.abbreviate(key.asString()));
            return;
        }
        Answers.json(
                response,
                200,
                json -> Json.write(json, RecordJson.history(found.get().history())));
    }

    ListFilter filter(HttpServletRequest request) {
        return operator.filter(endpoint(request), params(request));
    }

    EventKey key(HttpServletRequest request) {
        String endpoint = endpoint(request);
        String id = request.getParameter("id");
        try {
            return EventKey.of(endpoint, id == null ? "" : id);
        } catch (IllegalArgumentException e) {
            throw new BadRequestException(e.getMessage());
        }
    }

    /** The request's {@code endpoint}: required, one of the console's. */
    String endpoint(HttpServletRequest request) {
        String endpoint = request.getParameter("endpoint");
        if (endpoint == null || endpoint.isBlank()) {
            throw new BadRequestException("parameter endpoint is required");
        }
        if (!config.endpoints().contains(endpoint)) {
            throw new BadRequestException(
                    "endpoint '" + Json.abbreviate(endpoint) + "' is not one of " + config.endpoints());
        }
        return endpoint;
    }

    /** The request's parameters, query or form, for the operator service. */
    static OperatorService.Params params(HttpServletRequest request) {
        return name -> {
            String[] values = request.getParameterValues(name);
            return values == null ? List.of() : List.of(values);
        };
    }
}
