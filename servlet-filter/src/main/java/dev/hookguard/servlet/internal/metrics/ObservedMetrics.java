package dev.hookguard.servlet.internal.metrics;

import dev.hookguard.core.ErrorClass;
import dev.hookguard.servlet.DeliveryMetrics;
import dev.hookguard.servlet.DeliveryMetrics.DeliveryObservation;
import dev.hookguard.servlet.DeliveryMetrics.DeliveryOutcome;
import dev.hookguard.servlet.DeliveryMetrics.DispatchOutcome;
import dev.hookguard.servlet.DeliveryMetrics.QueueSnapshot;
import java.time.Duration;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * The metrics of one delivery: every report goes to the filter's {@link DeliveryMetrics} and marks the delivery's
 * {@link DeliveryObservation}; the outcome is its verdict and stops it (an asynchronous handler's outcome arrives
 * after the filter returned).
 */
public final class ObservedMetrics implements DeliveryMetrics {

    private final DeliveryMetrics metrics;
    private final DeliveryObservation observation;

    private ObservedMetrics(DeliveryMetrics metrics, DeliveryObservation observation) {
        this.metrics = metrics;
        this.observation = observation;
    }

    /** The filter's metrics, observed when they observe deliveries. */
    public static DeliveryMetrics of(DeliveryMetrics metrics, DeliveryObservation observation) {
        return observation == DeliveryObservation.none() ? metrics : new ObservedMetrics(metrics, observation);
    }

    @Override
    public void delivery(String endpoint, DeliveryOutcome outcome) {
        metrics.delivery(endpoint, outcome);
        observation.outcome(outcome);
        observation.event(DeliveryObservation.VERDICT_EVENT);
        observation.stop();
    }

    @Override
    public void claimDuration(String endpoint, Duration duration) {
        metrics.claimDuration(endpoint, duration);
        observation.event(DeliveryObservation.CLAIM_EVENT);
    }

    @Override
    public void handlerDuration(String endpoint, Duration duration) {
        metrics.handlerDuration(endpoint, duration);
        observation.event(DeliveryObservation.HANDLER_EVENT);
    }

    @Override
    public void deadLetters(String endpoint, LongSupplier count) {
        metrics.deadLetters(endpoint, count);
    }

    @Override
    public void failedOpen(String endpoint) {
        metrics.failedOpen(endpoint);
    }

    @Override
    public void queue(String endpoint, Supplier<@Nullable QueueSnapshot> snapshot) {
        metrics.queue(endpoint, snapshot);
    }

    @Override
    public void attempts(String endpoint, DeliveryOutcome outcome, int attempt) {
        metrics.attempts(endpoint, outcome, attempt);
    }

    @Override
    public void dispatch(String endpoint, DispatchOutcome outcome) {
        metrics.dispatch(endpoint, outcome);
    }

    @Override
    public void failure(String endpoint, DeliveryOutcome outcome, ErrorClass errorClass) {
        metrics.failure(endpoint, outcome, errorClass);
    }

    @Override
    public DeliveryObservation observe(String endpoint) {
        return observation;
    }
}
