package dev.hookguard.spring.internal.actuate;

import dev.hookguard.core.EventKey;
import dev.hookguard.core.EventRecord;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.RecoveryStore;
import dev.hookguard.core.StoreUnavailableException;
import dev.hookguard.core.internal.OperatorActions;
import dev.hookguard.core.operator.AdminOutcome;
import dev.hookguard.core.operator.BulkResult;
import dev.hookguard.core.operator.ListFilter;
import dev.hookguard.core.operator.OperatorAction;
import dev.hookguard.core.operator.RecordPage;
import dev.hookguard.spring.WebhookEndpoint;
import dev.hookguard.spring.internal.web.EndpointDefinitions;
import java.security.Principal;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.springframework.boot.actuate.endpoint.SecurityContext;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;
import org.springframework.boot.actuate.endpoint.annotation.Selector;
import org.springframework.boot.actuate.endpoint.annotation.WriteOperation;
import org.springframework.boot.actuate.endpoint.web.WebEndpointResponse;
import org.springframework.lang.Nullable;

/**
 * The {@code hookguard} Actuator endpoint: the operator's view of the dead-letter queue (DEAD and REJECTED records),
 * and of failed, queued and stalled records, of each Hookguard endpoint, with the due queue's figures and the
 * operator actions on one record or on a filter. Like every Actuator endpoint it is secured by the application's
 * security and exposed only when asked ({@code management.endpoints.web.exposure.include=hookguard}).
 *
 * <ul>
 *   <li>{@code GET /actuator/hookguard}: the store's type, and per endpoint its dead letters, due queue (depth, due
 *       now, age of the oldest due record) and stalled records;
 *   <li>{@code GET /actuator/hookguard/{endpoint}?cursor=&limit=&listing=&errorClass=&text=&from=&to=}: one page of
 *       dead letters (or of the listings named, comma-separated: dead, rejected, failed, queued, stalled), oldest
 *       first, filtered by error class codes, text and time of the last change, with the cursor of the next page; no
 *       cursor, or an empty one, means the first page, and a cursor this store did not give out is a 400;
 *   <li>{@code GET /actuator/hookguard/{endpoint}/{eventId}}: one record, with its stored response and payload
 *       (headers that carry signatures or credentials redacted);
 *   <li>{@code POST /actuator/hookguard/{endpoint}/{eventId}} with {@code {"action": "replay"}}, {@code {"action":
 *       "requeue"}}, {@code {"action": "resolve", "note": "..."}} or {@code {"action": "skip"}} (a note is optional
 *       but for resolve): replay turns a DEAD, REJECTED or FAILED record into QUEUED, due now, and wakes the
 *       dispatcher, which redelivers it through the production path; requeue turns a dead letter back into FAILED
 *       with its attempts reset, so the sender's next delivery runs the handler; resolve and skip record it as
 *       SUCCEEDED (the note kept), so duplicates are acknowledged and never run the handler;
 *   <li>{@code POST /actuator/hookguard/{endpoint}} with the action and the listing's filter ({@code listing},
 *       {@code errorClass}, {@code text}, {@code from}, {@code to}): the action on every record the filter selects,
 *       walked page by page, answered with how many records matched, changed and did not.
 * </ul>
 *
 * The principal's name is kept in the record's history. Answers 404 for an unknown endpoint or record, 409 when the
 * action does not apply to the record's status, 400 for a bad request and 503 when the store is unreachable.
 */
@Endpoint(id = "hookguard")
public class DeadLetterEndpoint {

    /** Dead letters on a page unless {@code limit} says otherwise. */
    public static final int DEFAULT_LIMIT = 20;
    /** The most dead letters on a page. */
    public static final int MAX_LIMIT = 200;

    /** The actor of actions taken without an authenticated principal. */
    static final String ANONYMOUS = "actuator";

    private final RecoveryStore store;
    private final OperatorActions operator;
    private final Supplier<Map<String, EndpointDefinitions.Definition>> endpoints;
    private final Consumer<String> replayed;

    /**
     * An endpoint on this store whose replays nobody is told about (the dispatcher finds them on its next poll).
     *
     * @param endpoints the defined Hookguard endpoints by name, looked up on each call (their policies give the
     *     retention of resolved and requeued records)
     */
    public DeadLetterEndpoint(RecoveryStore store, Supplier<Map<String, EndpointDefinitions.Definition>> endpoints) {
        this(store, endpoints, endpoint -> {});
    }

    /**
     * An endpoint on this store.
     *
     * @param endpoints the defined Hookguard endpoints by name, looked up on each call (their policies give the
     *     retention of resolved and requeued records)
     * @param replayed told the endpoint's name after a replay made records of it QUEUED (the dispatcher's wake-up)
     */
    public DeadLetterEndpoint(
            RecoveryStore store,
            Supplier<Map<String, EndpointDefinitions.Definition>> endpoints,
            Consumer<String> replayed) {
        this.store = store;
        this.operator = new OperatorActions(store);
        this.endpoints = endpoints;
        this.replayed = replayed;
    }

