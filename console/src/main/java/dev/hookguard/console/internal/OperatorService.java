package dev.hookguard.console.internal;

import dev.hookguard.console.ConsoleConfig;
import dev.hookguard.console.ConsoleConfig.RecordFinder;
import dev.hookguard.console.ReplayListener;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.EventRecord;
import dev.hookguard.core.HeaderRedaction;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.operator.EndpointControls;
import dev.hookguard.core.operator.EndpointControls.EndpointState;
import dev.hookguard.core.operator.ListFilter;
import dev.hookguard.core.operator.OperatorAction;
import dev.hookguard.core.operator.OperatorAction.AuditEntry;
import dev.hookguard.core.operator.OperatorStore;
import dev.hookguard.core.operator.OperatorStore.AdminOutcome;
import dev.hookguard.core.operator.OperatorStore.BulkResult;
import dev.hookguard.core.operator.OperatorStore.RecordPage;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * The operator API, written once for both front ends, the console's JSON API and the Spring adapter's {@code
 * hookguard} Actuator endpoint: the listing query (the filter parameters, the cursor and the limit), the record view
 * (summary and detail, the same field names everywhere) and the four verbs ({@code replay}, {@code requeue}, {@code
 * resolve}, {@code skip}) on one record or on every record of a filter, carried out by core's {@code
 * OperatorActions}. Framework-neutral: it takes parameters by name and gives back an {@link Answer}, a status and a
 * body of plain maps, which each front end writes with its own JSON writer. A mistake of the caller is a 400 naming
 * the parameter, an unknown record a 404, an action that does not apply to the record's status a 409; a store that
 * cannot be reached throws {@link dev.hookguard.core.StoreUnavailableException} for the front end to answer 503.
 */
public final class OperatorService {

    private static final org.slf4j.Logger log = org.slf4j.LoggerFactory.getLogger(OperatorService.class);

    /** The parameter of a listing's page cursor: absent or empty for the first page. */
    public static final String CURSOR = "cursor";
    /** The parameter of a listing's page size. */
    public static final String LIMIT = "limit";
    /** The parameter of a record's body view: {@code hex} for hex, else text where the body is UTF-8. */
    public static final String BODY = "body";

    /** A request's parameters by name, as the front end received them. */
    @FunctionalInterface
    public interface Params {

        /** Every value of the parameter, in order; empty when it is absent. */
        List<String> values(String name);

        /** The parameter's first value, or null when it is absent. */
        default @Nullable String value(String name) {
            List<String> values = values(name);
            return values.isEmpty() ? null : values.get(0);
        }

        /** Parameters of one value each; a null value is an absent parameter. */
        static Params of(Map<String, ? extends @Nullable Object> values) {
            return name -> {
                Object value = values.get(name);
                return value == null ? List.of() : List.of(value.toString());
            };
        }
    }

    /**
     * What the front end answers.
     *
     * @param status the HTTP status: 200, 400, 404 or 409
     * @param body the JSON object: maps, lists, strings, numbers, booleans and nulls; an error's is {@code {"error":
     *     "…"}}, plus what is known of the record
     */
    public record Answer(int status, Map<String, @Nullable Object> body) {

        static Answer error(int status, String message) {
            Map<String, @Nullable Object> body = new LinkedHashMap<>();
            body.put("error", message);
            return new Answer(status, body);
        }
    }

    private final OperatorStore store;
    private final Listings listings;
    private final RecordFinder finder;
    private final RecordJson records;
    private final RecordActions actions;
    private final Function<String, Duration> stalledAfter;
    private final int pageSize;
    private final int maxPageSize;

