package dev.hookguard.servlet;

import java.time.Duration;
import java.util.function.LongSupplier;

/**
 * Where the filter reports what it did (DESIGN.md §7). Micrometer is optional: {@link
 * MicrometerDeliveryMetrics} reports to a {@code MeterRegistry}; {@link #none()} reports nowhere; {@link
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
    /** Tag naming the endpoint. */
    String ENDPOINT_TAG = "endpoint";
    /** Tag naming the outcome. */
    String OUTCOME_TAG = "outcome";

    /** Counts one delivery of the endpoint with this outcome. */
    void delivery(String endpoint, DeliveryOutcome outcome);

    /** Records how long a claim took. */
    void claimDuration(String endpoint, Duration duration);

    /** Records how long a handler took. */
    void handlerDuration(String endpoint, Duration duration);

    /**
     * Publishes the endpoint's dead-letter count, read through {@code count} when the gauge is sampled, at
     * most once per {@link MicrometerDeliveryMetrics#DEAD_LETTER_REFRESH}. Called once per endpoint when the
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
