package dev.hookguard.faults;

import static org.awaitility.Awaitility.await;

import com.zaxxer.hikari.HikariDataSource;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.EventRecord;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.IdempotencyStore;
import dev.hookguard.core.RecordStatus;
import dev.hookguard.core.StoreUnavailableException;
import dev.hookguard.core.signature.Scheme;
import dev.hookguard.core.signature.SignatureConfig;
import dev.hookguard.servlet.Backoff;
import dev.hookguard.servlet.DispatcherConfig;
import dev.hookguard.servlet.EndpointConfig;
import dev.hookguard.servlet.HookguardFilterConfig;
import dev.hookguard.servlet.Intake;
import dev.hookguard.servlet.RecoveryConfig;
import dev.hookguard.servlet.Retries;
import dev.hookguard.servlet.internal.metrics.MicrometerDeliveryMetrics;
import dev.hookguard.testkit.ThrowawayPostgres;
import dev.hookguard.testkit.ThrowawayRedis;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;

/** What every fault test shares: the one endpoint, its configuration, and how the test reads the store. */
final class Scenario {

    /**
     * The retry backoff of the recovering endpoints: 200 ms doubling to 1 s, so that a failed or stalled record (a dead
     * node's, which the sweeper schedules with this delay) runs again within a second, not after the default minutes.
     */
    static final Backoff SHORT_BACKOFF = Backoff.custom()
            .base(Duration.ofMillis(200))
            .cap(Duration.ofSeconds(1))
            .build();

    static final String ENDPOINT = "events";
    static final Set<RecordStatus> TERMINAL =
            EnumSet.of(RecordStatus.SUCCEEDED, RecordStatus.REJECTED, RecordStatus.DEAD);

    private Scenario() {}

    /** The filter's configuration: one Standard Webhooks endpoint on {@code /hooks/events}. */
    static HookguardFilterConfig.Builder config(IdempotencyStore store, Duration lease, MeterRegistry meters) {
        return HookguardFilterConfig.custom()
                .store(store)
                .metrics(new MicrometerDeliveryMetrics(meters))
                .unavailableRetryAfter(Duration.ofSeconds(1))
                .endpoint(EndpointConfig.custom(ENDPOINT)
                        .path("/hooks/events")
                        .scheme(Scheme.STANDARD_WEBHOOKS, SignatureConfig.of(Storm.SECRET))
                        .policy(IdempotencyPolicy.custom().lease(lease).build())
                        .build());
    }

    /**
     * The same endpoint with async intake (DESIGN.md §8): each delivery is verified, stored QUEUED and answered 202;
     * this filter's dispatcher, configured by {@code dispatcher}, redelivers it to the handler.
     */
    static HookguardFilterConfig.Builder asyncConfig(
            IdempotencyStore store, Duration lease, MeterRegistry meters, DispatcherConfig dispatcher) {
        return asyncConfig(store, lease, meters, dispatcher, RecoveryConfig.Dispatch.ofDefaults());
    }

    /** The endpoint in async intake with the dispatcher's endpoint controls {@code controls} (rate, breaker). */
    static HookguardFilterConfig.Builder asyncConfig(
            IdempotencyStore store,
            Duration lease,
            MeterRegistry meters,
            DispatcherConfig dispatcher,
            RecoveryConfig.Dispatch controls) {
        return recoveringConfig(
                store,
                lease,
                meters,
                dispatcher,
                RecoveryConfig.custom()
                        .intake(Intake.ASYNC)
                        .backoff(SHORT_BACKOFF)
                        .dispatch(controls)
                        .build());
    }

    /**
     * The same endpoint with sync intake and receiver retries (GitHub's default, {@link Retries#RECEIVER}): its sender
     * never redelivers, so the claim keeps the payload and this filter's dispatcher (configured by {@code dispatcher})
     * retries what fails or is left behind; the backoff is short, so that a retry comes within a second.
     */
    static HookguardFilterConfig.Builder receiverRetriesConfig(
            IdempotencyStore store, Duration lease, MeterRegistry meters, DispatcherConfig dispatcher) {
        return recoveringConfig(
                store,
                lease,
                meters,
                dispatcher,
                RecoveryConfig.custom()
                        .retries(Retries.RECEIVER)
                        .backoff(SHORT_BACKOFF)
                        .build());
    }

    /** The endpoint with {@code recovery} and this filter's {@code dispatcher}. */
    private static HookguardFilterConfig.Builder recoveringConfig(
            IdempotencyStore store,
            Duration lease,
            MeterRegistry meters,
            DispatcherConfig dispatcher,
            RecoveryConfig recovery) {
        return HookguardFilterConfig.custom()
                .store(store)
                .metrics(new MicrometerDeliveryMetrics(meters))
                .unavailableRetryAfter(Duration.ofSeconds(1))
                .storeTimeout(Duration.ofSeconds(10)) // no outage here: a loaded CI machine may take over 1 s
                .dispatcher(dispatcher)
                .endpoint(EndpointConfig.custom(ENDPOINT)
                        .path("/hooks/events")
                        .scheme(Scheme.STANDARD_WEBHOOKS, SignatureConfig.of(Storm.SECRET))
                        .policy(IdempotencyPolicy.custom().lease(lease).build())
                        .recovery(recovery)
                        .build());
    }