    /**
     * A service over this store.
     *
     * @param finder reads one record (the same store's {@code find})
     * @param redaction the headers whose values a record's payload hides
     * @param policies the policy of each endpoint, for the retention an action sets
     * @param stalledAfter each endpoint's quiet period before a FAILED record out of the due queue is stalled
     * @param replayListener told the endpoint after a replay made records of it QUEUED
     * @param auditRetention how long the audit trail keeps each action's line
     * @param pageSize the records on a page when the request does not say
     * @param maxPageSize the most records on a page
     */
    public OperatorService(
            OperatorStore store,
            RecordFinder finder,
            HeaderRedaction redaction,
            Function<String, IdempotencyPolicy> policies,
            Function<String, Duration> stalledAfter,
            ReplayListener replayListener,
            Duration auditRetention,
            int pageSize,
            int maxPageSize) {
        if (pageSize < 1 || pageSize > maxPageSize) {
            throw new IllegalArgumentException(
                    "pageSize must be 1 to maxPageSize " + maxPageSize + " but was " + pageSize);
        }
        this.store = store;
        this.listings = new Listings(store);
        this.finder = finder;
        this.records = new RecordJson(redaction);
        this.actions = new RecordActions(store, policies, replayListener, auditRetention);
        this.stalledAfter = stalledAfter;
        this.pageSize = pageSize;
        this.maxPageSize = maxPageSize;
    }

    /** The console's service, on its configuration. */
    static OperatorService of(ConsoleConfig config) {
        return new OperatorService(
                config.store(),
                config.finder(),
                config.redaction(),
                config.policies(),
                config.stalledAfter(),
                config.replayListener(),
                config.auditRetention(),
                config.pageSize(),
                config.maxPageSize());
    }

    /**
     * One page of the endpoint's records that the filter parameters (and a payload {@code match}, {@link
     * PayloadMatch}) select, oldest change first, summaries only: {@code endpoint}, {@code records}, {@code
     * nextCursor} (null on the last page).
     */
    public Answer list(String endpoint, Params params) {
        try {
            ListFilter filter = filter(endpoint, params);
            Narrowing match = match(params);
            int limit = limit(params.value(LIMIT));
            String cursor = params.value(CURSOR);
            RecordPage page;
            try {
                page = listings.page(filter, match, cursor == null || cursor.isBlank() ? null : cursor.trim(), limit);
            } catch (IllegalArgumentException e) { // the store names a cursor it did not give out
                throw new BadRequestException(e.getMessage());
            }
            Map<String, @Nullable Object> body = new LinkedHashMap<>();
            body.put("endpoint", endpoint);
            body.put("records", page.records().stream().map(records::summary).toList());
            body.put("nextCursor", page.nextCursor());
            return new Answer(200, body);
        } catch (BadRequestException e) {
            return Answer.error(400, e.getMessage());
        }
    }

    /** How many records the filter parameters (and a payload {@code match}) select: {@code count}. */
    public Answer count(String endpoint, Params params) {
        try {
            long count = listings.count(filter(endpoint, params), match(params));
            Map<String, @Nullable Object> body = new LinkedHashMap<>();
            body.put("count", count);
            return new Answer(200, body);
        } catch (BadRequestException e) {
            return Answer.error(400, e.getMessage());
        }
    }

    /** One record, with its stored response, payload and history; 404 when the store holds none. */
    public Answer record(EventKey key, Params params) {
        RecordJson.BodyView view =
                "hex".equalsIgnoreCase(params.value(BODY)) ? RecordJson.BodyView.HEX : RecordJson.BodyView.TEXT;
        return find(key)
                .map(record -> new Answer(200, records.detail(record, view)))
                .orElseGet(() -> notFound(key));
    }

