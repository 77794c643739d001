package dev.hookguard.console;

import dev.hookguard.console.internal.ActionRules;
import dev.hookguard.console.internal.CsrfTokens;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.EventRecord;
import dev.hookguard.core.HeaderRedaction;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.IdempotencyStore;
import dev.hookguard.core.internal.OperatorActions;
import dev.hookguard.core.operator.ListFilter;
import dev.hookguard.core.operator.OperatorStore;
import dev.hookguard.servlet.DeliveryMetrics.QueueSnapshot;
import dev.hookguard.servlet.EndpointConfig;
import dev.hookguard.servlet.HookguardSettings;
import dev.hookguard.servlet.RecoveryConfig;
import dev.hookguard.servlet.internal.config.SettingNames;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * Everything the console needs, immutable; build with {@code ConsoleConfig.custom(store)}.
 *
 * @param store the records to show and act on
 * @param finder reads one record (the same store's {@code find})
 * @param endpoints the endpoints whose counts the page shows and whose records it lists, sorted
 * @param authorizer who may read and who may act; {@link ConsoleAuthorizer#DENY_ALL} unless set
 * @param csrfKey the key of the CSRF tokens, at least 32 bytes; random per instance unless set (set the same
 *     key on every node behind a load balancer without sticky sessions)
 * @param policies the policy of each endpoint, for the retention an action sets
 * @param redaction the header deny list of payload views and exports
 * @param pageSize the records per page when a request names no limit
 * @param maxPageSize the most records a request may ask for per page
 * @param stalledAfter per endpoint, how long a FAILED record out of the due queue may stay unchanged before it is
 *     stalled: the endpoint's own setting ({@code RecoveryConfig.stalledAfter}), the one the Sweeper and the Actuator
 *     read too
 * @param replayListener told after each replay (the dispatcher's hook)
 * @param actionRoles per action ({@code replay requeue resolve skip pause resume}), the role that may take it: {@value
 *     #DEFAULT_ACTION_ROLE} (the default) is every operator with write access; any other role needs write access and
 *     that role ({@code HttpServletRequest.isUserInRole}, or a bearer token's {@code write+role})
 * @param actionFields per action, the fields it requires: {@value #REASON} (the note), {@value #TICKET_ID}, {@value
 *     #FIX_SUMMARY}; by default a resolve requires a reason
 * @param dispatchState per endpoint, what this node's dispatcher last sampled of it (its circuit breaker's state, the
 *     dispatches the delivery rate held back, the due queue), shown beside the endpoint's controls; empty where no
 *     dispatcher runs in this application (the default)
 * @param auditRetention how long each endpoint's audit trail keeps a line (who did what, when, why, across records):
 *     {@link #DEFAULT_AUDIT_RETENTION} unless set
 */
public record ConsoleConfig(
        OperatorStore store,
        RecordFinder finder,
        Set<String> endpoints,
        ConsoleAuthorizer authorizer,
        byte[] csrfKey,
        Function<String, IdempotencyPolicy> policies,
        HeaderRedaction redaction,
        int pageSize,
        int maxPageSize,
        Function<String, Duration> stalledAfter,
        ReplayListener replayListener,
        Map<String, String> actionRoles,
        Map<String, Set<String>> actionFields,
        Function<String, Optional<QueueSnapshot>> dispatchState,
        Duration auditRetention) {

    /** Default path the console is mounted at (Spring Boot's {@code hookguard.console.path}). */
    public static final String DEFAULT_PATH = "/hookguard/console";
    /** Default records per page: 50. */
    public static final int DEFAULT_PAGE_SIZE = 50;
    /** Default most records per page: 500. */
    public static final int DEFAULT_MAX_PAGE_SIZE = 500;
    /** Default role of every action: {@code operator}, any operator with write access. */
    public static final String DEFAULT_ACTION_ROLE = "operator";

    /** How long an audit trail keeps a line unless set: 90 days. */
    public static final Duration DEFAULT_AUDIT_RETENTION = OperatorActions.DEFAULT_AUDIT_RETENTION;
    /** The required field of the reason: the action's note. */
    public static final String REASON = "reason";
    /** The required field of a ticket id. */
    public static final String TICKET_ID = "ticketId";
    /** The required field of a fix summary. */
    public static final String FIX_SUMMARY = "fixSummary";
    /** The actions whose role and fields can be set. */
    public static final Set<String> ACTIONS = Set.of("replay", "requeue", "resolve", "skip", "pause", "resume");
    /** Default required fields: a resolve needs a reason. */
    public static final Map<String, Set<String>> DEFAULT_ACTION_FIELDS = Map.of("resolve", Set.of(REASON));

    /** A copy of the key. */
    @Override
    public byte[] csrfKey() {
        return csrfKey.clone();
    }

    /** Validates every field; a bad one is an {@link IllegalArgumentException} naming it. */
    public ConsoleConfig {
        if (store == null || finder == null) {
            throw new IllegalArgumentException("store and finder must not be null");
        }
        if (endpoints == null || endpoints.isEmpty()) {
            throw new IllegalArgumentException("endpoints must name at least one endpoint but was " + endpoints);
        }
        endpoints.forEach(endpoint -> ListFilter.deadLetters(endpoint)); // validates the name
        endpoints = Collections.unmodifiableSortedSet(new TreeSet<>(endpoints));
        if (csrfKey == null || csrfKey.length < CsrfTokens.MIN_KEY_BYTES) {
            throw new IllegalArgumentException("csrfKey must be at least " + CsrfTokens.MIN_KEY_BYTES
                    + " bytes but was " + (csrfKey == null ? "null" : csrfKey.length + " bytes"));
        }
        csrfKey = csrfKey.clone();
        if (authorizer == null || policies == null || redaction == null || replayListener == null) {
            throw new IllegalArgumentException("authorizer, policies, redaction and replayListener must be set");
        }
        if (pageSize < 1 || pageSize > maxPageSize) {
            throw new IllegalArgumentException(
                    "pageSize must be between 1 and maxPageSize " + maxPageSize + " but was " + pageSize);
        }
        if (stalledAfter == null) {
            throw new IllegalArgumentException("stalledAfter must be set");
        }
        if (dispatchState == null) {
            throw new IllegalArgumentException("dispatchState must be set");
        }
        if (auditRetention == null || auditRetention.isNegative() || auditRetention.isZero()) {
            throw new IllegalArgumentException("auditRetention must be positive but was " + auditRetention);
        }
        actionRoles = ActionRules.roles(actionRoles);
        actionFields = ActionRules.fields(actionFields);
        for (String endpoint : endpoints) {
            Duration stalled = stalledAfter.apply(endpoint);
            if (stalled == null || stalled.isNegative()) {
                throw new IllegalArgumentException(
                        "stalledAfter of endpoint '" + endpoint + "' must not be negative but was " + stalled);
            }
        }
    }

    /** A builder over this store (every shipped store is both an operator store and a finder). */
    public static <S extends OperatorStore & IdempotencyStore> Builder custom(S store) {
        return new Builder(store, store::find);
    }

    /** A builder over an operator store and a finder of single records. */
    public static Builder custom(OperatorStore store, RecordFinder finder) {
        return new Builder(store, finder);
    }

    /** Builds a {@link ConsoleConfig}; names equal the record's components. */
    public static final class Builder {
        private final OperatorStore store;
        private final RecordFinder finder;
        private Set<String> endpoints = Set.of();
        private ConsoleAuthorizer authorizer = ConsoleAuthorizer.DENY_ALL;
        private byte @Nullable [] csrfKey;
        private Function<String, IdempotencyPolicy> policies = endpoint -> IdempotencyPolicy.ofDefaults();
        private HeaderRedaction redaction = HeaderRedaction.ofDefaults();
        private int pageSize = DEFAULT_PAGE_SIZE;
        private int maxPageSize = DEFAULT_MAX_PAGE_SIZE;
        private Function<String, Duration> stalledAfter = endpoint -> ListFilter.DEFAULT_STALLED_AFTER;
        private ReplayListener replayListener = ReplayListener.NONE;
        private Function<String, Optional<QueueSnapshot>> dispatchState = endpoint -> Optional.empty();
        private Duration auditRetention = DEFAULT_AUDIT_RETENTION;
        private final Map<String, String> actionRoles = new HashMap<>();
        private final Map<String, Set<String>> actionFields = new HashMap<>(DEFAULT_ACTION_FIELDS);

        private Builder(OperatorStore store, RecordFinder finder) {
            this.store = store;
            this.finder = finder;
        }

        /**
         * Writes the set values of the settings model's {@code console.*} onto this builder; the rest keep their
         * defaults. Tokens, when set, make the authorizer a {@link BearerTokenAuthorizer}, else it checks the roles
         * ({@link ServletRoleAuthorizer}); unset endpoints keep those set before.
         *
         * @param prefix what the settings' names start with in errors: {@code ""} for init-params, {@code
         *     "hookguard."} for Spring properties
         * @throws IllegalArgumentException naming the first bad setting and its value
         */
        public Builder settings(HookguardSettings.ConsoleSettings console, String prefix) {
            return SettingNames.named(prefix + "console", () -> {
                if (console.getEndpoints() != null && !console.getEndpoints().isEmpty()) {
                    endpoints(Set.copyOf(console.getEndpoints()));
                }
                authorizer(ConsoleAuthorizer.of(console));
                if (console.getCsrfKey() != null) {
                    csrfKey(console.getCsrfKey().getBytes(StandardCharsets.UTF_8));
                }
                if (console.getRedactHeaders() != null) {
                    redaction(HeaderRedaction.defaultsPlus(Set.copyOf(console.getRedactHeaders())));
                }
                if (console.getPageSize() != null) {
                    pageSize(console.getPageSize());
                }
                if (console.getMaxPageSize() != null) {
                    maxPageSize(console.getMaxPageSize());
                }
                if (console.getAuditRetention() != null) {
                    auditRetention(console.getAuditRetention());
                }
                console.getActions()
                        .forEach((action, rule) -> SettingNames.named(
                                prefix + "console.actions." + action,
                                () -> action(
                                        action,
                                        rule.getRole() == null ? DEFAULT_ACTION_ROLE : rule.getRole(),
                                        rule.getRequires() == null
                                                ? new String[0]
                                                : rule.getRequires().toArray(String[]::new))));
                return this;
            });
        }

        /** See {@link ConsoleConfig#endpoints()}. */
        public Builder endpoints(Set<String> endpoints) {
            this.endpoints = endpoints;
            return this;
        }

        /** See {@link ConsoleConfig#endpoints()}. */
        public Builder endpoints(String... endpoints) {
            return endpoints(Set.of(endpoints));
        }

        /**
         * The endpoints as a Hookguard filter guards them: their names are the endpoints shown, and each one's policy
         * and stalled period ({@code RecoveryConfig.stalledAfter}, the one the filter's sweeper reads) are the
         * console's. An endpoint not among them has the defaults.
         */
        public Builder guarding(Collection<EndpointConfig> guarded) {
            Map<String, EndpointConfig> byName = new LinkedHashMap<>();
            guarded.forEach(endpoint -> byName.putIfAbsent(endpoint.name(), endpoint));
            return endpoints(byName.keySet())
                    .policies(endpoint -> byName.containsKey(endpoint)
                            ? byName.get(endpoint).policy()
                            : IdempotencyPolicy.ofDefaults())
                    .stalledAfter(endpoint -> byName.containsKey(endpoint)
                            ? byName.get(endpoint).recovery().stalledAfter()
                            : RecoveryConfig.DEFAULT_STALLED_AFTER);
        }

        /** See {@link ConsoleConfig#authorizer()}. */
        public Builder authorizer(ConsoleAuthorizer authorizer) {
            this.authorizer = authorizer;
            return this;
        }

        /** See {@link ConsoleConfig#csrfKey()}. */
        public Builder csrfKey(byte[] csrfKey) {
            this.csrfKey = csrfKey.clone();
            return this;
        }

        /** One policy for every endpoint; see {@link ConsoleConfig#policies()}. */
        public Builder policy(IdempotencyPolicy policy) {
            return policies(endpoint -> policy);
        }

        /** See {@link ConsoleConfig#policies()}. */
        public Builder policies(Function<String, IdempotencyPolicy> policies) {
            this.policies = policies;
            return this;
        }

        /** See {@link ConsoleConfig#redaction()}. */
        public Builder redaction(HeaderRedaction redaction) {
            this.redaction = redaction;
            return this;
        }

        /** See {@link ConsoleConfig#pageSize()}. */
        public Builder pageSize(int pageSize) {
            this.pageSize = pageSize;
            return this;
        }

        /** See {@link ConsoleConfig#maxPageSize()}. */
        public Builder maxPageSize(int maxPageSize) {
            this.maxPageSize = maxPageSize;
            return this;
        }

        /** See {@link ConsoleConfig#stalledAfter()}. */
        public Builder stalledAfter(Duration stalledAfter) {
            return stalledAfter(endpoint -> stalledAfter);
        }

        /** Each endpoint's own stalled period; see {@link ConsoleConfig#stalledAfter()}. */
        public Builder stalledAfter(Function<String, Duration> stalledAfter) {
            this.stalledAfter = stalledAfter;
            return this;
        }

        /**
         * Where the endpoint controls read this node's dispatcher ({@code hookguardFilter::snapshot}); see {@link
         * ConsoleConfig#dispatchState()}.
         */
        public Builder dispatchState(Function<String, Optional<QueueSnapshot>> dispatchState) {
            this.dispatchState = dispatchState;
            return this;
        }

        /** See {@link ConsoleConfig#auditRetention()}; positive. */
        public Builder auditRetention(Duration auditRetention) {
            if (auditRetention == null || auditRetention.isNegative() || auditRetention.isZero()) {
                throw new IllegalArgumentException("auditRetention must be positive but was " + auditRetention);
            }
            this.auditRetention = auditRetention;
            return this;
        }

        /** See {@link ConsoleConfig#replayListener()}. */
        public Builder replayListener(ReplayListener replayListener) {
            this.replayListener = replayListener;
            return this;
        }

        /**
         * Who may take {@code action} and what it requires; see {@link ConsoleConfig#actionRoles()} and {@link
         * ConsoleConfig#actionFields()}. For example {@code action("skip", "senior", TICKET_ID)}.
         */
        public Builder action(String action, String role, String... requiredFields) {
            Set<String> fields = new java.util.HashSet<>(java.util.Arrays.asList(requiredFields));
            ActionRules.roles(Map.of(action, role)); // validated now, naming the action
            ActionRules.fields(Map.of(action, fields));
            actionRoles.put(action, role);
            actionFields.put(action, fields);
            return this;
        }

        /** The configuration; throws {@link IllegalArgumentException} naming the first bad field. */
        public ConsoleConfig build() {
            byte[] key = csrfKey != null ? csrfKey : CsrfTokens.randomKey();
            return new ConsoleConfig(
                    store,
                    finder,
                    endpoints,
                    authorizer,
                    key,
                    policies,
                    redaction,
                    pageSize,
                    maxPageSize,
                    stalledAfter,
                    replayListener,
                    actionRoles,
                    actionFields,
                    dispatchState,
                    auditRetention);
        }
    }

    /** Reads one record by key, for the detail view; every store's {@code find} is one. */
    @FunctionalInterface
    public interface RecordFinder {

        /** The record of this key, if the store holds one. */
        Optional<EventRecord> find(EventKey key);
    }
}
