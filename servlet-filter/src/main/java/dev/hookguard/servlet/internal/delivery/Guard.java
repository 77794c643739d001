package dev.hookguard.servlet.internal.delivery;

import dev.hookguard.core.Attempt;
import dev.hookguard.core.DueQueue;
import dev.hookguard.core.EnqueueOutcome;
import dev.hookguard.core.Payload;
import dev.hookguard.core.RecoveryStore;
import dev.hookguard.core.internal.executor.Attempts;
import dev.hookguard.core.internal.executor.Start;
import dev.hookguard.core.memory.InMemoryStore;
import dev.hookguard.core.operator.OperatorStore;
import dev.hookguard.core.signature.EventIdResult;
import dev.hookguard.servlet.DeliveryMetrics;
import dev.hookguard.servlet.EndpointConfig;
import dev.hookguard.servlet.HookguardFilterConfig;
import dev.hookguard.servlet.Intake;
import dev.hookguard.servlet.Retries;
import dev.hookguard.servlet.internal.archive.ArchiveHold;
import dev.hookguard.servlet.internal.archive.Archiver;
import dev.hookguard.servlet.internal.config.Endpoints;
import dev.hookguard.servlet.internal.config.HeaderDenyList;
import dev.hookguard.servlet.internal.config.StoreWarmUp;
import dev.hookguard.servlet.internal.dispatch.DispatchKeys;
import dev.hookguard.servlet.internal.dispatch.Dispatcher;
import dev.hookguard.servlet.internal.dispatch.QueueDepth;
import jakarta.servlet.http.HttpServletRequest;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * A started filter: its configuration, endpoints, the executor that renews leases, its answers, and its recovery
 * parts (dispatch keys, queue depths for async intake, the dispatcher).
 */
public final class Guard implements AutoCloseable {

    private final HookguardFilterConfig config;
    private final Endpoints endpoints;
    private final Attempts attempts;
    private final Claimer claimer;
    private final ClaimDeadline deadline;
    private final Answers answers;
    private final HeaderDenyList deniedHeaders;
    private final DispatchKeys dispatchKeys;
    private final Map<String, QueueDepth> depths = new LinkedHashMap<>();
    private final @Nullable Dispatcher dispatcher;
    private final @Nullable Archiver archiver;

    /**
     * A guard of {@code configured}; with archiving on, its store is given every endpoint's policy with the dead
     * retention held ({@link ArchiveHold}), and the archiver works with the configured one.
     */
    public Guard(HookguardFilterConfig configured) {
        this.archiver = Archiver.of(configured, Clock.systemUTC());
        HookguardFilterConfig config = ArchiveHold.held(configured);
        this.config = config;
        this.endpoints = new Endpoints(config.endpoints());
        this.attempts = new Attempts(config.store(), config.errorClassifier());
        this.claimer = new Claimer(attempts);
        this.deadline = new ClaimDeadline(config.storeTimeout(), config.store() instanceof InMemoryStore);
        this.answers = new Answers(config);
        this.deniedHeaders = new HeaderDenyList(config.hardening().storedHeaderDenyList());
        if (config.store() instanceof OperatorStore operator) {
            config.endpoints()
                    .forEach(e -> config.metrics().deadLetters(e.name(), () -> operator.deadLetterCount(e.name())));
        }
        this.dispatchKeys = new DispatchKeys(
                config.dispatcher().dispatchKeys(), config.dispatcher().dispatchTolerance());
        if (config.store() instanceof DueQueue queue) {
            config.endpoints().forEach(e -> depths.put(e.name(), new QueueDepth(e.name(), queue)));
            // a 202 is the sender's only promise: refuse a store that may lose it
            config.endpoints().stream()
                    .filter(e -> e.recovery().intake() == Intake.ASYNC)
                    .forEach(e -> queue.requireDurableQueue(e.name()));
        }
        this.dispatcher = config.store() instanceof RecoveryStore store
                        && config.dispatcher().enabled()
                ? new Dispatcher(config, store, dispatchKeys, depths)
                : null;
        StoreWarmUp.run(config.store(), StoreWarmUp.LIMIT); // before the first delivery: a cold store is slow
    }

