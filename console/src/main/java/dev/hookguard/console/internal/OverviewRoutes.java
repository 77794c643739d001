package dev.hookguard.console.internal;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.hookguard.console.ConsoleAuthorizer.Operator;
import dev.hookguard.console.ConsoleConfig;
import dev.hookguard.core.ErrorClass;
import dev.hookguard.core.IdempotencyStore;
import dev.hookguard.core.operator.ListFilter;
import dev.hookguard.core.operator.ListFilter.Listing;
import dev.hookguard.servlet.internal.health.StoreHealth;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The API's overview: who is signed in (with the CSRF token), the counts per endpoint, listing and class, and what the
 * store runs on.
 */
final class OverviewRoutes {

    private final ConsoleConfig config;
    private final CsrfTokens csrf;
    private final ActionRules rules;

    OverviewRoutes(ConsoleConfig config, CsrfTokens csrf, ActionRules rules) {
        this.config = config;
        this.csrf = csrf;
        this.rules = rules;
    }

    /**
     * Who is signed in, what they may do (per action: allowed, role, required fields), their CSRF token and what the
     * filters offer.
     */
    void session(Operator operator, HttpServletRequest request, HttpServletResponse response) throws IOException {
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
            json.writeFieldName("actions");
            Json.write(json, rules.view(operator, request));
            json.writeEndObject();
        });
    }

    /** Per endpoint: dead letters, records per listing, and records of the filtered listings per class. */
    void counts(HttpServletRequest request, HttpServletResponse response) throws IOException {
        Answers.json(response, 200, json -> {
            json.writeStartObject();
            json.writeArrayFieldStart("endpoints");
            Set<Listing> listings = FilterParams.listings(ReadRoutes.params(request));
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
                                    .stalledAfter(config.stalledAfter().apply(endpoint))
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

    /**
     * The store's health, as the Actuator's {@code hookguard} health component shows it: {@code up}, and details that
     * name the store's type and, for Redis, what it runs on (AOF, appendfsync, replicas connected, durability setting,
     * shortfalls), never a connection string.
     */
    void store(HttpServletResponse response) throws IOException {
        StoreHealth.Result health =
                config.store() instanceof IdempotencyStore store ? new StoreHealth(store).check() : null;
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("up", health == null ? null : health.up());
        answer.put("details", health == null ? Map.of() : health.details());
        Answers.json(response, 200, json -> Json.write(json, answer));
    }

    private long count(String endpoint, Listing listing) {
        return config.store()
                .count(ListFilter.forEndpoint(endpoint)
                        .listings(listing)
                        .stalledAfter(config.stalledAfter().apply(endpoint))
                        .build());
    }

    private static void stringArray(JsonGenerator json, String field, String[] values) throws IOException {
        json.writeArrayFieldStart(field);
        for (String value : values) {
            json.writeString(value);
        }
        json.writeEndArray();
    }
}
