package dev.hookguard.servlet;

import dev.hookguard.servlet.RecoveryConfig.DispatchSigning;
import dev.hookguard.servlet.internal.dispatch.DispatchHeaders;
import dev.hookguard.servlet.internal.dispatch.Dispatcher;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The {@link Dispatcher} of one filter (DESIGN.md §8): its worker pool and limits, how it polls the store's due
 * queue, where it redelivers, and the dispatch key. Immutable; build with {@link #custom()} or take {@link
 * #ofDefaults()}; set it with {@link HookguardFilterConfig.Builder#dispatcher}. {@link #toString()} never shows the
 * keys.
 *
 * @param enabled whether this filter runs a dispatcher at all; off, nothing is picked on this node (other nodes'
 *     dispatchers, or none, redeliver), but dispatches from other nodes are still accepted
 * @param workers the dispatch threads started with the dispatcher (daemon threads named {@code
 *     hookguard-dispatch-<n>}); each prepares, signs and sends one dispatch at a time and waits for its answer, so
 *     more start on demand up to {@code maxInFlight}, and any idle for a minute ends; at least 1
 * @param maxInFlight the most dispatches under way at once over all endpoints (each one a handler running on this
 *     node, and a dispatch thread waiting for it); the dispatcher also keeps up to {@code batchSize} picked records
 *     waiting for a thread, so one that finishes takes the next at once; at least {@code workers}
 * @param batchSize the most records one pick reserves; at least 1
 * @param window how long a pick reserves its records: a node that dies mid-dispatch lets them come due again
 *     when it ends; longer than a handler normally takes, plus a picked record's wait for a free thread; at least
 *     1 s
 * @param minPollInterval the pause between polls while there is work; at least 1 ms
 * @param maxPollInterval the pause the polling backs off to while the queues are empty; at least {@code
 *     minPollInterval}
 * @param shutdownGrace how long {@link Dispatcher#close()} waits for dispatches in flight
 * @param requestTimeout the longest a dispatch's HTTP request may take; at least 1 ms
 * @param sweepInterval how often the sweeper looks for stalled records and the queue gauges are sampled; at
 *     least 1 s
 * @param baseUrl where dispatches are sent ({@code http://127.0.0.1:8080}; its path, if any, is replaced by the
 *     original request's); null to discover it from the first request the filter sees, or from {@link
 *     Dispatcher#baseUrl(URI)}
 * @param signing the default {@link DispatchSigning} of endpoints that set none; null for each scheme's default
 * @param dispatchKeys the keys of the {@value DispatchHeaders#DISPATCH} header, the first signing, every one
 *     accepted (rotation: add the new key first, remove the old one once every node has it); each at least 32
 *     characters; empty (the default) for a random key per JVM, which accepts only this node's own dispatches
 * @param dispatchTolerance how far a dispatch header's timestamp may lie from this node's clock; at least 1 s
 */
public record DispatcherConfig(
        boolean enabled,
        int workers,
        int maxInFlight,
        int batchSize,
        Duration window,
        Duration minPollInterval,
        Duration maxPollInterval,
        Duration shutdownGrace,
        Duration requestTimeout,
        Duration sweepInterval,
        @Nullable URI baseUrl,
        @Nullable DispatchSigning signing,
        List<String> dispatchKeys,
        Duration dispatchTolerance) {

    /** Default: a dispatcher runs. */
    public static final boolean DEFAULT_ENABLED = true;
    /** Default worker threads: 4. */
    public static final int DEFAULT_WORKERS = 4;
    /** Default dispatches in flight: 16. */
    public static final int DEFAULT_MAX_IN_FLIGHT = 16;
    /** Default records per pick: 16. */
    public static final int DEFAULT_BATCH_SIZE = 16;
    /** Default reservation of a pick: 2 minutes. */
    public static final Duration DEFAULT_WINDOW = Duration.ofMinutes(2);
    /** Default pause between polls while there is work: 100 ms. */
    public static final Duration DEFAULT_MIN_POLL_INTERVAL = Duration.ofMillis(100);
    /** Default pause between polls of empty queues: 5 seconds. */
    public static final Duration DEFAULT_MAX_POLL_INTERVAL = Duration.ofSeconds(5);
    /** Default wait for dispatches in flight on shutdown: 30 seconds. */
    public static final Duration DEFAULT_SHUTDOWN_GRACE = Duration.ofSeconds(30);
    /** Default bound of a dispatch's request: 60 seconds. */
    public static final Duration DEFAULT_REQUEST_TIMEOUT = Duration.ofSeconds(60);
    /** Default sweep and gauge sampling interval: 10 seconds. */
    public static final Duration DEFAULT_SWEEP_INTERVAL = Duration.ofSeconds(10);
    /** Default tolerance of a dispatch header's timestamp: 60 seconds. */
    public static final Duration DEFAULT_DISPATCH_TOLERANCE = Duration.ofSeconds(60);
    /** The shortest dispatch key accepted. */
    public static final int MIN_DISPATCH_KEY_LENGTH = 32;

    /** Validates every field; a bad one is an {@link IllegalArgumentException} naming field and value. */
    public DispatcherConfig {
        if (workers < 1) {
            throw new IllegalArgumentException("workers must be at least 1 but was " + workers);
        }
        if (maxInFlight < workers) {
            throw new IllegalArgumentException(
                    "maxInFlight must be at least workers (" + workers + ") but was " + maxInFlight);
        }
        if (batchSize < 1) {
            throw new IllegalArgumentException("batchSize must be at least 1 but was " + batchSize);
        }
        requireAtLeast("window", window, Duration.ofSeconds(1));
        requireAtLeast("minPollInterval", minPollInterval, Duration.ofMillis(1));
        requireAtLeast("maxPollInterval", maxPollInterval, minPollInterval);
        requireAtLeast("shutdownGrace", shutdownGrace, Duration.ZERO);
        requireAtLeast("requestTimeout", requestTimeout, Duration.ofMillis(1));
        requireAtLeast("sweepInterval", sweepInterval, Duration.ofSeconds(1));
        requireAtLeast("dispatchTolerance", dispatchTolerance, Duration.ofSeconds(1));
        if (baseUrl != null) {
            String scheme =
                    baseUrl.getScheme() == null ? "" : baseUrl.getScheme().toLowerCase(Locale.ROOT);
            if (!(scheme.equals("http") || scheme.equals("https")) || baseUrl.getHost() == null) {
                throw new IllegalArgumentException("baseUrl must be an absolute http(s) URL but was " + baseUrl);
            }
        }
        if (dispatchKeys == null || dispatchKeys.stream().anyMatch(Objects::isNull)) {
            throw new IllegalArgumentException("dispatchKeys must be a list of keys (empty for a random one)");
        }
        for (int i = 0; i < dispatchKeys.size(); i++) {
            if (dispatchKeys.get(i).length() < MIN_DISPATCH_KEY_LENGTH) {
                throw new IllegalArgumentException("dispatchKeys[" + i + "] must be at least " + MIN_DISPATCH_KEY_LENGTH
                        + " characters (the key is not shown)");
            }
        }
        dispatchKeys = List.copyOf(dispatchKeys);
    }

    private static void requireAtLeast(String name, Duration value, Duration least) {
        if (value == null || value.compareTo(least) < 0) {
            throw new IllegalArgumentException(name + " must be at least " + least + " but was " + value);
        }
    }

    /** The defaults. */
    public static DispatcherConfig ofDefaults() {
        return custom().build();
    }

    /** A builder that starts from the defaults. */
    public static Builder custom() {
        return new Builder();
    }

    /** A builder that starts from this configuration. */
    public static Builder from(DispatcherConfig config) {
        return new Builder()
                .enabled(config.enabled)
                .workers(config.workers)
                .maxInFlight(config.maxInFlight)
                .batchSize(config.batchSize)
                .window(config.window)
                .minPollInterval(config.minPollInterval)
                .maxPollInterval(config.maxPollInterval)
                .shutdownGrace(config.shutdownGrace)
                .requestTimeout(config.requestTimeout)
                .sweepInterval(config.sweepInterval)
                .baseUrl(config.baseUrl)
                .signing(config.signing)
                .dispatchKeys(config.dispatchKeys)
                .dispatchTolerance(config.dispatchTolerance);
    }

    @Override
    public String toString() {
        return "DispatcherConfig[enabled=" + enabled + ", workers=" + workers + ", maxInFlight=" + maxInFlight
                + ", batchSize=" + batchSize + ", window=" + window + ", minPollInterval=" + minPollInterval
                + ", maxPollInterval=" + maxPollInterval + ", shutdownGrace=" + shutdownGrace + ", requestTimeout="
                + requestTimeout + ", sweepInterval=" + sweepInterval + ", baseUrl=" + baseUrl + ", signing="
                + signing + ", dispatchKeys=" + dispatchKeys.size() + " hidden, dispatchTolerance="
                + dispatchTolerance + "]";
    }

    /** Builds a {@link DispatcherConfig}; names equal the record's components. */
    public static final class Builder {
        private boolean enabled = DEFAULT_ENABLED;
        private int workers = DEFAULT_WORKERS;
        private int maxInFlight = DEFAULT_MAX_IN_FLIGHT;
        private int batchSize = DEFAULT_BATCH_SIZE;
        private Duration window = DEFAULT_WINDOW;
        private Duration minPollInterval = DEFAULT_MIN_POLL_INTERVAL;
        private Duration maxPollInterval = DEFAULT_MAX_POLL_INTERVAL;
        private Duration shutdownGrace = DEFAULT_SHUTDOWN_GRACE;
        private Duration requestTimeout = DEFAULT_REQUEST_TIMEOUT;
        private Duration sweepInterval = DEFAULT_SWEEP_INTERVAL;
        private @Nullable URI baseUrl;
        private @Nullable DispatchSigning signing;
        private List<String> dispatchKeys = new ArrayList<>();
        private Duration dispatchTolerance = DEFAULT_DISPATCH_TOLERANCE;

        private Builder() {}

        /** See {@link DispatcherConfig#enabled()}. */
        public Builder enabled(boolean enabled) {
            this.enabled = enabled;
            return this;
        }

        /** See {@link DispatcherConfig#workers()}. */
        public Builder workers(int workers) {
            this.workers = workers;
            return this;
        }

        /** See {@link DispatcherConfig#maxInFlight()}. */
        public Builder maxInFlight(int maxInFlight) {
            this.maxInFlight = maxInFlight;
            return this;
        }

        /** See {@link DispatcherConfig#batchSize()}. */
        public Builder batchSize(int batchSize) {
            this.batchSize = batchSize;
            return this;
        }

        /** See {@link DispatcherConfig#window()}. */
        public Builder window(Duration window) {
            this.window = window;
            return this;
        }

        /** See {@link DispatcherConfig#minPollInterval()}. */
        public Builder minPollInterval(Duration minPollInterval) {
            this.minPollInterval = minPollInterval;
            return this;
        }

        /** See {@link DispatcherConfig#maxPollInterval()}. */
        public Builder maxPollInterval(Duration maxPollInterval) {
            this.maxPollInterval = maxPollInterval;
            return this;
        }

        /** See {@link DispatcherConfig#shutdownGrace()}. */
        public Builder shutdownGrace(Duration shutdownGrace) {
            this.shutdownGrace = shutdownGrace;
            return this;
        }

        /** See {@link DispatcherConfig#requestTimeout()}. */
        public Builder requestTimeout(Duration requestTimeout) {
            this.requestTimeout = requestTimeout;
            return this;
        }

        /** See {@link DispatcherConfig#sweepInterval()}. */
        public Builder sweepInterval(Duration sweepInterval) {
            this.sweepInterval = sweepInterval;
            return this;
        }

        /** See {@link DispatcherConfig#baseUrl()}. */
        public Builder baseUrl(@Nullable URI baseUrl) {
            this.baseUrl = baseUrl;
            return this;
        }

        /** See {@link DispatcherConfig#signing()}. */
        public Builder signing(@Nullable DispatchSigning signing) {
            this.signing = signing;
            return this;
        }

        /** See {@link DispatcherConfig#dispatchKeys()}. */
        public Builder dispatchKeys(List<String> dispatchKeys) {
            this.dispatchKeys = new ArrayList<>(dispatchKeys);
            return this;
        }

        /** See {@link DispatcherConfig#dispatchKeys()}. */
        public Builder dispatchKeys(String... dispatchKeys) {
            return dispatchKeys(Arrays.asList(dispatchKeys));
        }

        /** See {@link DispatcherConfig#dispatchTolerance()}. */
        public Builder dispatchTolerance(Duration dispatchTolerance) {
            this.dispatchTolerance = dispatchTolerance;
            return this;
        }

        /** The configuration; throws {@link IllegalArgumentException} naming the first bad field. */
        public DispatcherConfig build() {
            return new DispatcherConfig(
                    enabled,
                    workers,
                    maxInFlight,
                    batchSize,
                    window,
                    minPollInterval,
                    maxPollInterval,
                    shutdownGrace,
                    requestTimeout,
                    sweepInterval,
                    baseUrl,
                    signing,
                    dispatchKeys,
                    dispatchTolerance);
        }
    }
}
