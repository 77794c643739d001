package dev.hookguard.console;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.hookguard.core.ErrorClass;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.EventRecord;
import dev.hookguard.core.ListFilter;
import dev.hookguard.core.Listing;
import dev.hookguard.core.RecordPage;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Locale;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/** The API's reads: session, counts, the filtered list, one record, its history, a count. */
final class ReadRoutes {

    private final ConsoleConfig config;
    private final CsrfTokens csrf;
    private final RecordJson records;

    ReadRoutes(ConsoleConfig config, CsrfTokens csrf) {
        this.config = config;
        this.csrf = csrf;
        this.records = new RecordJson(config.redaction());
    }

    /** Who is signed in, what they may do, their CSRF token and what the filters offer. */
    void session(Operator operator, HttpServletResponse response) throws IOException {
        Answers.json(response, 200, json -> {
            json.writeStartObject();
            json.writeStringField("operator", operator.name());
            json.writeBooleanField("canWrite", operator.canWrite());
            json.writeStringField("csrfToken", csrf.tokenFor(operator));
            json.writeStringField("csrfHeader", CsrfTokens.HEADER);
            stringArray(json, "endpoints", config.endpoints().toArray(String[]::new));
            json.writeArrayFieldStart("listings");
            for (Listing listing : Listing.values()) {
                json.writeString(listing.name().toLowerCase(Locale.ROOT));
            }
            json.writeEndArray();
            json.writeArrayFieldStart("errorClasses");
            for (ErrorClass errorClass : ErrorClass.values()) {
                json.writeString(errorClass.code());
            }
            json.writeEndArray();
            json.writeEndObject();
        });
    }

    /** Per endpoint: dead letters, records per listing, and records of the filtered listings per class. */
    void counts(HttpServletRequest request, HttpServletResponse response) throws IOException {
        Answers.json(response, 200, json -> {
            json.writeStartObject();
            json.writeArrayFieldStart("endpoints");
            Set<Listing> listings = FilterParams.listings(request);
            for (String endpoint : config.endpoints()) {
                json.writeStartObject();
                json.writeStringField("endpoint", endpoint);
                json.writeNumberField("deadLetters", config.store().deadLetterCount(endpoint));
                json.writeObjectFieldStart("listings");
                for (Listing listing : Listing.values()) {
                    json.writeNumberField(listing.name().toLowerCase(Locale.ROOT), count(endpoint, listing));
                }
                json.writeEndObject();
                json.writeObjectFieldStart("classes");
                for (ErrorClass errorClass : ErrorClass.values()) {
                    long count = config.store()
                            .count(ListFilter.forEndpoint(endpoint)
                                    .listings(listings)
                                    .errorClasses(errorClass)
                                    .stalledAfter(config.stalledAfter())
                                    .build());
                    json.writeNumberField(errorClass.code(), count);
                }
                json.writeEndObject();
                json.writeEndObject();
            }
            json.writeEndArray();
            json.writeEndObject();
        });
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

    private long count(String endpoint, Listing listing) {
        return config.store()
                .count(ListFilter.forEndpoint(endpoint)
                        .listings(listing)
                        .stalledAfter(config.stalledAfter())
                        .build());
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

    private static void stringArray(JsonGenerator json, String field, String[] values) throws IOException {
        json.writeArrayFieldStart(field);
        for (String value : values) {
            json.writeString(value);
        }
        json.writeEndArray();
    }
}
