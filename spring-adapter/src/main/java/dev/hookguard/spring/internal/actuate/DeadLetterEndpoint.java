package dev.hookguard.spring.internal.actuate;

import dev.hookguard.console.ConsoleConfig;
import dev.hookguard.console.internal.OperatorService;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.HeaderRedaction;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.RecoveryStore;
import dev.hookguard.core.StoreUnavailableException;
import dev.hookguard.core.operator.ListFilter;
import dev.hookguard.servlet.EndpointConfig;
import dev.hookguard.servlet.internal.health.StoreHealth;
import dev.hookguard.spring.internal.web.EndpointDefinitions;
import java.security.Principal;
import java.time.Duration;
import java.util.HashMap;
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
 *
 * <p>A thin view over the console module's {@link OperatorService}: the listing query, the record view and the verbs
 * are the console's, written once; this class adds the Actuator's paths, the overview and the principal.
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
    private final Supplier<Map<String, EndpointDefinitions.Definition>> endpoints;
    private final OperatorService operator;

    /**
     * An endpoint on this store whose replays nobody is told about (the dispatcher finds them on its next poll).
     *
     * @param endpoints the defined Hookguard endpoints by name, looked up on each call (their policies give the
     *     retention of resolved and requeued records)
     */
    public DeadLetterEndpoint(RecoveryStore store, Supplier<Map<String, EndpointDefinitions.Definition>> endpoints) {
        this(store, endpoints, endpoint -> {}, ConsoleConfig.DEFAULT_AUDIT_RETENTION);
    }

    /**
     * An endpoint on this store.
     *
     * @param endpoints the defined Hookguard endpoints by name, looked up on each call (their policies give the
     *     retention of resolved and requeued records)
     * @param replayed told the endpoint's name after a replay made records of it QUEUED (the dispatcher's wake-up)
     * @param auditRetention how long the audit trail keeps each action's line ({@code hookguard.console.audit-retention})
     */
    public DeadLetterEndpoint(
            RecoveryStore store,
            Supplier<Map<String, EndpointDefinitions.Definition>> endpoints,
            Consumer<String> replayed,
            Duration auditRetention) {
        this.store = store;
        this.endpoints = endpoints;
        this.operator = new OperatorService(
                store,
                store::find,
                HeaderRedaction.ofDefaults(),
                endpoint -> policy(endpoint).orElseGet(IdempotencyPolicy::ofDefaults),
                this::stalledAfter,
                replayed::accept,
                auditRetention,
                DEFAULT_LIMIT,
                MAX_LIMIT);
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
        Map<String, Object> params = filter(listing, errorClass, text, from, to);
        params.put(OperatorService.CURSOR, cursor);
        params.put(OperatorService.LIMIT, limit);
        return guarded(() -> answer(operator.list(endpoint, OperatorService.Params.of(params))));
    }

    /** One record of an endpoint, dead letter or not. */
    @ReadOperation
    public WebEndpointResponse<Map<String, Object>> record(
            @Selector String endpoint, @Selector(match = Selector.Match.ALL_REMAINING) String[] eventId) {
        EventKey key = key(endpoint, eventId);
        if (key == null || policy(endpoint).isEmpty()) {
            return notFound(endpoint, eventId);
        }
        return guarded(() -> answer(operator.record(key, OperatorService.Params.of(Map.of()))));
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
        if (key == null || policy(endpoint).isEmpty()) {
            return notFound(endpoint, eventId);
        }
        return guarded(() -> answer(operator.act(action, key, actor(security), note)));
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
        if (policy(endpoint).isEmpty()) {
            return error(WebEndpointResponse.STATUS_NOT_FOUND, "no Hookguard endpoint '" + endpoint + "'");
        }
        OperatorService.Params filter = OperatorService.Params.of(filter(listing, errorClass, text, from, to));
        return guarded(() -> answer(operator.actOnAll(action, endpoint, filter, actor(security), note)));
    }

    /** The listing's filter parameters, by the operator API's names (the Actuator's parameters bear the same). */
    private static Map<String, Object> filter(
            @Nullable String listing,
            @Nullable String errorClass,
            @Nullable String text,
            @Nullable String from,
            @Nullable String to) {
        Map<String, Object> params = new HashMap<>(); // null values: absent parameters
        params.put("listing", listing);
        params.put("errorClass", errorClass);
        params.put("text", text);
        params.put("from", from);
        params.put("to", to);
        return params;
    }

    private static String actor(@Nullable SecurityContext security) {
        Principal principal = security == null ? null : security.getPrincipal();
        return principal == null
                        || principal.getName() == null
                        || principal.getName().isBlank()
                ? ANONYMOUS
                : principal.getName();
    }

    @SuppressWarnings("unchecked")
    private static WebEndpointResponse<Map<String, Object>> answer(OperatorService.Answer answer) {
        // the body's values are plain maps, lists, strings, numbers, booleans and nulls: Jackson 2 and 3 alike
        return new WebEndpointResponse<>((Map<String, Object>) (Map<String, ?>) answer.body(), answer.status());
    }

    // what the actuator reads of the endpoint definitions: their policies and quiet periods, here alone

    private Duration stalledAfter(String endpoint) {
        return Optional.ofNullable(endpoints.get().get(endpoint))
                .map(definition -> definition.endpoint().recovery().stalledAfter())
                .orElse(ListFilter.DEFAULT_STALLED_AFTER);
    }

    private Optional<IdempotencyPolicy> policy(String endpoint) {
        return Optional.ofNullable(endpoints.get().get(endpoint))
                .map(EndpointDefinitions.Definition::endpoint)
                .map(EndpointConfig::policy);
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
            // the stores refuse what the caller sent with the reason
            return error(WebEndpointResponse.STATUS_BAD_REQUEST, e.getMessage());
        }
    }
}
