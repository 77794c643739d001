package dev.hookguard.servlet;

import dev.hookguard.core.operator.ListFilter;
import java.time.Duration;
import org.jspecify.annotations.Nullable;

/**
 * How one endpoint recovers from failures and takes deliveries in (DESIGN.md §8). Immutable; build with {@link
 * #custom()} or take {@link #ofDefaults()}; hang it on an endpoint with {@link EndpointConfig.Builder#recovery}.
 *
 * @param intake {@link Intake#SYNC} (default) or {@link Intake#ASYNC}
 * @param retries who retries a failed event; null (the default) takes the scheme's ({@link Retries#defaultFor}).
 *     Never null on a built {@link EndpointConfig#recovery()}
 * @param backoff the receiver's retry schedule and the attempts before DEAD
 * @param stalledAfter how long a FAILED record out of the due queue may stay unchanged before the sweeper counts
 *     it as stalled (and, where the receiver retries, schedules it); at least 1 s
 * @param queueLimit the most records the endpoint's due queue may hold before async intake answers 429 with
 *     {@code Retry-After}; at least 1
 * @param signing how its dispatches are signed; null (the default) takes {@link DispatcherConfig#signing()}, and
 *     when that is null too, {@link DispatchSigning#SCHEME} where the endpoint has a {@link EndpointConfig#signer()},
 *     else {@link DispatchSigning#DISPATCH_KEY} ({@link HookguardFilterConfig#signing(EndpointConfig)} resolves it)
 * @param dispatch the dispatcher's controls of this endpoint: delivery rate and circuit breaker
 */