    /**
     * The store's type, and each Hookguard endpoint with its dead letters, due queue (depth, due now, age of the
     * oldest due record in seconds) and stalled records.
     */
    @ReadOperation
    public WebEndpointResponse<Map<String, Object>> endpoints() {
        return guarded(() -> {
            Map<String, Object> counts = new LinkedHashMap<>();
            endpoints
                    .get()
                    .keySet()
                    .forEach(name -> counts.put(name, EndpointOverview.of(store, name, stalledAfter(name))));
            Map<String, Object> view = new LinkedHashMap<>();
            view.put("store", StoreHealth.type(store));
            view.put("endpoints", counts);
            return new WebEndpointResponse<>(view);
        });
    }

    /**
     * One page of an endpoint's records: its dead letters unless {@code listing} names others
     * (comma-separated: dead, rejected, failed, queued, stalled), narrowed by {@code errorClass}
     * (comma-separated codes such as {@code timeout,network}), {@code text} (in the event id or last error) and
     * {@code from} / {@code to} (ISO-8601 instants around the record's last change).
     */
    @ReadOperation
    public WebEndpointResponse<Map<String, Object>> deadLetters(
            @Selector String endpoint,
            @Nullable String cursor,
            @Nullable Integer limit,
            @Nullable String listing,
            @Nullable String errorClass,
            @Nullable String text,
            @Nullable String from,
            @Nullable String to) {
        if (policy(endpoint).isEmpty()) {
            return error(WebEndpointResponse.STATUS_NOT_FOUND, "no Hookguard endpoint '" + endpoint + "'");
        }
        int size = limit == null ? DEFAULT_LIMIT : limit;
        if (size < 1 || size > MAX_LIMIT) {
            return error(
                    WebEndpointResponse.STATUS_BAD_REQUEST, "limit must be 1 to " + MAX_LIMIT + " but was " + size);
        }
        ListFilter filter;
        try {
            filter = ListingQuery.filter(endpoint, listing, errorClass, text, from, to, stalledAfter(endpoint));
        } catch (IllegalArgumentException e) {
            return error(WebEndpointResponse.STATUS_BAD_REQUEST, e.getMessage());
        }
        @org.jspecify.annotations.Nullable String after = cursor == null || cursor.isBlank() ? null : cursor.trim();
        return guarded(() -> {
            RecordPage page;
            try {
                page = store.list(filter, after, size);
            } catch (IllegalArgumentException e) {
                return error(WebEndpointResponse.STATUS_BAD_REQUEST, e.getMessage());
            }
            Map<String, Object> view = new LinkedHashMap<>();
            view.put("endpoint", endpoint);
            view.put(
                    "deadLetters",
                    page.records().stream().map(RecordView::summary).toList());
            view.put("nextCursor", page.nextCursor());
            return new WebEndpointResponse<>(view);
        });
    }

    /** One record of an endpoint, dead letter or not. */
    @ReadOperation
    public WebEndpointResponse<Map<String, Object>> record(
            @Selector String endpoint, @Selector(match = Selector.Match.ALL_REMAINING) String[] eventId) {
        EventKey key = key(endpoint, eventId);
        if (key == null || policy(endpoint).isEmpty()) {
            return notFound(endpoint, eventId);
        }
        return guarded(() -> store.find(key)
                .map(record -> new WebEndpointResponse<>(RecordView.detail(record)))
                .orElseGet(() -> notFound(endpoint, eventId)));
    }

    /**
     * Replays, requeues, resolves or skips one record, as the authenticated principal (or {@code actuator}
     * when there is none); the action is kept in the record's history and logged. A replay wakes the dispatcher.
     */
    @WriteOperation
    public WebEndpointResponse<Map<String, Object>> act(
            @Selector String endpoint,
            @Selector(match = Selector.Match.ALL_REMAINING) String[] eventId,
            String action,
            @Nullable String note,
            @Nullable SecurityContext security) {
        EventKey key = key(endpoint, eventId);
        Optional<IdempotencyPolicy> policy = policy(endpoint);
        if (key == null || policy.isEmpty()) {
            return notFound(endpoint, eventId);
        }
        OperatorVerb verb;
        try {
            verb = OperatorVerb.parse(action, note);
        } catch (IllegalArgumentException e) {
            return error(WebEndpointResponse.STATUS_BAD_REQUEST, e.getMessage());
        }
        OperatorAction by = new OperatorAction(actor(security), note);
        return guarded(() -> {
            AdminOutcome outcome = verb.one(operator, key, by, policy.get());
            if (verb == OperatorVerb.REPLAY && outcome == AdminOutcome.UPDATED) {
                replayed.accept(endpoint);
            }
            return answer(key, outcome);
        });
    }

