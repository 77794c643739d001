package dev.hookguard.servlet.internal.metrics;

import dev.hookguard.core.DueQueue.QueueStats;
import dev.hookguard.core.ErrorClass;
import dev.hookguard.servlet.DeliveryMetrics;
import dev.hookguard.servlet.DeliveryMetrics.DeliveryOutcome;
import dev.hookguard.servlet.DeliveryMetrics.DispatchOutcome;
import dev.hookguard.servlet.DeliveryMetrics.QueueSnapshot;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Metrics;
import io.micrometer.core.instrument.Timer;
import io.micrometer.observation.ObservationRegistry;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import java.util.function.ToDoubleFunction;
import org.jspecify.annotations.Nullable;

/**
 * {@link DeliveryMetrics} on a Micrometer {@link MeterRegistry}, with the meter names and tags of DESIGN.md
 * §7. Meters are registered on first use and cached. Only this class touches Micrometer, so the filter runs
 * without it on the class path.
 */
public final class MicrometerDeliveryMetrics implements DeliveryMetrics {

    private static final DeliveryOutcome[] OUTCOMES = DeliveryOutcome.values();

    private final MeterRegistry registry;
    private final ObservationRegistry observations;
    private final Map<String, EndpointMeters> endpoints = new ConcurrentHashMap<>();
    private final Map<String, Counter> failOpen = new ConcurrentHashMap<>();
    private final Map<String, Counter> archive = new ConcurrentHashMap<>();
    private final Map<String, Counter> dispatches = new ConcurrentHashMap<>();
    private final Map<String, Counter> failures = new ConcurrentHashMap<>();

    /** Metrics on this registry; deliveries are not observed. */
    public MicrometerDeliveryMetrics(MeterRegistry registry) {
        this(registry, ObservationRegistry.NOOP);
    }

    /** Metrics on this registry, and each delivery a {@link DeliveryObservation} on {@code observations}. */
    public MicrometerDeliveryMetrics(MeterRegistry registry, ObservationRegistry observations) {
        this.registry = registry;
        this.observations = observations;
    }

    /** Metrics on Micrometer's global registry. */
    public static DeliveryMetrics global() {
        return new MicrometerDeliveryMetrics(Metrics.globalRegistry);
    }

    @Override
    public void delivery(String endpoint, DeliveryOutcome outcome) {
        meters(endpoint).delivery(outcome).increment();
    }

    @Override
    public DeliveryObservation observe(String endpoint) {
        return MicrometerDeliveryObservation.start(observations, endpoint);
    }

    @Override
    public void archived(String endpoint, long records) {
        archivedCounter(endpoint).increment(records);
    }

    @Override
    public void archiveFailed(String endpoint) {
        archiveFailures(endpoint).increment();
    }

    private Counter archivedCounter(String endpoint) {
        return archive.computeIfAbsent(
                ARCHIVE_RECORDS + endpoint,
                k -> Counter.builder(ARCHIVE_RECORDS)
                        .description("Dead letters written to the archive before their purge")
                        .tag(ENDPOINT_TAG, endpoint)
                        .register(registry));
    }

    private Counter archiveFailures(String endpoint) {
        return archive.computeIfAbsent(
                ARCHIVE_FAILURES + endpoint,
                k -> Counter.builder(ARCHIVE_FAILURES)
                        .description("Archive runs that failed (a file or the store) and are retried")
                        .tag(ENDPOINT_TAG, endpoint)
                        .register(registry));
    }

    /** Registered when the archiver starts, with both counters at zero, so an alert's increase() sees the first run. */
    @Override
    public void archiveLag(String endpoint, Supplier<Duration> lag) {
        archivedCounter(endpoint);
        archiveFailures(endpoint);
        Gauge.builder(ARCHIVE_LAG, lag, l -> l.get().toMillis() / 1000.0)
                .description("How long the oldest unarchived dead letter is past archive.after")
                .baseUnit("seconds")
                .tag(ENDPOINT_TAG, endpoint)
                .strongReference(true)
                .register(registry);
    }

    @Override
    public void failedOpen(String endpoint) {
        failOpen.computeIfAbsent(
                        endpoint,
                        k -> Counter.builder(FAIL_OPEN)
                                .description("Deliveries handed on without a claim while the store was unreachable")
                                .tag(ENDPOINT_TAG, endpoint)
                                .register(registry))
                .increment();
    }

    @Override
    public void claimDuration(String endpoint, Duration duration) {
        meters(endpoint).claim().record(duration);
    }

    @Override
    public void handlerDuration(String endpoint, Duration duration) {
        meters(endpoint).handler().record(duration);
    }

    @Override
    public void deadLetters(String endpoint, LongSupplier count) {
        Gauge.builder(DEAD_LETTERS, new CachedCount(count, DEAD_LETTER_REFRESH), CachedCount::value)
                .description("Dead letters (DEAD and REJECTED events) waiting for an operator")
                .tag(ENDPOINT_TAG, endpoint)
                .strongReference(true)
                .register(registry);
    }

