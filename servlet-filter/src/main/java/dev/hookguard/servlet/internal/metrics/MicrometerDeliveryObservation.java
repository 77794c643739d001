package dev.hookguard.servlet.internal.metrics;

import dev.hookguard.servlet.DeliveryMetrics.DeliveryObservation;
import dev.hookguard.servlet.DeliveryMetrics.DeliveryOutcome;
import io.micrometer.common.KeyValue;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import java.util.concurrent.atomic.AtomicBoolean;

/** A {@link DeliveryObservation} as a Micrometer {@link Observation}; only this class touches the Observation API. */
public final class MicrometerDeliveryObservation implements DeliveryObservation {

    private final Observation observation;
    private final AtomicBoolean stopped = new AtomicBoolean();

    private MicrometerDeliveryObservation(Observation observation) {
        this.observation = observation;
    }

    /** A started observation of a delivery to this endpoint; {@link DeliveryObservation#none()} for a noop registry. */
    public static DeliveryObservation start(ObservationRegistry registry, String endpoint) {
        if (registry.isNoop()) {
            return DeliveryObservation.none();
        }
        Observation observation = Observation.createNotStarted(NAME, registry)
                .contextualName("hookguard " + endpoint)
                .lowCardinalityKeyValue(ENDPOINT_KEY, endpoint)
                .lowCardinalityKeyValue(OUTCOME_KEY, "none")
                .lowCardinalityKeyValue(ATTEMPT_KEY, "0")
                .start();
        return new MicrometerDeliveryObservation(observation);
    }

    @Override
    public void eventId(String eventId) {
        if (stopped.get()) {
            return;
        }
        observation.highCardinalityKeyValue(KeyValue.of(EVENT_ID_KEY, eventId));
    }

    @Override
    public void attempt(int attempt) {
        if (stopped.get()) {
            return;
        }
        observation.lowCardinalityKeyValue(ATTEMPT_KEY, Integer.toString(attempt));
    }

    @Override
    public void event(String name) {
        if (stopped.get()) {
            return;
        }
        observation.event(Observation.Event.of(NAME + "." + name));
    }

    @Override
    public void outcome(DeliveryOutcome outcome) {
        if (stopped.get()) {
            return;
        }
        observation.lowCardinalityKeyValue(OUTCOME_KEY, outcome.tag());
    }

    @Override
    public void stop() {
        if (stopped.compareAndSet(false, true)) {
            observation.stop();
        }
    }
}