    /**
     * Replays, requeues, resolves or skips one record as this actor (kept in its history and logged); a replay tells
     * the replay listener. Answers the record's {@code endpoint}, {@code eventId}, the {@code outcome} and its {@code
     * status} after it; 404 when there is no such record, 409 when the action does not apply to its status, 400 for
     * an unknown action or a resolve without a note.
     */
    public Answer act(@Nullable String action, EventKey key, String actor, @Nullable String note) {
        ConsoleAction verb;
        AdminOutcome outcome;
        try {
            verb = ConsoleAction.parse(action);
            outcome = actions.one(verb, key, RecordActions.by(verb, actor, note));
        } catch (BadRequestException e) {
            return Answer.error(400, e.getMessage());
        }
        Map<String, @Nullable Object> body = new LinkedHashMap<>();
        body.put("endpoint", key.endpoint());
        body.put("eventId", key.eventId());
        body.put("outcome", outcome.name());
        return switch (outcome) {
            case UPDATED -> {
                body.put("status", status(key));
                yield new Answer(200, body);
            }
            case NOT_FOUND -> {
                body.put("error", "no record for " + Json.abbreviate(key.asString()));
                yield new Answer(404, body);
            }
            case WRONG_STATE -> {
                String status = status(key);
                body.put("status", status);
                body.put(
                        "error",
                        verb.code() + " does not apply to the record's status " + status + "; nothing changed");
                yield new Answer(409, body);
            }
        };
    }

    /**
     * Replays, requeues, resolves or skips every record of the endpoint that the filter parameters select, page by
     * page, as this actor; a replay tells the replay listener. Answers {@code endpoint}, {@code action}, how many
     * records {@code matched}, how many the action {@code updated} and how many stayed {@code unchanged} (changed
     * meanwhile, or gone); 400 for an unknown action, a bad filter or a resolve without a note.
     */
    public Answer actOnAll(
            @Nullable String action, String endpoint, Params params, String actor, @Nullable String note) {
        try {
            ConsoleAction verb = ConsoleAction.parse(action);
            ListFilter filter = filter(endpoint, params);
            if (!match(params).isNone()) {
                throw new BadRequestException("a bulk action on a filter cannot use " + PayloadMatch.PARAM + " or "
                        + Narrowing.EXCEPTION + "; select the records it lists and act on the selection");
            }
            BulkResult result = actions.all(verb, filter, RecordActions.by(verb, actor, note));
            Map<String, @Nullable Object> body = new LinkedHashMap<>();
            body.put("endpoint", endpoint);
            body.put("action", verb.code());
            body.put("matched", result.total());
            body.put("updated", result.updated());
            body.put("unchanged", result.notFound() + result.wrongState());
            return new Answer(200, body);
        } catch (BadRequestException e) {
            return Answer.error(400, e.getMessage());
        }
    }

    /**
     * Replays, requeues, resolves or skips exactly these records of the endpoint (the page's selection), one by one,
     * as this actor; a replay tells the replay listener once. Answers {@code endpoint}, {@code action}, {@code
     * matched} (the ids given), {@code updated}, {@code unchanged}, and per id its {@code outcome} and {@code status}
     * after it in {@code results}; 400 for an unknown action, no id, more than the page size's maximum, or a resolve
     * without a note.
     */
    public Answer actOnSelected(
            @Nullable String action, String endpoint, List<String> ids, String actor, @Nullable String note) {
        try {
            ConsoleAction verb = ConsoleAction.parse(action);
            List<EventKey> keys = selection(endpoint, ids);
            OperatorAction by = RecordActions.by(verb, actor, note);
            BulkResult result = BulkResult.NONE;
            List<Map<String, @Nullable Object>> results = new ArrayList<>();
            for (EventKey key : keys) {
                AdminOutcome outcome = actions.one(verb, key, by, false);
                result = result.plus(outcome);
                Map<String, @Nullable Object> one = new LinkedHashMap<>();
                one.put("eventId", key.eventId());
                one.put("outcome", outcome.name());
                one.put("status", status(key));
                results.add(one);
            }
            actions.replayed(verb, endpoint, result);
            Map<String, @Nullable Object> body = new LinkedHashMap<>();
            body.put("endpoint", endpoint);
            body.put("action", verb.code());
            body.put("matched", result.total());
            body.put("updated", result.updated());
            body.put("unchanged", result.notFound() + result.wrongState());
            body.put("results", results);
            return new Answer(200, body);
        } catch (BadRequestException e) {
            return Answer.error(400, e.getMessage());
        }
    }

