package dev.hookguard.servlet;

import dev.hookguard.core.DueQueue.QueueStats;
import dev.hookguard.core.ErrorClass;
import dev.hookguard.servlet.internal.metrics.MicrometerDeliveryMetrics;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.observation.ObservationRegistry;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.Map;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * Where the filter reports what it did (DESIGN.md §7). Micrometer is optional: {@link
 * #micrometer(MeterRegistry)} reports to a {@code MeterRegistry}; {@link #none()} reports nowhere; {@link
 * #detect()} picks Micrometer's global registry when Micrometer is on the class path. Implementations are
 * thread-safe and never throw.
 */
public interface DeliveryMetrics {

    /** Counter of deliveries, tagged {@code endpoint} and {@code outcome} ({@link DeliveryOutcome#tag()}). */
    String DELIVERIES = "hookguard.deliveries";
    /** Timer of the claim (the one store round trip that decides who runs the handler), tagged {@code endpoint}. */
    String CLAIM_DURATION = "hookguard.claim.duration";
    /** Timer of the handler, from hand-off to its response being final, tagged {@code endpoint}. */
    String HANDLER_DURATION = "hookguard.handler.duration";
    /** Gauge of the dead letters (DEAD and REJECTED records) waiting for an operator, tagged {@code endpoint}. */
    String DEAD_LETTERS = "hookguard.dead_letters";
    /** Counter of dead letters written to the archive (archive before purge), tagged {@code endpoint}. */
    String ARCHIVE_RECORDS = "hookguard.archive.records";
    /** Counter of failed archive runs of an endpoint (a file or the store): retried at the next run. */
    String ARCHIVE_FAILURES = "hookguard.archive.failures";
    /** Gauge, in seconds, of how long the oldest unarchived dead letter is past {@code archive.after}, or 0. */
    String ARCHIVE_LAG = "hookguard.archive.lag";
    /**
     * Counter of deliveries handed to the application without a claim because the store was unreachable and the
     * endpoint fails open, tagged {@code endpoint}. Each is also counted in {@link #DELIVERIES} as {@code
     * store_unavailable}.
     */
    String FAIL_OPEN = "hookguard.fail_open";
    /** Gauge of the records in the endpoint's due queue (QUEUED, and FAILED awaiting a receiver retry). */
    String QUEUE_DEPTH = "hookguard.queue.depth";
    /** Gauge of how long the endpoint's oldest due record has been due, in seconds (0 when none is due). */
    String QUEUE_OLDEST = "hookguard.queue.oldest";
    /** Gauge of the endpoint's stalled records (PROCESSING past lease, FAILED unchanged past the quiet period). */
    String QUEUE_STALLED = "hookguard.queue.stalled";
    /** Gauge: 1 while the endpoint's dispatching is paused by an operator (as the store said at the last sample). */
    String DISPATCH_PAUSED = "hookguard.dispatch.paused";
    /** Gauge: 1 while this node's circuit breaker of the endpoint is open or half-open, else 0. */
    String DISPATCH_BREAKER_OPEN = "hookguard.dispatch.breaker.open";
    /** Gauge of the endpoint's due records the delivery rate holds back (0 while the rate keeps up). */
    String DISPATCH_RATE_LIMITED = "hookguard.dispatch.rate_limited";
    /**
     * Distribution summary of the attempt on which an event ended, tagged {@code endpoint} and {@code outcome}
     * ({@code processed} or {@code dead_lettered}).
     */
    String ATTEMPTS = "hookguard.attempts";
    /** Counter of dispatches, tagged {@code endpoint} and {@code outcome} ({@link DispatchOutcome#tag()}). */
    String DISPATCHES = "hookguard.dispatches";
    /**
     * Counter of recorded failures, dead letters and rejections, tagged {@code endpoint}, {@code outcome} ({@code
     * failed}, {@code dead_lettered}, {@code rejected}, {@code rejected_schema}) and {@code error_class} ({@link
     * ErrorClass#code()}).
     */
    String FAILURES = "hookguard.failures";
    /** Tag naming the error class. */
    String ERROR_CLASS_TAG = "error_class";
    /** Tag naming the endpoint. */
    String ENDPOINT_TAG = "endpoint";
    /** Tag naming the outcome. */
    String OUTCOME_TAG = "outcome";
    /** How long a sampled dead-letter count is reused before the store is asked again: 30 seconds. */
    Duration DEAD_LETTER_REFRESH = Duration.ofSeconds(30);

    /**
     * The {@code outcome} tag of {@code hookguard.deliveries} (DESIGN.md §7): what became of one delivery that
     * reached a guarded endpoint.
     */
    enum DeliveryOutcome {
        /** The handler ran and its 2xx was recorded SUCCEEDED. */
        PROCESSED,
        /** A stored response was replayed (SUCCEEDED, REJECTED or a DEAD event's acknowledgement). */
        DUPLICATE,
        /** Another delivery of the event holds a live lease; answered 409 (or as configured). */
        IN_PROGRESS,
        /** The event id was seen with another body, or the body with another id; answered 422. */
        MISMATCH,
        /** The signature was missing, malformed, wrong or out of tolerance; answered 401 or 400. */
        REJECTED_SIGNATURE,
        /** The handler failed and attempts remain: recorded FAILED. */
        FAILED,
        /** The handler failed on the last attempt: recorded DEAD, answered 202 (or as configured). */
        DEAD_LETTERED,
        /** The handler answered a non-retryable 4xx: recorded REJECTED. */
        REJECTED,
        /** The body did not match the endpoint's JSON Schema: recorded REJECTED (error class schema), answered 400. */
        REJECTED_SCHEMA,
        /** The store could not be reached for the claim: answered 503, or passed through in fail-open mode. */
        STORE_UNAVAILABLE,
        /**
         * The handler ran but its verdict could not be recorded: answered 503 instead of the handler's response, and
         * the write is retried in the background until the lease ends (DESIGN.md §1, rule 4).
         */
        UNRECORDED,
        /**
         * Something other than the handler answered the claimed delivery (a security filter, a filter after
         * Hookguard's, no servlet at the path): recorded FAILED {@code not_handled}, answered 503 (DESIGN.md §1, rule 8).
         */
        NOT_HANDLED,
        /** The lease was lost before the verdict was written; nothing was recorded. */
        STALE,
        /** Async intake stored the delivery QUEUED (or found it waiting or being handled) and answered 202. */
        QUEUED,
        /** Async intake found the endpoint's due queue over its limit; answered 429 with {@code Retry-After}. */
        QUEUE_FULL;

        private final String tag = name().toLowerCase(Locale.ROOT);

        /** The tag value: the name in lower case, such as {@code in_progress}. */
        public String tag() {
            return tag;
        }
    }

    /** What became of one dispatch, as the {@code outcome} tag of {@value DeliveryMetrics#DISPATCHES}. */
    enum DispatchOutcome {
        /**
         * The filter answered 2xx: nothing is left to dispatch (SUCCEEDED now, handled before, or DEAD and answered with
         * the dead status).
         */
        SUCCEEDED("succeeded"),
        /** The filter answered 409: another delivery holds the event; it comes due again. */
        IN_PROGRESS("in_progress"),
        /** The filter answered otherwise: the verdict it recorded stands (FAILED and scheduled, DEAD, REJECTED). */
        FAILED("failed"),
        /**
         * The node answered 503 with the {@code Hookguard-Refused} header: its store was unreachable or too slow for the claim
         * (a pool exhausted), nothing was recorded; the dispatcher sends it again after a short delay, within the pick
         * window (each refusal is counted).
         */
        REFUSED("refused"),
        /** No answer (connection refused, timeout): the record comes due again when its window ends. */
        ERROR("error");

        private final String tag;

        DispatchOutcome(String tag) {
            this.tag = tag;
        }

        /** The meter tag value. */
        public String tag() {
            return tag;
        }
    }

    /**
     * One endpoint's due queue as the dispatcher last sampled it (every {@link
     * DispatcherConfig#sweepInterval()}), with what this node's dispatches came to: what the queue gauges, the Actuator
     * endpoint and the console show. Never read from the store on request.
     *
     * @param endpoint the endpoint
     * @param stats depth, records due now and the oldest due age, from {@link dev.hookguard.core.DueQueue#stats}
     * @param stalled stalled records ({@link dev.hookguard.core.operator.ListFilter.Listing#STALLED}) the last sweep counted
     * @param dispatches this node's dispatches of the endpoint since start, by outcome
     * @param sampledAt when the stats were read
     * @param paused whether the endpoint's dispatching is paused, as the store said at the sample
     * @param breaker this node's circuit breaker of the endpoint: {@code disabled}, {@code closed}, {@code open} or
     *     {@code half_open}
     * @param rateLimited records due now that the delivery rate holds back (the due count while the last pick was held
     *     by the rate, else 0)
     */
    record QueueSnapshot(
            String endpoint,
            QueueStats stats,
            long stalled,
            Map<DispatchOutcome, Long> dispatches,
            Instant sampledAt,
            boolean paused,
            String breaker,
            long rateLimited) {

        /** Copies the counts. */
        public QueueSnapshot {
            dispatches = Map.copyOf(dispatches);
        }
    }

    /**
     * The trace of one delivery (DESIGN.md §7): opened when a request reaches a guarded endpoint, told the event id, the
     * attempt and the outcome as they become known, marked at the claim, the handler and the verdict, and stopped once.
     * {@link MicrometerDeliveryMetrics} makes each one a Micrometer {@code Observation} named {@value #NAME}; {@link
     * #none()} records nothing. Implementations are called from the threads that work on the delivery, one at a time,
     * and never throw.
     */
    interface DeliveryObservation {

        /** The observation's name. */
        String NAME = "hookguard.delivery";
        /** Low-cardinality key: the endpoint's name. */
        String ENDPOINT_KEY = "endpoint";
        /** Low-cardinality key: the delivery's {@link DeliveryOutcome#tag()}, {@code none} until it is known. */
        String OUTCOME_KEY = "outcome";
        /** Low-cardinality key: the claim's attempt ({@code 1} to the endpoint's maximum), {@code 0} without a claim. */
        String ATTEMPT_KEY = "attempt";
        /** High-cardinality key: the verified event id. */
        String EVENT_ID_KEY = "hookguard.event.id";
        /** Event: the claim returned. */
        String CLAIM_EVENT = "claim";
        /** Event: the handler's response is final (or it threw). */
        String HANDLER_EVENT = "handler";
        /** Event: the verdict is decided (recorded, replayed or answered). */
        String VERDICT_EVENT = "verdict";

        /** The verified event id. */
        void eventId(String eventId);

        /** The claim's attempt. */
        void attempt(int attempt);

        /** Marks one of the delivery's parts: {@link #CLAIM_EVENT}, {@link #HANDLER_EVENT} or {@link #VERDICT_EVENT}. */
        void event(String name);

        /** What became of the delivery. */
        void outcome(DeliveryOutcome outcome);

        /** Ends the observation; later calls do nothing. */
        void stop();

        /** An observation that records nothing. */
        static DeliveryObservation none() {
            return NoObservation.INSTANCE;
        }
    }

    /** The observation that records nothing. */
    enum NoObservation implements DeliveryObservation {
        INSTANCE;

        @Override
        public void eventId(String eventId) {}

        @Override
        public void attempt(int attempt) {}

        @Override
        public void event(String name) {}

        @Override
        public void outcome(DeliveryOutcome outcome) {}

        @Override
        public void stop() {}
    }

    /** Counts one delivery of the endpoint with this outcome. */
    void delivery(String endpoint, DeliveryOutcome outcome);

    /** Records how long a claim took. */
    void claimDuration(String endpoint, Duration duration);

    /** Records how long a handler took. */
    void handlerDuration(String endpoint, Duration duration);

    /**
     * Publishes the endpoint's dead-letter count, read through {@code count} when the gauge is sampled, at
     * most once per {@link #DEAD_LETTER_REFRESH}. Called once per endpoint when the
     * filter starts; the default publishes nothing.
     */
    default void deadLetters(String endpoint, LongSupplier count) {}

    /**
     * Opens the observation of one delivery to the endpoint (see {@link DeliveryObservation}); the default observes
     * nothing.
     */
    default DeliveryObservation observe(String endpoint) {
        return DeliveryObservation.none();
    }

    /** Counts one delivery of the endpoint handed on without a claim (fail-open); the default counts nothing. */
    default void failedOpen(String endpoint) {}

    /**
     * Counts dead letters of the endpoint written to the archive ({@link #ARCHIVE_RECORDS}), one failed archive run
     * ({@link #ARCHIVE_FAILURES}) and publishes the lag ({@link #ARCHIVE_LAG}, read through {@code lag} when sampled,
     * once per endpoint when the archiver starts). The defaults do nothing.
     */
    default void archived(String endpoint, long records) {}

    /** See {@link #archived}. */
    default void archiveFailed(String endpoint) {}

    /** See {@link #archived}. */
    default void archiveLag(String endpoint, Supplier<Duration> lag) {}

    /**
     * Publishes the endpoint's queue gauges ({@link #QUEUE_DEPTH}, {@link #QUEUE_OLDEST}, {@link #QUEUE_STALLED}) and
     * its controls' ({@link #DISPATCH_PAUSED}, {@link #DISPATCH_BREAKER_OPEN}, {@link #DISPATCH_RATE_LIMITED}),
     * read from the dispatcher's last sample (null before the first); called once per endpoint when the dispatcher
     * starts. The default publishes nothing.
     */
    default void queue(String endpoint, Supplier<@Nullable QueueSnapshot> snapshot) {}

    /**
     * Records the attempt on which an event ended ({@link #ATTEMPTS}): {@code outcome} is {@link
     * DeliveryOutcome#PROCESSED} or {@link DeliveryOutcome#DEAD_LETTERED}. The default records nothing.
     */
    default void attempts(String endpoint, DeliveryOutcome outcome, int attempt) {}

    /** Counts one dispatch of the endpoint ({@link #DISPATCHES}); the default counts nothing. */
    default void dispatch(String endpoint, DispatchOutcome outcome) {}

    /**
     * Counts one recorded failure, dead letter or rejection with its error class ({@link #FAILURES}); the default
     * counts nothing.
     */
    default void failure(String endpoint, DeliveryOutcome outcome, ErrorClass errorClass) {}

    /**
     * Metrics on this Micrometer registry (the meters above, registered on first use); deliveries are not observed.
     * Only this method and its sibling touch Micrometer, which must be on the class path to call them.
     */
    static DeliveryMetrics micrometer(MeterRegistry registry) {
        return new MicrometerDeliveryMetrics(registry);
    }

    /**
     * Metrics on this Micrometer registry, and each delivery an observation ({@code hookguard.delivery}, see {@link
     * DeliveryObservation}) on {@code observations}, so that a tracer sees the claim, the handler and the verdict.
     */
    static DeliveryMetrics micrometer(MeterRegistry registry, ObservationRegistry observations) {
        return new MicrometerDeliveryMetrics(registry, observations);
    }

    /** Metrics that go nowhere. */
    static DeliveryMetrics none() {
        return NoMetrics.INSTANCE;
    }

    /**
     * Micrometer's global registry ({@code Metrics.globalRegistry}) when Micrometer is on the class path, else
     * {@link #none()}. The class path is looked at once.
     */
    static DeliveryMetrics detect() {
        return MicrometerPresence.PRESENT ? MicrometerDeliveryMetrics.global() : none();
    }
}

/** The metrics that go nowhere. */
enum NoMetrics implements DeliveryMetrics {
    INSTANCE;

    @Override
    public void delivery(String endpoint, DeliveryOutcome outcome) {}

    @Override
    public void claimDuration(String endpoint, Duration duration) {}

    @Override
    public void handlerDuration(String endpoint, Duration duration) {}
}

/** Whether Micrometer can be loaded, looked up once; keeps every Micrometer type out of the other classes. */
final class MicrometerPresence {
    static final boolean PRESENT = present();

    private MicrometerPresence() {}

    private static boolean present() {
        try {
            Class.forName(
                    "io.micrometer.core.instrument.MeterRegistry", false, MicrometerPresence.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }
}