    /**
     * Replays, requeues, resolves or skips every record the filter selects (the listing's parameters: by default the
     * dead letters), page by page, as the authenticated principal; answers how many records matched, how many the
     * action changed and how many it did not (changed meanwhile, or gone). A replay wakes the dispatcher.
     */
    @WriteOperation
    public WebEndpointResponse<Map<String, Object>> actOnAll(
            @Selector String endpoint,
            String action,
            @Nullable String note,
            @Nullable String listing,
            @Nullable String errorClass,
            @Nullable String text,
            @Nullable String from,
            @Nullable String to,
            @Nullable SecurityContext security) {
        Optional<IdempotencyPolicy> policy = policy(endpoint);
        if (policy.isEmpty()) {
            return error(WebEndpointResponse.STATUS_NOT_FOUND, "no Hookguard endpoint '" + endpoint + "'");
        }
        OperatorVerb verb;
        ListFilter filter;
        try {
            verb = OperatorVerb.parse(action, note);
            filter = ListingQuery.filter(endpoint, listing, errorClass, text, from, to, stalledAfter(endpoint));
        } catch (IllegalArgumentException e) {
            return error(WebEndpointResponse.STATUS_BAD_REQUEST, e.getMessage());
        }
        OperatorAction by = new OperatorAction(actor(security), note);
        return guarded(() -> {
            BulkResult result = verb.all(operator, filter, by, policy.get());
            if (verb == OperatorVerb.REPLAY && result.updated() > 0) {
                replayed.accept(endpoint);
            }
            Map<String, Object> view = new LinkedHashMap<>();
            view.put("endpoint", endpoint);
            view.put("action", verb.code());
            view.put("matched", result.total());
            view.put("updated", result.updated());
            view.put("unchanged", result.notFound() + result.wrongState());
            return new WebEndpointResponse<>(view);
        });
    }

    private static String actor(@Nullable SecurityContext security) {
        Principal principal = security == null ? null : security.getPrincipal();
        return principal == null
                        || principal.getName() == null
                        || principal.getName().isBlank()
                ? ANONYMOUS
                : principal.getName();
    }

    private WebEndpointResponse<Map<String, Object>> answer(EventKey key, AdminOutcome outcome) {
        Map<String, Object> view = new LinkedHashMap<>();
        view.put("endpoint", key.endpoint());
        view.put("eventId", key.eventId());
        view.put("outcome", outcome.name());
        return switch (outcome) {
            case UPDATED -> {
                view.put("status", store.find(key).map(r -> r.status().name()).orElse(null));
                yield new WebEndpointResponse<>(view);
            }
            case NOT_FOUND -> new WebEndpointResponse<>(view, WebEndpointResponse.STATUS_NOT_FOUND);
            case WRONG_STATE -> {
                view.put(
                        "status",
                        store.find(key).map(EventRecord::status).map(Enum::name).orElse(null));
                yield new WebEndpointResponse<>(view, 409);
            }
        };
    }

    private Duration stalledAfter(String endpoint) {
        return Optional.ofNullable(endpoints.get().get(endpoint))
                .map(definition -> definition.endpoint().recovery().stalledAfter())
                .orElse(ListFilter.DEFAULT_STALLED_AFTER);
    }

    private Optional<IdempotencyPolicy> policy(String endpoint) {
        return Optional.ofNullable(endpoints.get().get(endpoint))
                .map(EndpointDefinitions.Definition::endpoint)
                .map(WebhookEndpoint::policy);
    }

    private static @Nullable EventKey key(String endpoint, String[] eventId) {
        try {
            return EventKey.of(endpoint, String.join("/", eventId));
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    private static WebEndpointResponse<Map<String, Object>> notFound(String endpoint, String[] eventId) {
        return error(
                WebEndpointResponse.STATUS_NOT_FOUND,
                "no record of event '" + String.join("/", eventId) + "' at Hookguard endpoint '" + endpoint + "'");
    }

    private static WebEndpointResponse<Map<String, Object>> error(int status, String message) {
        Map<String, Object> view = new LinkedHashMap<>();
        view.put("error", message);
        return new WebEndpointResponse<>(view, status);
    }

    private static WebEndpointResponse<Map<String, Object>> guarded(
            Supplier<WebEndpointResponse<Map<String, Object>>> call) {
        try {
            return call.get();
        } catch (StoreUnavailableException e) {
            return error(WebEndpointResponse.STATUS_SERVICE_UNAVAILABLE, "the store is unavailable: " + e.getMessage());
        } catch (IllegalArgumentException e) {
            // the stores refuse what the caller sent (a cursor they did not give out) with the reason
            return error(WebEndpointResponse.STATUS_BAD_REQUEST, e.getMessage());
        }
    }
}
