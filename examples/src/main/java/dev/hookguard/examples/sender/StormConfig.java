package dev.hookguard.examples.sender;

import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;

/**
 * What the demo sender does: how many events, how many copies of each, how many requests at once, how much
 * chaos, and how it retries. Immutable; {@link #ofDefaults()} is the storm (10 000 events, 3 copies,
 * 32 senders, 2 % failing handlers), {@link #custom()} builds another.
 *
 * @param events distinct events
 * @param copies genuine deliveries of each event, each retried on its own until it gets a 2xx: the first two
 *     are sent together, the others at a random moment within {@code laterWithin}
 * @param senders requests in flight at once
 * @param failureRate share of events whose handler fails (half of them once, half always), 0 to 1
 * @param tamperRate share of events that also get one forged delivery, 0 to 1
 * @param staleRate share of events that also get one stale replay, 0 to 1
 * @param seed seeds the plan, so that a seed gives the same events and chaos
 * @param backoff how each delivery is retried
 * @param laterWithin the window in which the third and later copies are sent
 */
public record StormConfig(
        int events,
        int copies,
        int senders,
        double failureRate,
        double tamperRate,
        double staleRate,
        long seed,
        Backoff backoff,
        Duration laterWithin) {

    /** Default events: 10 000. */
    static final int DEFAULT_EVENTS = 10_000;
    /**
     * Default events with async intake: 2 000. The dispatcher runs the handler of at most {@code
     * Receiver.DISPATCHES_IN_FLIGHT} events at once, so with 2 s handlers 2 000 events take a minute to work off and
     * the whole run stays under 3 minutes on a 2-core machine (10 000 would take more than 5 minutes of handler time
     * alone).
     */
    public static final int DEFAULT_ASYNC_EVENTS = 2_000;
    /** Default copies of each event: 3. */
    static final int DEFAULT_COPIES = 3;
    /** Default requests in flight: 32. */
    static final int DEFAULT_SENDERS = 32;
    /** Default share of failing handlers: 2 %. */
    static final double DEFAULT_FAILURE_RATE = 0.02;
    /** Default share of events with a forged delivery: 1 %. */
    static final double DEFAULT_TAMPER_RATE = 0.01;
    /** Default share of events with a stale replay: 1 %. */
    static final double DEFAULT_STALE_RATE = 0.01;
    /** Default window for the later copies: 2 s. */
    static final Duration DEFAULT_LATER_WITHIN = Duration.ofSeconds(2);

    /** Validates; a bad field is an {@link IllegalArgumentException} naming it and its value. */
    public StormConfig {
        requireAtLeast("events", events, 0);
        requireAtLeast("copies", copies, 1);
        requireAtLeast("senders", senders, 1);
        requireShare("failureRate", failureRate);
        requireShare("tamperRate", tamperRate);
        requireShare("staleRate", staleRate);
        if (backoff == null) {
            throw new IllegalArgumentException("backoff must be set");
        }
        if (laterWithin == null || laterWithin.isNegative()) {
            throw new IllegalArgumentException("laterWithin must not be negative but was " + laterWithin);
        }
    }

    /** The storm, with a random seed. */
    static StormConfig ofDefaults() {
        return custom().build();
    }

    /** A builder starting from the defaults and a random seed. */
    public static Builder custom() {
        return new Builder();
    }

    private static void requireAtLeast(String field, int value, int min) {
        if (value < min) {
            throw new IllegalArgumentException(field + " must be at least " + min + " but was " + value);
        }
    }

    private static void requireShare(String field, double value) {
        if (!(value >= 0 && value <= 1)) {
            throw new IllegalArgumentException(field + " must be between 0 and 1 but was " + value);
        }
    }

    /** Builds a {@link StormConfig}; names equal the record's components. */
    public static final class Builder {
        private int events = DEFAULT_EVENTS;
        private int copies = DEFAULT_COPIES;
        private int senders = DEFAULT_SENDERS;
        private double failureRate = DEFAULT_FAILURE_RATE;
        private double tamperRate = DEFAULT_TAMPER_RATE;
        private double staleRate = DEFAULT_STALE_RATE;
        private long seed = ThreadLocalRandom.current().nextLong(1, Long.MAX_VALUE);
        private Backoff backoff = Backoff.ofDefaults();
        private Duration laterWithin = DEFAULT_LATER_WITHIN;

        private Builder() {}

        public Builder events(int events) {
            this.events = events;
            return this;
        }

        public Builder copies(int copies) {
            this.copies = copies;
            return this;
        }

        public Builder senders(int senders) {
            this.senders = senders;
            return this;
        }

        public Builder failureRate(double failureRate) {
            this.failureRate = failureRate;
            return this;
        }

        public Builder tamperRate(double tamperRate) {
            this.tamperRate = tamperRate;
            return this;
        }

        public Builder staleRate(double staleRate) {
            this.staleRate = staleRate;
            return this;
        }

        public Builder seed(long seed) {
            this.seed = seed;
            return this;
        }

        public Builder backoff(Backoff backoff) {
            this.backoff = backoff;
            return this;
        }

        public Builder laterWithin(Duration laterWithin) {
            this.laterWithin = laterWithin;
            return this;
        }

        public StormConfig build() {
            return new StormConfig(
                    events, copies, senders, failureRate, tamperRate, staleRate, seed, backoff, laterWithin);
        }
    }
}
