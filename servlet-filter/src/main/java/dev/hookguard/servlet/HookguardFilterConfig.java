package dev.hookguard.servlet;

import dev.hookguard.core.DueQueue;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.IdempotencyStore;
import dev.hookguard.core.executor.ErrorClassifier;
import dev.hookguard.core.operator.OperatorStore;
import dev.hookguard.servlet.RecoveryConfig.DispatchSigning;
import dev.hookguard.servlet.internal.dispatch.Dispatcher;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The configuration of one {@link HookguardFilter}: the endpoints it guards, the store that holds their
 * records, and how it answers when it cannot hand a delivery to the application. Immutable; build with
 * {@link #custom()}.
 *
 * @param endpoints the guarded endpoints, at least one, with distinct names and path patterns
 * @param store holds the records of every endpoint
 * @param inProgressStatus answered while another delivery of the event holds its lease: 409, 429 or 503
 * @param deadStatus answered for a DEAD event, and to the delivery whose failure made it DEAD: a 2xx, so the
 *     sender stops retrying (never 410, which makes Standard Webhooks senders disable the endpoint)
 * @param failOpen when the store cannot be reached, hand the delivery to the application without a claim
 *     (logged and counted) instead of answering 503; off by default, since it gives up deduplication. The default
 *     of every endpoint; an endpoint's own {@link EndpointConfig#failOpen()} wins
 * @param unavailableRetryAfter the {@code Retry-After} of a 503 for an unreachable store, whole seconds, at
 *     least 1 s
 * @param storeTimeout the longest a claim may take: past it, the delivery is answered 503 whatever the store's
 *     own timeouts (a connection pool's wait, a command timeout), so that an outage costs each sender this much
 *     at most; at least 1 ms
 * @param metrics where meters go
 * @param hardening the checks before and while a body is read, and the request headers never stored
 * @param errorClassifier gives the error class recorded with each failure and rejection (the user's mapping of
 *     exception types); {@link ErrorClassifier#defaults()} unless set
 * @param dispatcher the filter's {@link Dispatcher}: workers, limits, polling, base URL and dispatch keys. A
 *     dispatcher runs only when the store is a {@link dev.hookguard.core.RecoveryStore} (every shipped store is);
 *     an endpoint with {@link Intake#ASYNC} intake needs one
 * @param archive archive before purge: where and when dead letters are written to files before they are deleted;
 *     {@link ArchiveConfig#off()} unless set. On, it needs a store with an operator side ({@link OperatorStore})
 */
public record HookguardFilterConfig(
        List<EndpointConfig> endpoints,
        IdempotencyStore store,
        int inProgressStatus,
        int deadStatus,
        boolean failOpen,
        Duration unavailableRetryAfter,
        Duration storeTimeout,
        DeliveryMetrics metrics,
        Hardening hardening,
        ErrorClassifier errorClassifier,
        DispatcherConfig dispatcher,
        ArchiveConfig archive) {

    /** Default answer while the event is in progress: 409 Conflict. */
    public static final int DEFAULT_IN_PROGRESS_STATUS = 409;
    /** Default answer for a dead event: 202 Accepted. */
    public static final int DEFAULT_DEAD_STATUS = 202;
    /** Default: fail closed, answering 503 while the store is unreachable. */
    public static final boolean DEFAULT_FAIL_OPEN = false;
    /** Default {@code Retry-After} while the store is unreachable: 5 seconds. */
    public static final Duration DEFAULT_UNAVAILABLE_RETRY_AFTER = Duration.ofSeconds(5);
    /** Default bound of a claim: 1 second. */
    public static final Duration DEFAULT_STORE_TIMEOUT = Duration.ofSeconds(1);

    private static final Set<Integer> IN_PROGRESS_STATUSES = Set.of(409, 429, 503);

    /** Validates every field; a bad one is an {@link IllegalArgumentException} naming field and value. */
    public HookguardFilterConfig {
        if (endpoints == null || endpoints.isEmpty() || endpoints.stream().anyMatch(Objects::isNull)) {
            throw new IllegalArgumentException("endpoints must hold at least one endpoint but was " + endpoints);
        }
        endpoints = List.copyOf(endpoints);
        requireDistinct(endpoints);
        if (store == null) {
            throw new IllegalArgumentException("store must be set");
        }
        if (!IN_PROGRESS_STATUSES.contains(inProgressStatus)) {
            throw new IllegalArgumentException("inProgressStatus must be 409, 429 or 503 but was " + inProgressStatus);
        }
        if (deadStatus < 200 || deadStatus > 299) {
            throw new IllegalArgumentException("deadStatus must be a 2xx but was " + deadStatus);
        }
        if (unavailableRetryAfter == null || unavailableRetryAfter.compareTo(Duration.ofSeconds(1)) < 0) {
            throw new IllegalArgumentException(
                    "unavailableRetryAfter must be at least 1 s but was " + unavailableRetryAfter);
        }
        if (storeTimeout == null || storeTimeout.compareTo(Duration.ofMillis(1)) < 0) {
            throw new IllegalArgumentException("storeTimeout must be at least 1 ms but was " + storeTimeout);
        }
        if (errorClassifier == null) {
            throw new IllegalArgumentException("errorClassifier must be set (ErrorClassifier.defaults() for none)");
        }
        if (metrics == null) {
            throw new IllegalArgumentException("metrics must be set (DeliveryMetrics.none() for none)");
        }
        if (hardening == null) {
            throw new IllegalArgumentException("hardening must be set (Hardening.ofDefaults() for the defaults)");
        }
        if (dispatcher == null) {
            throw new IllegalArgumentException(
                    "dispatcher must be set (DispatcherConfig.ofDefaults() for the defaults)");
        }
        for (EndpointConfig endpoint : endpoints) {
            requireRecoverable(endpoint, store, dispatcher);
        }
        if (archive == null) {
            throw new IllegalArgumentException("archive must be set (ArchiveConfig.off() for none)");
        }
        requireArchivable(endpoints, store, archive);
    }

    /** A configuration that archives nothing ({@link ArchiveConfig#off()}). */
    public HookguardFilterConfig(
            List<EndpointConfig> endpoints,
            IdempotencyStore store,
            int inProgressStatus,
            int deadStatus,
            boolean failOpen,
            Duration unavailableRetryAfter,
            Duration storeTimeout,
            DeliveryMetrics metrics,
            Hardening hardening,
            ErrorClassifier errorClassifier,
            DispatcherConfig dispatcher) {
        this(
                endpoints,
                store,
                inProgressStatus,
                deadStatus,
                failOpen,
                unavailableRetryAfter,
                storeTimeout,
                metrics,
                hardening,
                errorClassifier,
                dispatcher,
                ArchiveConfig.off());
    }

    /** A configuration with the default dispatcher ({@link DispatcherConfig#ofDefaults()}). */
    public HookguardFilterConfig(
            List<EndpointConfig> endpoints,
            IdempotencyStore store,
            int inProgressStatus,
            int deadStatus,
            boolean failOpen,
            Duration unavailableRetryAfter,
            Duration storeTimeout,
            DeliveryMetrics metrics,
            Hardening hardening,
            ErrorClassifier errorClassifier) {
        this(
                endpoints,
                store,
                inProgressStatus,
                deadStatus,
                failOpen,
                unavailableRetryAfter,
                storeTimeout,
                metrics,
                hardening,
                errorClassifier,
                DispatcherConfig.ofDefaults());
    }

    /**
     * With archiving on: a store with an operator side, an {@code after} shorter than every endpoint's dead retention
     * and retention (the ages at which, without archiving, a DEAD or REJECTED record would be gone: an archive that
     * waits longer than that is a misconfiguration), and a directory that exists or can be created, and can be written.
     */
    private static void requireArchivable(
            List<EndpointConfig> endpoints, IdempotencyStore store, ArchiveConfig archive) {
        Path directory = archive.directory();
        if (directory == null) {
            return;
        }
        if (!(store instanceof OperatorStore)) {
            throw new IllegalArgumentException("archive.directory is set, but the store "
                    + store.getClass().getName() + " has no operator side (OperatorStore) to list dead letters from");
        }
        for (EndpointConfig endpoint : endpoints) {
            IdempotencyPolicy policy = endpoint.policy();
            Duration shortest = policy.deadRetention().compareTo(policy.retention()) < 0
                    ? policy.deadRetention()
                    : policy.retention();
            if (archive.after().compareTo(shortest) >= 0) {
                throw new IllegalArgumentException("archive.after must be shorter than the dead retention ("
                        + policy.deadRetention() + ") and retention (" + policy.retention() + ") of endpoint '"
                        + endpoint.name() + "' but was " + archive.after());
            }
        }
        try {
            Files.createDirectories(directory);
        } catch (IOException | RuntimeException e) {
            throw new IllegalArgumentException(
                    "archive.directory cannot be created: '" + directory + "' (" + e + ")", e);
        }
        if (!Files.isDirectory(directory) || !Files.isWritable(directory)) {
            throw new IllegalArgumentException(
                    "archive.directory must be a writable directory but '" + directory + "' is not");
        }
    }

    private static void requireRecoverable(
            EndpointConfig endpoint, IdempotencyStore store, DispatcherConfig dispatcher) {
        if (endpoint.recovery().intake() == Intake.ASYNC && !(store instanceof DueQueue)) {
            throw new IllegalArgumentException("endpoint '" + endpoint.name()
                    + "' has async intake, which needs a store with a due queue (a RecoveryStore), but the store is a "
                    + store.getClass().getName());
        }
        DispatchSigning own = endpoint.recovery().signing();
        DispatchSigning signing = own != null ? own : dispatcher.signing();
        if (signing == DispatchSigning.SCHEME && endpoint.signer() == null) {
            throw new IllegalArgumentException("endpoint '" + endpoint.name()
                    + "' signs dispatches with its scheme, but has no signer (its scheme cannot sign with what the"
                    + " receiver holds): set EndpointConfig.Builder.signer, or signing DISPATCH_KEY");
        }
    }

    /**
     * How this endpoint's dispatches are signed: its own {@link RecoveryConfig#signing()}, else the dispatcher's
     * {@link DispatcherConfig#signing()}, else {@link DispatchSigning#SCHEME} where it has a signer, else {@link
     * DispatchSigning#DISPATCH_KEY}.
     */
    public DispatchSigning signing(EndpointConfig endpoint) {
        DispatchSigning own = endpoint.recovery().signing();
        if (own != null) {
            return own;
        }
        if (dispatcher.signing() != null) {
            return dispatcher.signing();
        }
        return endpoint.signer() != null ? DispatchSigning.SCHEME : DispatchSigning.DISPATCH_KEY;
    }

    /** Whether this endpoint fails open: its own setting, else the filter's. */
    public boolean failOpen(EndpointConfig endpoint) {
        Boolean own = endpoint.failOpen();
        return own != null ? own : failOpen;
    }

    /** A builder that starts from the defaults; endpoints and store must be set. */
    public static Builder custom() {
        return new Builder();
    }

    /** A builder that starts from this configuration. */
    public static Builder from(HookguardFilterConfig config) {
        return new Builder()
                .endpoints(config.endpoints)
                .store(config.store)
                .inProgressStatus(config.inProgressStatus)
                .deadStatus(config.deadStatus)
                .failOpen(config.failOpen)
                .unavailableRetryAfter(config.unavailableRetryAfter)
                .storeTimeout(config.storeTimeout)
                .metrics(config.metrics)
                .hardening(config.hardening)
                .errorClassifier(config.errorClassifier)
                .dispatcher(config.dispatcher)
                .archive(config.archive);
    }

    private static void requireDistinct(List<EndpointConfig> endpoints) {
        Set<String> names = new HashSet<>();
        Set<String> paths = new HashSet<>();
        for (EndpointConfig endpoint : endpoints) {
            if (endpoint.path() == null) {
                throw new IllegalArgumentException("endpoints must each have a path but '" + endpoint.name()
                        + "' has none: set EndpointConfig.Builder.path, an exact path such as /webhooks/"
                        + endpoint.name() + " or a prefix such as /webhooks/" + endpoint.name() + "/*");
            }
            if (!names.add(endpoint.name())) {
                throw new IllegalArgumentException(
                        "endpoints must have distinct names but '" + endpoint.name() + "' appears twice");
            }
            if (!paths.add(endpoint.path())) {
                throw new IllegalArgumentException(
                        "endpoints must have distinct paths but '" + endpoint.path() + "' appears twice");
            }
        }
    }

    /** Builds a {@link HookguardFilterConfig}; names equal the record's components. */
    public static final class Builder {
        private final List<EndpointConfig> endpoints = new ArrayList<>();
        private @Nullable IdempotencyStore store;
        private int inProgressStatus = DEFAULT_IN_PROGRESS_STATUS;
        private int deadStatus = DEFAULT_DEAD_STATUS;
        private boolean failOpen = DEFAULT_FAIL_OPEN;
        private Duration unavailableRetryAfter = DEFAULT_UNAVAILABLE_RETRY_AFTER;
        private Duration storeTimeout = DEFAULT_STORE_TIMEOUT;
        private @Nullable DeliveryMetrics metrics;
        private Hardening hardening = Hardening.ofDefaults();
        private ErrorClassifier errorClassifier = ErrorClassifier.defaults();
        private DispatcherConfig dispatcher = DispatcherConfig.ofDefaults();
        private ArchiveConfig archive = ArchiveConfig.off();

        private Builder() {}

        /** See {@link HookguardFilterConfig#archive()}; default {@link ArchiveConfig#off()}. */
        public Builder archive(ArchiveConfig archive) {
            this.archive = archive;
            return this;
        }

        /** See {@link HookguardFilterConfig#dispatcher()}; default {@link DispatcherConfig#ofDefaults()}. */
        public Builder dispatcher(DispatcherConfig dispatcher) {
            this.dispatcher = dispatcher;
            return this;
        }

        /** Replaces the endpoints. See {@link HookguardFilterConfig#endpoints()}. */
        public Builder endpoints(List<EndpointConfig> endpoints) {
            this.endpoints.clear();
            this.endpoints.addAll(endpoints);
            return this;
        }

        /** Replaces the endpoints. See {@link HookguardFilterConfig#endpoints()}. */
        public Builder endpoints(EndpointConfig... endpoints) {
            return endpoints(Arrays.asList(endpoints));
        }

        /** Adds one endpoint. */
        public Builder endpoint(EndpointConfig endpoint) {
            this.endpoints.add(endpoint);
            return this;
        }

        /** See {@link HookguardFilterConfig#store()}. */
        public Builder store(IdempotencyStore store) {
            this.store = store;
            return this;
        }

        /** See {@link HookguardFilterConfig#inProgressStatus()}. */
        public Builder inProgressStatus(int inProgressStatus) {
            this.inProgressStatus = inProgressStatus;
            return this;
        }

        /** See {@link HookguardFilterConfig#deadStatus()}. */
        public Builder deadStatus(int deadStatus) {
            this.deadStatus = deadStatus;
            return this;
        }

        /** See {@link HookguardFilterConfig#failOpen()}. */
        public Builder failOpen(boolean failOpen) {
            this.failOpen = failOpen;
            return this;
        }

        /** See {@link HookguardFilterConfig#unavailableRetryAfter()}. */
        public Builder unavailableRetryAfter(Duration unavailableRetryAfter) {
            this.unavailableRetryAfter = unavailableRetryAfter;
            return this;
        }

        /** See {@link HookguardFilterConfig#storeTimeout()}. */
        public Builder storeTimeout(Duration storeTimeout) {
            this.storeTimeout = storeTimeout;
            return this;
        }

        /** See {@link HookguardFilterConfig#errorClassifier()}; default {@link ErrorClassifier#defaults()}. */
        public Builder errorClassifier(ErrorClassifier errorClassifier) {
            this.errorClassifier = errorClassifier;
            return this;
        }

        /** See {@link HookguardFilterConfig#metrics()}; default {@link DeliveryMetrics#detect()}. */
        public Builder metrics(DeliveryMetrics metrics) {
            this.metrics = metrics;
            return this;
        }

        /** See {@link HookguardFilterConfig#hardening()}; default {@link Hardening#ofDefaults()}. */
        public Builder hardening(Hardening hardening) {
            this.hardening = hardening;
            return this;
        }

        /** The configuration; throws {@link IllegalArgumentException} naming the first bad field. */
        public HookguardFilterConfig build() {
            DeliveryMetrics chosen = metrics == null ? DeliveryMetrics.detect() : metrics;
            return new HookguardFilterConfig(
                    endpoints,
                    store,
                    inProgressStatus,
                    deadStatus,
                    failOpen,
                    unavailableRetryAfter,
                    storeTimeout,
                    chosen,
                    hardening,
                    errorClassifier,
                    dispatcher,
                    archive);
        }
    }
}
