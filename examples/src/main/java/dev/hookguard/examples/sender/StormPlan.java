package dev.hookguard.examples.sender;

import dev.hookguard.examples.receiver.DemoEndpoint;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Predicate;

/**
 * The events of one storm, drawn from the configuration's seed: the same seed gives the same plan. Event ids
 * are {@code evt_<runId>_<n>}, so a run never meets the records that earlier runs left in the store.
 *
 * @param runId the part of every event id that tells this run's events apart
 * @param events the events, in the order they are sent
 */
public record StormPlan(String runId, List<EventPlan> events) {

    /** Copies the list. */
    public StormPlan {
        events = List.copyOf(events);
    }

    /** Draws the plan: a failing event is {@code ONCE} or {@code ALWAYS} with equal chance. */
    public static StormPlan generate(String runId, StormConfig config) {
        Random random = new Random(config.seed());
        List<EventPlan> events = new ArrayList<>(config.events());
        for (int i = 0; i < config.events(); i++) {
            FailureMode failure = random.nextDouble() >= config.failureRate()
                    ? FailureMode.NONE
                    : (random.nextBoolean() ? FailureMode.ONCE : FailureMode.ALWAYS);
            DeliveryKind tampering = random.nextDouble() < config.tamperRate() ? DeliveryKind.tampering(i) : null;
            boolean stale = random.nextDouble() < config.staleRate();
            DemoEndpoint endpoint = i % 2 == 0 ? DemoEndpoint.STRIPE : DemoEndpoint.STANDARD;
            events.add(new EventPlan(i, "evt_" + runId + "_" + i, endpoint, failure, tampering, stale));
        }
        return new StormPlan(runId, events);
    }

    /** The id prefix of this run's events. */
    public String idPrefix() {
        return "evt_" + runId + "_";
    }

    /** How many events match. */
    long count(Predicate<EventPlan> filter) {
        return events.stream().filter(filter).count();
    }

    /** Events whose handler always fails: the dead letters this run must leave. */
    public long alwaysFailing() {
        return count(e -> e.failure() == FailureMode.ALWAYS);
    }

    /** Events whose handler fails once and then succeeds. */
    public long failingOnce() {
        return count(e -> e.failure() == FailureMode.ONCE);
    }

    /** Forged deliveries (body, secret or signature tampered with). */
    public long tampered() {
        return count(e -> e.tampering() != null);
    }

    /** Stale replays. */
    public long stale() {
        return count(EventPlan::stale);
    }
}