public record RecoveryConfig(
        Intake intake,
        @Nullable Retries retries,
        Backoff backoff,
        Duration stalledAfter,
        int queueLimit,
        @Nullable DispatchSigning signing,
        Dispatch dispatch) {

    /**
     * How a dispatcher's redelivery proves itself to the filter (DESIGN.md §8). Every dispatch carries a dispatch
     * header, an HMAC-SHA256 with the dispatch key over the event key, a timestamp and the body's SHA-256; the mode
     * says whether the scheme's own signature is checked as well. Set per endpoint with {@link #signing()}
     * ({@code endpoints.<name>.dispatch-signing}), or for every endpoint with {@link DispatcherConfig#signing()};
     * unset, {@link #SCHEME} where the endpoint can sign as its sender, else {@link #DISPATCH_KEY}.
     */
    public enum DispatchSigning {
        /**
         * The dispatch is re-signed with the endpoint's current secret by its scheme's signer, and the filter
         * verifies it as it verifies the sender's deliveries; the default for symmetric schemes (HMAC or shared
         * token).
         */
        SCHEME,
        /**
         * The dispatch header replaces the scheme's verification, for requests that carry a valid one only: the
         * default where the receiver holds only a public key (SendGrid, Standard Webhooks with a {@code whpk_} key),
         * where the scheme signs the public URL (Twilio, Square), and for endpoints with a custom verifier and no
         * signer.
         */
        DISPATCH_KEY
    }

    /** Default intake: synchronous. */
    public static final Intake DEFAULT_INTAKE = Intake.SYNC;
    /** Default quiet period before a FAILED record counts as stalled: 15 minutes ({@link ListFilter}'s). */
    public static final Duration DEFAULT_STALLED_AFTER = ListFilter.DEFAULT_STALLED_AFTER;
    /** Default queue limit: 10 000 records. */
    public static final int DEFAULT_QUEUE_LIMIT = 10_000;

    /** Validates every field; a bad one is an {@link IllegalArgumentException} naming field and value. */
    public RecoveryConfig {
        if (intake == null) {
            throw new IllegalArgumentException("intake must be set");
        }
        if (backoff == null) {
            throw new IllegalArgumentException("backoff must be set");
        }
        if (stalledAfter == null || stalledAfter.compareTo(Duration.ofSeconds(1)) < 0) {
            throw new IllegalArgumentException("stalledAfter must be at least 1 s but was " + stalledAfter);
        }
        if (queueLimit < 1) {
            throw new IllegalArgumentException("queueLimit must be at least 1 but was " + queueLimit);
        }
        if (dispatch == null) {
            throw new IllegalArgumentException("dispatch must be set");
        }
    }

    /** The defaults: sync intake, the scheme's retries and signing, default backoff, 15 min, 10 000. */
    public static RecoveryConfig ofDefaults() {
        return custom().build();
    }

    /** A builder that starts from the defaults. */
    public static Builder custom() {
        return new Builder();
    }

    /** A builder that starts from this configuration. */
    public static Builder from(RecoveryConfig config) {
        return new Builder()
                .intake(config.intake)
                .retries(config.retries)
                .backoff(config.backoff)
                .stalledAfter(config.stalledAfter)
                .queueLimit(config.queueLimit)
                .signing(config.signing)
                .dispatch(config.dispatch);
    }

    /**
     * Whether the receiver schedules this endpoint's retries: its {@link Retries#receiver()}, and always for {@link
     * Intake#ASYNC} (the sender got 202 and will not retry).
     */
    public boolean receiverRetries() {
        return intake == Intake.ASYNC || (retries != null && retries.receiver());
    }

    /** Builds a {@link RecoveryConfig}; names equal the record's components. */
    public static final class Builder {
        private Intake intake = DEFAULT_INTAKE;
        private @Nullable Retries retries;
        private Backoff backoff = Backoff.ofDefaults();
        private Duration stalledAfter = DEFAULT_STALLED_AFTER;
        private int queueLimit = DEFAULT_QUEUE_LIMIT;
        private @Nullable DispatchSigning signing;
        private Dispatch dispatch = Dispatch.ofDefaults();

        private Builder() {}

        /** See {@link RecoveryConfig#intake()}. */
        public Builder intake(Intake intake) {
            this.intake = intake;
            return this;
        }

        /** See {@link RecoveryConfig#retries()}; null for the scheme's default. */
        public Builder retries(@Nullable Retries retries) {
            this.retries = retries;
            return this;
        }

        /** See {@link RecoveryConfig#backoff()}. */
        public Builder backoff(Backoff backoff) {
            this.backoff = backoff;
            return this;
        }

        /** See {@link RecoveryConfig#stalledAfter()}. */
        public Builder stalledAfter(Duration stalledAfter) {
            this.stalledAfter = stalledAfter;
            return this;
        }

        /** See {@link RecoveryConfig#queueLimit()}. */
        public Builder queueLimit(int queueLimit) {
            this.queueLimit = queueLimit;
            return this;
        }

        /** See {@link RecoveryConfig#signing()}; null for the default. */
        public Builder signing(@Nullable DispatchSigning signing) {
            this.signing = signing;
            return this;
        }

        /** See {@link RecoveryConfig#dispatch()}. */
        public Builder dispatch(Dispatch dispatch) {
            this.dispatch = dispatch;
            return this;
        }

        /** The configuration; throws {@link IllegalArgumentException} naming the first bad field. */
        public RecoveryConfig build() {
            return new RecoveryConfig(intake, retries, backoff, stalledAfter, queueLimit, signing, dispatch);
        }
    }

    /**
     * The dispatcher's controls of one endpoint (DESIGN.md §8, endpoint controls): how fast its due records may be
     * dispatched and when a circuit breaker backs its dispatching off. Pause and resume are no configuration: they are
     * kept in the store ({@link dev.hookguard.core.operator.EndpointControls}).
     *
     * @param rate the most dispatches per period over all nodes, or null (the default) for no limit
     * @param nodes how many nodes dispatch this endpoint: each one dispatches at most {@code rate / nodes}; at least 1
     * @param breaker the circuit breaker on this endpoint's dispatches
     */
    public record Dispatch(@Nullable Rate rate, int nodes, Breaker breaker) {

        /** Default node count: 1 (each node may use the whole rate). */
        public static final int DEFAULT_NODES = 1;

        /** Validates every field; a bad one is an {@link IllegalArgumentException} naming field and value. */
        public Dispatch {
            if (nodes < 1) {
                throw new IllegalArgumentException("nodes must be at least 1 but was " + nodes);
            }
            if (breaker == null) {
                throw new IllegalArgumentException("breaker must be set");
            }
        }

        /** No rate limit, one node, the breaker off. */
        public static Dispatch ofDefaults() {
            return new Dispatch(null, DEFAULT_NODES, Breaker.ofDefaults());
        }

        /** These controls with another rate (null for none). */
        public Dispatch rate(@Nullable Rate rate) {
            return new Dispatch(rate, nodes, breaker);
        }

        /** These controls with another node count. */
        public Dispatch nodes(int nodes) {
            return new Dispatch(rate, nodes, breaker);
        }

        /** These controls with another breaker. */
        public Dispatch breaker(Breaker breaker) {
            return new Dispatch(rate, nodes, breaker);
        }
    }

    /**
     * A delivery rate: at most {@code permits} dispatches per {@code per}.
     *
     * @param permits how many, at least 1
     * @param per the period, 1 s or 1 min (or any positive duration given in code)
     */
    public record Rate(long permits, Duration per) {

        /** Validates both fields. */
        public Rate {
            if (permits < 1) {
                throw new IllegalArgumentException("rate must allow at least 1 dispatch but was " + permits);
            }
            if (per == null || per.isNegative() || per.isZero()) {
                throw new IllegalArgumentException("rate must have a positive period but was " + per);
            }
        }

        /**
         * Parses {@code 50/s}, {@code 100/sec}, {@code 6000/min} or {@code 10/m}.
         *
         * @throws IllegalArgumentException naming the value when it is none of these
         */
        public static Rate parse(String value) {
            String[] parts = value.strip().split("\\s*/\\s*");
            try {
                if (parts.length == 2) {
                    long permits = Long.parseLong(parts[0]);
                    Duration per = switch (parts[1].toLowerCase(java.util.Locale.ROOT)) {
                        case "s", "sec", "second" -> Duration.ofSeconds(1);
                        case "m", "min", "minute" -> Duration.ofMinutes(1);
                        default -> null;
                    };
                    if (per != null) {
                        return new Rate(permits, per);
                    }
                }
            } catch (NumberFormatException e) {
                // reported below
            }
            throw new IllegalArgumentException(
                    "rate must be a count per second or minute, such as 50/s or 6000/min, but was '" + value + "'");
        }

        /** Permits per second, as a fraction. */
        public double perSecond() {
            return permits * 1e9 / per.toNanos();
        }
    }

    /**
     * The circuit breaker on an endpoint's dispatches (Resilience4j's {@code CircuitBreaker}, one per endpoint on each
     * node): once at least {@code minimumCalls} dispatches ended in the last {@code window} and at least {@code
     * failureRate} percent of them failed with a class that means the handler's downstream is broken ({@code timeout},
     * {@code network}, {@code server_error}, {@code rate_limited}, or no answer), the endpoint's dispatching stops
     * for {@code wait}; then {@code probes} records are dispatched (half-open), and their outcome closes or opens it
     * again.
     *
     * @param enabled whether the breaker is on; off by default
     * @param failureRate the failure rate that opens it, in percent, above 0 and at most 100
     * @param minimumCalls the fewest dispatches in the window before the rate counts, at least 1
     * @param window the sliding window the rate is taken over, at least 1 s
     * @param waitInOpen how long it stays open before probing, at least 1 ms
     * @param probes how many records the half-open breaker dispatches, at least 1
     */
    public record Breaker(
            boolean enabled, float failureRate, int minimumCalls, Duration window, Duration waitInOpen, int probes) {

        /** Default: off. */
        public static final boolean DEFAULT_ENABLED = false;
        /** Default failure rate that opens it: 50 %. */
        public static final float DEFAULT_FAILURE_RATE = 50;
        /** Default fewest dispatches before the rate counts: 10. */
        public static final int DEFAULT_MINIMUM_CALLS = 10;
        /** Default window: the last 60 s. */
        public static final Duration DEFAULT_WINDOW = Duration.ofSeconds(60);
        /** Default wait while open: 30 s. */
        public static final Duration DEFAULT_WAIT_IN_OPEN = Duration.ofSeconds(30);
        /** Default probes while half-open: 3 records. */
        public static final int DEFAULT_PROBES = 3;

        /** Validates every field; a bad one is an {@link IllegalArgumentException} naming field and value. */
        public Breaker {
            if (!(failureRate > 0 && failureRate <= 100)) {
                throw new IllegalArgumentException(
                        "failureRate must be above 0 and at most 100 but was " + failureRate);
            }
            if (minimumCalls < 1) {
                throw new IllegalArgumentException("minimumCalls must be at least 1 but was " + minimumCalls);
            }
            if (window == null || window.compareTo(Duration.ofSeconds(1)) < 0) {
                throw new IllegalArgumentException("window must be at least 1 s but was " + window);
            }
            if (waitInOpen == null || waitInOpen.compareTo(Duration.ofMillis(1)) < 0) {
                throw new IllegalArgumentException("waitInOpen must be at least 1 ms but was " + waitInOpen);
            }
            if (probes < 1) {
                throw new IllegalArgumentException("probes must be at least 1 but was " + probes);
            }
        }

        /** The defaults: off, 50 %, 10 calls, 60 s, 30 s, 3 probes. */
        public static Breaker ofDefaults() {
            return custom().build();
        }

        /** A builder that starts from the defaults. */
        public static BreakerBuilder custom() {
            return new BreakerBuilder();
        }

        /** A builder that starts from this breaker. */
        public static BreakerBuilder from(Breaker breaker) {
            return new BreakerBuilder()
                    .enabled(breaker.enabled)
                    .failureRate(breaker.failureRate)
                    .minimumCalls(breaker.minimumCalls)
                    .window(breaker.window)
                    .waitInOpen(breaker.waitInOpen)
                    .probes(breaker.probes);
        }
    }

    /** Builds a {@link Breaker}; names equal the record's components. */
    public static final class BreakerBuilder {
        private boolean enabled = Breaker.DEFAULT_ENABLED;
        private float failureRate = Breaker.DEFAULT_FAILURE_RATE;
        private int minimumCalls = Breaker.DEFAULT_MINIMUM_CALLS;
        private Duration window = Breaker.DEFAULT_WINDOW;
        private Duration waitInOpen = Breaker.DEFAULT_WAIT_IN_OPEN;
        private int probes = Breaker.DEFAULT_PROBES;

        private BreakerBuilder() {}

        /** See {@link Breaker#enabled()}. */
        public BreakerBuilder enabled(boolean enabled) {
            this.enabled = enabled;
            return this;
        }

        /** See {@link Breaker#failureRate()}. */
        public BreakerBuilder failureRate(float failureRate) {
            this.failureRate = failureRate;
            return this;
        }

        /** See {@link Breaker#minimumCalls()}. */
        public BreakerBuilder minimumCalls(int minimumCalls) {
            this.minimumCalls = minimumCalls;
            return this;
        }

        /** See {@link Breaker#window()}. */
        public BreakerBuilder window(Duration window) {
            this.window = window;
            return this;
        }

        /** See {@link Breaker#waitInOpen()}. */
        public BreakerBuilder waitInOpen(Duration waitInOpen) {
            this.waitInOpen = waitInOpen;
            return this;
        }

        /** See {@link Breaker#probes()}. */
        public BreakerBuilder probes(int probes) {
            this.probes = probes;
            return this;
        }

        /** The breaker; throws {@link IllegalArgumentException} naming the first bad field. */
        public Breaker build() {
            return new Breaker(enabled, failureRate, minimumCalls, window, waitInOpen, probes);
        }
    }
}
