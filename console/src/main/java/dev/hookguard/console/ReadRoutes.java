package dev.hookguard.console;

import dev.hookguard.core.EventKey;
import dev.hookguard.core.EventRecord;
import dev.hookguard.core.operator.ListFilter;
import dev.hookguard.core.operator.RecordPage;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.jspecify.annotations.Nullable;

/** The API's reads of records: the filtered list, a count, one record, its history. */
final class ReadRoutes {

    private final ConsoleConfig config;
    private final RecordJson records;

    ReadRoutes(ConsoleConfig config) {
        this.config = config;
        this.records = new RecordJson(config.redaction());
    }

    /** A page of the filtered list, summaries only (no payloads). */
    void list(HttpServletRequest request, HttpServletResponse response) throws IOException {
        ListFilter filter = filter(request);
        RecordPage page;
        try {
            page = config.store().list(filter, cursor(request), limit(request));
        } catch (IllegalArgumentException e) { // the store names a malformed cursor
            throw new BadRequestException(e.getMessage());
        }
        Answers.json(response, 200, json -> {
            json.writeStartObject();
            json.writeArrayFieldStart("records");
            for (EventRecord record : page.records()) {
                records.summary(json, record);
            }
            json.writeEndArray();
            Json.string(json, "nextCursor", page.nextCursor());
            json.writeEndObject();
        });
    }

    /** How many records the filter selects: what a bulk action on it would walk. */
    void count(HttpServletRequest request, HttpServletResponse response) throws IOException {
        long count = config.store().count(filter(request));
        Answers.json(response, 200, json -> {
            json.writeStartObject();
            json.writeNumberField("count", count);
            json.writeEndObject();
        });
    }

    /** One record with its payload ({@code body=text|hex}) and history. */
    void record(HttpServletRequest request, HttpServletResponse response) throws IOException {
        RecordJson.BodyView view = "hex".equalsIgnoreCase(request.getParameter("body"))
                ? RecordJson.BodyView.HEX
                : RecordJson.BodyView.TEXT;
        EventKey key = key(request);
        var found = config.finder().find(key);
        if (found.isEmpty()) {
            Answers.error(response, 404, "no record for " + Json.abbreviate(key.asString()));
            return;
        }
        Answers.json(response, 200, json -> records.detail(json, found.get(), view));
    }

    /** The record's audit history, oldest first. */
    void history(HttpServletRequest request, HttpServletResponse response) throws IOException {
        EventKey key = key(request);
        var found = config.finder().find(key);
        if (found.isEmpty()) {
            Answers.error(response, 404, "no record for " + Json.abbreviate(key.asString()));
            return;
        }
        Answers.json(response, 200, json -> RecordJson.history(json, found.get().history()));
    }

    ListFilter filter(HttpServletRequest request) {
        return FilterParams.read(request, config.endpoints(), config.stalledAfter());
    }

    EventKey key(HttpServletRequest request) {
        String endpoint = FilterParams.endpoint(request, config.endpoints());
        String id = request.getParameter("id");
        try {
            return EventKey.of(endpoint, id == null ? "" : id);
        } catch (IllegalArgumentException e) {
            throw new BadRequestException(e.getMessage());
        }
    }

    private static @Nullable String cursor(HttpServletRequest request) {
        String cursor = request.getParameter("cursor");
        return cursor == null || cursor.isEmpty() ? null : cursor;
    }

    private int limit(HttpServletRequest request) {
        String value = request.getParameter("limit");
        if (value == null || value.isBlank()) {
            return config.pageSize();
        }
        try {
            int limit = Integer.parseInt(value.trim());
            if (limit >= 1 && limit <= config.maxPageSize()) {
                return limit;
            }
        } catch (NumberFormatException e) {
            // answered below
        }
        throw new BadRequestException("limit must be a number from 1 to " + config.maxPageSize() + " but was '"
                + Json.abbreviate(value) + "'");
    }
}