    /** A JVM of its own running {@code main} with the test's class path and {@code args}; its errors go to ours. */
    static Process jvm(Class<?> main, String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx256m",
                "-cp",
                System.getProperty("java.class.path"),
                main.getName()));
        command.addAll(List.of(args));
        return new ProcessBuilder(command)
                .redirectError(ProcessBuilder.Redirect.INHERIT)
                .start();
    }

    /** A small pool on {@code postgres} for the test's own reads of the store. */
    static HikariDataSource checks(ThrowawayPostgres postgres) {
        HikariDataSource checks = new HikariDataSource();
        checks.setJdbcUrl(postgres.url());
        checks.setUsername("postgres");
        checks.setMaximumPoolSize(2);
        checks.setInitializationFailTimeout(-1);
        return checks;
    }

    /**
     * A pool on a PostgreSQL primary behind a multi-host URL, set up as the jdbc-store README recommends for a failover:
     * no more than a second's wait for a connection (a claim that cannot get one is answered 503), dead connections
     * dropped when they fail (pgjdbc's SQLState 08xxx), found by validation before they are handed out (250 ms at
     * most) and by a keepalive while idle, and none kept longer than 5 minutes.
     */
    static HikariDataSource failoverPool(String url, int size) {
        HikariDataSource pool = new HikariDataSource();
        pool.setJdbcUrl(url);
        pool.setUsername("postgres");
        pool.setMaximumPoolSize(size);
        pool.setConnectionTimeout(1_000);
        pool.setValidationTimeout(250);
        pool.setKeepaliveTime(30_000);
        pool.setMaxLifetime(300_000);
        pool.setInitializationFailTimeout(-1);
        return pool;
    }

    /**
     * A dispatcher that redelivers to {@code baseUrl}: four workers, reservations of {@code window}, polling at least
     * every half second and sweeping for records left behind (a dead node's leases) every second.
     */
    static DispatcherConfig dispatcher(URI baseUrl, Duration window) {
        return DispatcherConfig.custom()
                .workers(4)
                .maxInFlight(4)
                .window(window)
                .maxPollInterval(Duration.ofMillis(500))
                .sweepInterval(Duration.ofSeconds(1))
                .baseUrl(baseUrl)
                .build();
    }

    /** A free port of 127.0.0.1, for a receiver that must know where it listens before it starts. */
    static int sparePort() throws IOException {
        return ThrowawayRedis.sparePort();
    }

    /** Whether the store holds any record of the event: after async intake's 202, at least QUEUED. */
    static boolean stored(IdempotencyStore store, String id) {
        return status(store, id).isPresent();
    }

    /** How many of the events are in each status (absent ones under {@code "absent"}), for assertions. */
    static Map<String, Long> statuses(IdempotencyStore store, List<String> ids) {
        return ids.stream()
                .collect(Collectors.groupingBy(
                        id -> status(store, id).map(Enum::name).orElse("absent"), TreeMap::new, Collectors.counting()));
    }

    static EventKey key(String id) {
        return EventKey.of(ENDPOINT, id);
    }

    /** The event's status, asked until the store answers (it may be down when a 2xx arrives). */
    static Optional<RecordStatus> status(IdempotencyStore store, String id) {
        AtomicReference<Optional<RecordStatus>> status = new AtomicReference<>();
        await().atMost(Duration.ofSeconds(60))
                .pollDelay(Duration.ZERO) // the first read at once: a read that answers costs no wait
                .pollInterval(Duration.ofMillis(100))
                .ignoreException(StoreUnavailableException.class)
                .untilAsserted(() -> status.set(store.find(key(id)).map(EventRecord::status)));
        return status.get();
    }

    /**
     * Opens a store, trying again while it fails: a cold JVM on a busy machine may take longer than the short
     * command timeout the tests use to set up its first connection.
     */
    static <S> S connect(Callable<S> open) {
        return await().atMost(Duration.ofSeconds(60))
                .ignoreException(StoreUnavailableException.class)
                .until(open, store -> true);
    }

    /** Whether the store holds a verdict that answers for the event. */
    static boolean recorded(IdempotencyStore store, String id) {
        return status(store, id).filter(TERMINAL::contains).isPresent();
    }

    /** The longest claim the filter timed, in milliseconds: bounded by its store timeout while the store is down. */
    static long slowestClaimMillis(MeterRegistry meters) {
        return meters.find("hookguard.claim.duration").timers().stream()
                .mapToLong(t -> (long) t.max(java.util.concurrent.TimeUnit.MILLISECONDS))
                .max()
                .orElse(0);
    }

    /** How many deliveries the filter counted with {@code outcome}. */
    static double outcomes(MeterRegistry meters, String outcome) {
        return meters.find("hookguard.deliveries").tag("outcome", outcome).counters().stream()
                .mapToDouble(Counter::count)
                .sum();
    }
}
