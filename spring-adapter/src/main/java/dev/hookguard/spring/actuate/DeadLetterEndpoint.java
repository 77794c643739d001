package dev.hookguard.spring.actuate;

import dev.hookguard.core.AdminOutcome;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.EventRecord;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.ListFilter;
import dev.hookguard.core.OperatorAction;
import dev.hookguard.core.OperatorActions;
import dev.hookguard.core.RecordPage;
import dev.hookguard.core.RecoveryStore;
import dev.hookguard.core.StoreUnavailableException;
import dev.hookguard.spring.WebhookEndpoint;
import dev.hookguard.spring.web.EndpointDefinitions;
import java.security.Principal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
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
 * and of failed, queued and stalled records, of each Hookguard endpoint. Like every Actuator endpoint it is secured by the application's security and exposed only
 * when asked ({@code management.endpoints.web.exposure.include=hookguard}).
 *
 * <ul>
 *   <li>{@code GET /actuator/hookguard}: the store's type, and each endpoint with its number of dead letters;
 *   <li>{@code GET /actuator/hookguard/{endpoint}?cursor=&limit=&listing=&errorClass=&text=}: one page of dead
 *       letters (or of the listings named, comma-separated: dead, rejected, failed, queued, stalled), oldest first,
 *       filtered by error class codes and text, with the cursor of the next page;
 *   <li>{@code GET /actuator/hookguard/{endpoint}/{eventId}}: one record, with its stored response and payload
 *       (headers that carry signatures or credentials redacted);
 *   <li>{@code POST /actuator/hookguard/{endpoint}/{eventId}} with {@code {"action": "replay"}}, {@code {"action":
 *       "requeue"}}, {@code {"action": "resolve", "note": "..."}} or {@code {"action": "skip"}} (a note is optional
 *       but for resolve): replay turns a DEAD, REJECTED or FAILED record into QUEUED, due now, for the dispatcher;
 *       requeue turns a dead letter back into FAILED with its attempts reset, so the sender's next delivery runs the
 *       handler; resolve and skip record it as SUCCEEDED (the note kept), so duplicates are acknowledged and never
 *       run the handler. The principal's name is kept in the record's history.
 * </ul>
 *
 * Answers 404 for an unknown endpoint or record, 409 when the action does not apply to the record's status, 400 for a bad request and
 * 503 when the store is unreachable.
 */
@Endpoint(id = "hookguard")
public class DeadLetterEndpoint {

    /** Dead letters on a page unless {@code limit} says otherwise. */
    public static final int DEFAULT_LIMIT = 20;
    /** The most dead letters on a page. */
    public static final int MAX_LIMIT = 200;

    /** The actor of actions taken without an authenticated principal. */
    static final String ANONYMOUS = "actuator";

    private static final List<String> VERBS = List.of("replay", "requeue", "resolve", "skip");

    private final RecoveryStore store;
    private final OperatorActions operator;
    private final Supplier<Map<String, EndpointDefinitions.Definition>> endpoints;

    /**
     * An endpoint on this store.
     *
     * @param endpoints the defined Hookguard endpoints by name, looked up on each call (their policies give the
     *     retention of resolved and requeued records)
     */
    public DeadLetterEndpoint(RecoveryStore store, Supplier<Map<String, EndpointDefinitions.Definition>> endpoints) {
        this.store = store;
        this.operator = new OperatorActions(store);
        this.endpoints = endpoints;
    }

    /** The store's type, and each Hookguard endpoint with the number of its dead letters. */
    @ReadOperation
    public WebEndpointResponse<Map<String, Object>> endpoints() {
        return guarded(() -> {
            Map<String, Object> counts = new LinkedHashMap<>();
            endpoints
                    .get()
                    .keySet()
                    .forEach(name -> counts.put(name, Map.of("deadLetters", store.deadLetterCount(name))));
            Map<String, Object> view = new LinkedHashMap<>();
            view.put("store", StoreHealth.type(store));
            view.put("endpoints", counts);
            return new WebEndpointResponse<>(view);
        });
    }

    /**
     * One page of an endpoint's records: its dead letters unless {@code listing} names others
     * (comma-separated: dead, rejected, failed, queued, stalled), narrowed by {@code errorClass}
     * (comma-separated codes such as {@code timeout,network}) and {@code text} (in the event id or last error).
     */
    @ReadOperation
    public WebEndpointResponse<Map<String, Object>> deadLetters(
            @Selector String endpoint,
            @Nullable String cursor,
            @Nullable Integer limit,
            @Nullable String listing,
            @Nullable String errorClass,
            @Nullable String text) {
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
            filter = ListingQuery.filter(endpoint, listing, errorClass, text);
        } catch (IllegalArgumentException e) {
            return error(WebEndpointResponse.STATUS_BAD_REQUEST, e.getMessage());
        }
        return guarded(() -> {
            RecordPage page;
            try {
                page = store.list(filter, cursor, size);
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
     * when there is none); the action is kept in the record's history and logged.
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
        String verb = action.trim().toLowerCase(Locale.ROOT);
        if (verb.equals("resolve") && (note == null || note.isBlank())) {
            return error(WebEndpointResponse.STATUS_BAD_REQUEST, "resolve needs a note saying how it was resolved");
        }
        if (!VERBS.contains(verb)) {
            return error(
                    WebEndpointResponse.STATUS_BAD_REQUEST,
                    "action must be replay, requeue, resolve or skip but was '" + action + "'");
        }
        OperatorAction by = new OperatorAction(actor(security), note);
        return guarded(() -> {
            AdminOutcome outcome = switch (verb) {
                case "replay" -> operator.replay(key, by, policy.get());
                case "requeue" -> operator.requeue(key, by, policy.get());
                case "resolve" -> operator.resolve(key, by, policy.get());
                default -> operator.skip(key, by, policy.get());
            };
            return answer(key, outcome);
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
        }
    }
}