    @Override
    public void queue(String endpoint, Supplier<@Nullable QueueSnapshot> snapshot) {
        gauge(
                QUEUE_DEPTH,
                "Records in the due queue",
                endpoint,
                snapshot,
                s -> s.stats().depth());
        gauge(QUEUE_OLDEST, "Seconds the oldest due record has been due", endpoint, snapshot, s -> oldest(s.stats()));
        gauge(QUEUE_STALLED, "Records nobody is going to move on their own", endpoint, snapshot, s -> s.stalled());
        gauge(
                DISPATCH_PAUSED,
                "1 while the endpoint's dispatching is paused",
                endpoint,
                snapshot,
                s -> s.paused() ? 1 : 0);
        gauge(
                DISPATCH_BREAKER_OPEN,
                "1 while this node's circuit breaker of the endpoint is open or half-open",
                endpoint,
                snapshot,
                s -> s.breaker().equals("open") || s.breaker().equals("half_open") ? 1 : 0);
        gauge(
                DISPATCH_RATE_LIMITED,
                "Due records the endpoint's delivery rate holds back",
                endpoint,
                snapshot,
                QueueSnapshot::rateLimited);
    }

    private void gauge(
            String name,
            String description,
            String endpoint,
            Supplier<@Nullable QueueSnapshot> snapshot,
            ToDoubleFunction<QueueSnapshot> value) {
        Gauge.builder(name, snapshot, s -> {
                    QueueSnapshot current = s.get();
                    return current == null ? Double.NaN : value.applyAsDouble(current);
                })
                .description(description)
                .tag(ENDPOINT_TAG, endpoint)
                .strongReference(true)
                .register(registry);
    }

    private static double oldest(QueueStats stats) {
        Duration age = stats.oldestDueAge();
        return age == null ? 0 : age.toMillis() / 1000.0;
    }

    @Override
    public void attempts(String endpoint, DeliveryOutcome outcome, int attempt) {
        meters(endpoint).attempts(outcome).record(attempt);
    }

    @Override
    public void dispatch(String endpoint, DispatchOutcome outcome) {
        dispatches
                .computeIfAbsent(
                        endpoint + '\n' + outcome.tag(),
                        k -> Counter.builder(DISPATCHES)
                                .description("Redeliveries of stored events by the dispatcher")
                                .tag(ENDPOINT_TAG, endpoint)
                                .tag(OUTCOME_TAG, outcome.tag())
                                .register(registry))
                .increment();
    }

    @Override
    public void failure(String endpoint, DeliveryOutcome outcome, ErrorClass errorClass) {
        failures.computeIfAbsent(
                        endpoint + '\n' + outcome.tag() + '\n' + errorClass.code(),
                        k -> Counter.builder(FAILURES)
                                .description("Recorded failures, dead letters and rejections by error class")
                                .tag(ENDPOINT_TAG, endpoint)
                                .tag(OUTCOME_TAG, outcome.tag())
                                .tag(ERROR_CLASS_TAG, errorClass.code())
                                .register(registry))
                .increment();
    }

    /** The endpoint's per-delivery meters: one map lookup by the endpoint's name (its hash cached), no key built. */
    private EndpointMeters meters(String endpoint) {
        EndpointMeters meters = endpoints.get(endpoint);
        return meters != null ? meters : endpoints.computeIfAbsent(endpoint, EndpointMeters::new);
    }

    /**
     * The meters every delivery of one endpoint touches, by outcome ordinal. A meter is registered on first use, as
     * before; two threads may both register it, and Micrometer hands both the same meter.
     */
    private final class EndpointMeters {
        private static final int CLAIM = 0;
        private static final int HANDLER = 1;

        private final String endpoint;
        private final AtomicReferenceArray<Timer> timers = new AtomicReferenceArray<>(2);
        private final AtomicReferenceArray<Counter> deliveries = new AtomicReferenceArray<>(OUTCOMES.length);
        private final AtomicReferenceArray<DistributionSummary> attempts = new AtomicReferenceArray<>(OUTCOMES.length);

        EndpointMeters(String endpoint) {
            this.endpoint = endpoint;
        }

        // each: the kept meter, or the one registered now (no lambda: these run for every delivery)
        Timer claim() {
            Timer timer = timers.get(CLAIM);
            return timer != null
                    ? timer
                    : kept(timers, CLAIM, timer(CLAIM_DURATION, "Time to claim an event in the store"));
        }

        Timer handler() {
            Timer timer = timers.get(HANDLER);
            return timer != null
                    ? timer
                    : kept(timers, HANDLER, timer(HANDLER_DURATION, "Time the webhook handler took"));
        }

        Counter delivery(DeliveryOutcome outcome) {
            Counter counter = deliveries.get(outcome.ordinal());
            return counter != null
                    ? counter
                    : kept(
                            deliveries,
                            outcome.ordinal(),
                            Counter.builder(DELIVERIES)
                                    .description("Webhook deliveries by what became of them")
                                    .tag(ENDPOINT_TAG, endpoint)
                                    .tag(OUTCOME_TAG, outcome.tag())
                                    .register(registry));
        }

        DistributionSummary attempts(DeliveryOutcome outcome) {
            DistributionSummary summary = attempts.get(outcome.ordinal());
            return summary != null
                    ? summary
                    : kept(
                            attempts,
                            outcome.ordinal(),
                            DistributionSummary.builder(ATTEMPTS)
                                    .description("The attempt on which an event ended")
                                    .tag(ENDPOINT_TAG, endpoint)
                                    .tag(OUTCOME_TAG, outcome.tag())
                                    .register(registry));
        }

        private Timer timer(String name, String description) {
            return Timer.builder(name)
                    .description(description)
                    .tag(ENDPOINT_TAG, endpoint)
                    .register(registry);
        }

        /** Keeps a meter just registered in its slot (a race registers it twice: Micrometer hands back the same). */
        private static <M> M kept(AtomicReferenceArray<M> slots, int slot, M meter) {
            slots.set(slot, meter);
            return meter;
        }
    }
}
