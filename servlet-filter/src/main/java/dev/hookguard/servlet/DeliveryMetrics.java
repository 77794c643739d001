package dev.hookguard.servlet;

import dev.hookguard.core.ErrorClass;
import dev.hookguard.servlet.internal.dispatch.DispatchOutcome;
import dev.hookguard.servlet.internal.dispatch.QueueSnapshot;
import dev.hookguard.servlet.internal.metrics.DeliveryObservation;
import dev.hookguard.servlet.internal.metrics.DeliveryOutcome;
import dev.hookguard.servlet.internal.metrics.MicrometerDeliveryMetrics;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.observation.ObservationRegistry;
import java.time.Duration;
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