    private List<EventKey> selection(String endpoint, List<String> ids) {
        List<String> distinct =
                ids.stream().filter(id -> !id.isEmpty()).distinct().toList();
        if (distinct.isEmpty() || distinct.size() > maxPageSize) {
            throw new BadRequestException(
                    "a selection must name 1 to " + maxPageSize + " ids but named " + distinct.size());
        }
        try {
            return distinct.stream().map(id -> EventKey.of(endpoint, id)).toList();
        } catch (IllegalArgumentException e) {
            throw new BadRequestException(e.getMessage());
        }
    }

    /** The payload match and exception type the parameters ask for. */
    static Narrowing match(Params params) {
        return Narrowing.of(params);
    }

    /** The filter the parameters ask for on this endpoint; a {@link BadRequestException} naming a bad one. */
    ListFilter filter(String endpoint, Params params) {
        return FilterParams.read(params, endpoint, stalledAfter.apply(endpoint));
    }

    /**
     * The endpoint's controls as the store keeps them: {@code endpoint}, {@code paused} and the {@code lastChange}
     * ({@code at}, {@code actor}, {@code action}, {@code note}, or null); 501 when the store keeps no controls.
     */
    public Answer controls(String endpoint) {
        if (!(store instanceof EndpointControls controls)) {
            return Answer.error(501, "this store keeps no endpoint controls");
        }
        return new Answer(200, controlsBody(controls.controls(endpoint)));
    }

    /**
     * Pauses ({@code pause}) or resumes ({@code resume}) the endpoint's dispatching on every node, as this actor with
     * this note, logged; answers the controls after the change. 400 for another action, 501 when the store keeps no
     * controls.
     */
    public Answer control(@Nullable String action, String endpoint, String actor, @Nullable String note) {
        if (!(store instanceof EndpointControls controls)) {
            return Answer.error(501, "this store keeps no endpoint controls");
        }
        OperatorAction by = new OperatorAction(actor, note);
        EndpointState state;
        if (AuditEntry.PAUSE.equals(action)) {
            state = controls.pause(endpoint, by);
        } else if (AuditEntry.RESUME.equals(action)) {
            state = controls.resume(endpoint, by);
        } else {
            return Answer.error(
                    400, "action must be pause or resume but was '" + Json.abbreviate(String.valueOf(action)) + "'");
        }
        log.info(
                "Operator {} {}d the dispatching of endpoint {}{}",
                actor,
                action,
                endpoint,
                note == null ? "" : ": " + note);
        if (state.lastChange() != null) {
            actions.audited(endpoint, state.lastChange());
        }
        return new Answer(200, controlsBody(state));
    }

    private static Map<String, @Nullable Object> controlsBody(EndpointState state) {
        Map<String, @Nullable Object> body = new LinkedHashMap<>();
        body.put("endpoint", state.endpoint());
        body.put("paused", state.paused());
        AuditEntry last = state.lastChange();
        body.put(
                "lastChange",
                last == null ? null : RecordJson.history(List.of(last)).get(0));
        return body;
    }

    /** The record of this key, if the store holds one. */
    Optional<EventRecord> find(EventKey key) {
        return finder.find(key);
    }

    /** The store's listing, narrowed by payload matches. */
    Listings listings() {
        return listings;
    }

    /** How the service shows records. */
    RecordJson records() {
        return records;
    }

    private @Nullable String status(EventKey key) {
        return find(key).map(record -> record.status().name()).orElse(null);
    }

    private static Answer notFound(EventKey key) {
        return Answer.error(404, "no record for " + Json.abbreviate(key.asString()));
    }

    /** The {@code limit} parameter: the page size when absent, 1 to the most a page may hold, else a 400. */
    int limit(@Nullable String value) {
        if (value == null || value.isBlank()) {
            return pageSize;
        }
        try {
            int limit = Integer.parseInt(value.trim());
            if (limit >= 1 && limit <= maxPageSize) {
                return limit;
            }
        } catch (NumberFormatException e) {
            // answered below
        }
        throw new BadRequestException(
                LIMIT + " must be a number from 1 to " + maxPageSize + " but was '" + Json.abbreviate(value) + "'");
    }
}