    /** The dispatcher, or null when the store has no due queue or the dispatcher is disabled. */
    @Nullable
    public Dispatcher dispatcher() {
        return dispatcher;
    }

    /** The archiver, or null when archiving is off. */
    @Nullable
    public Archiver archiver() {
        return archiver;
    }

    /** The dispatch keys: signs this node's dispatches, checks received ones. */
    public DispatchKeys dispatchKeys() {
        return dispatchKeys;
    }

    /** The async-intake depth estimate of the endpoint, or null when the store has no due queue. */
    @Nullable
    QueueDepth depth(String endpoint) {
        return depths.get(endpoint);
    }

    /**
     * Async intake's store work within the store timeout: binds the body (where the scheme needs it), then enqueues
     * the event with its payload.
     *
     * @throws dev.hookguard.core.StoreUnavailableException when the store cannot be reached in time
     */
    EnqueueOutcome enqueue(EndpointConfig endpoint, EventIdResult.Found found, byte[] body, Payload payload) {
        DueQueue queue = (DueQueue) config.store();
        return deadline.bounded(() -> claimer.bound(found, endpoint.policy())
                ? queue.enqueue(
                        found.key(), Claimer.fingerprint(endpoint.eventIds(), found, body), payload, endpoint.policy())
                : new EnqueueOutcome.Mismatch());
    }

    /** Tells the dispatcher where this node listens, from a request, unless it knows already. */
    public void sawRequest(HttpServletRequest request) {
        Dispatcher current = dispatcher;
        if (current != null && current.baseUrl().isEmpty()) {
            String host = request.getLocalAddr();
            if (host != null && !host.isEmpty()) {
                String bracketed = host.contains(":") && !host.startsWith("[") ? "[" + host + "]" : host;
                current.discovered(URI.create(request.getScheme() + "://" + bracketed + ":" + request.getLocalPort()));
            }
        }
    }

    public HookguardFilterConfig config() {
        return config;
    }

    public Endpoints endpoints() {
        return endpoints;
    }

    Answers answers() {
        return answers;
    }

    /** The request headers never stored with a payload. */
    public HeaderDenyList deniedHeaders() {
        return deniedHeaders;
    }

    /**
     * Claims the delivery within the store timeout, timing the claim in {@code metrics}. On an endpoint whose sender
     * does not redeliver ({@link Retries#receiver()}) a sender's delivery stores its payload with the claim (DESIGN.md
     * §8), so a crash while its handler runs leaves a record the sweeper can schedule; a dispatch's record keeps its
     * payload already, and a sender that redelivers ({@link Retries#SENDER}) needs none: their claims carry none.
     */
    public Start claim(
            EndpointConfig endpoint,
            EventIdResult.Found found,
            byte[] body,
            Supplier<Payload> payload,
            Attempt.Source source,
            DeliveryMetrics metrics) {
        boolean keepPayload = source == Attempt.Source.SENDER && keepsPayloadFromClaim(endpoint);
        long started = System.nanoTime();
        try {
            return deadline.claim(() -> claimer.begin(found, body, payload, endpoint, keepPayload, source));
        } finally {
            metrics.claimDuration(endpoint.name(), Duration.ofNanos(System.nanoTime() - started));
        }
    }

    /** Whether a sender's delivery to {@code endpoint} stores its payload with the claim: its sender does not redeliver. */
    static boolean keepsPayloadFromClaim(EndpointConfig endpoint) {
        Retries retries = endpoint.recovery().retries();
        return retries != null && retries.receiver();
    }

    @Override
    public void close() {
        if (dispatcher != null) {
            dispatcher.close();
        }
        if (archiver != null) {
            archiver.close();
        }
        deadline.close();
        attempts.close();
    }
}
