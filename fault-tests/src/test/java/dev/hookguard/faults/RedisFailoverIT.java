package dev.hookguard.faults;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.hookguard.core.RecordStatus;
import dev.hookguard.redis.RedisIdempotencyStore;
import dev.hookguard.redis.RedisStoreConfig;
import dev.hookguard.servlet.HookguardFilter;
import dev.hookguard.servlet.HookguardFilterConfig;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Redis failing over mid-storm, with sync and with async intake. A Sentinel set ({@link SentinelSet}: primary, one
 * replica, three sentinels; no persistence): the primary killed ({@code SIGKILL}, then started again as a replica of
 * the promoted one, as a node without persistence must be: started as a primary it comes back empty), or paused
 * ({@code SIGSTOP}) until the sentinels promoted the replica and then let go on ({@code SIGCONT}), so that it takes
 * writes until the sentinels demote it and discards them when it resyncs. With durability {@code replicas(1, …)} and
 * {@code min-replicas-to-write 1} on the Redis side, nothing acknowledged is lost and a handler runs twice only where
 * its verdict could not be recorded (answered 503, counted as unrecorded); with {@code none} the figures are printed,
 * not asserted. A Redis Cluster ({@link RedisClusterSet}: three primaries with a replica each): the primary that holds
 * the endpoint's slot (its due queue and indexes; the events spread over all three) killed, its replica promoted by
 * the cluster, the old one started again and rejoining as a replica. The six {@code replicas(1, …)} cases and the three
 * {@code none} ones each run three times, a case's sync and async runs side by side ({@link Repeats});
 * {@code -Dfaults.repeat=1} runs each once, {@code -Dfaults.durable-only=true} leaves out the {@code none} cases.
 */
class RedisFailoverIT {

    private static final int EVENTS = 300;
    private static final Duration PACE = Duration.ofMillis(15);
    private static final Duration LEASE = Duration.ofSeconds(3);
    private static final Duration WORK = Duration.ofMillis(20);
    /** Redis-side settings of the durable runs: a primary without an in-sync replica refuses writes. */
    static final List<String> MIN_REPLICAS = List.of("--min-replicas-to-write", "1", "--min-replicas-max-lag", "2");

    enum Fault {
        KILL,
        PAUSE
    }

    /** How the Redis under test is set up for high availability. */
    enum Topology {
        SENTINEL,
        CLUSTER
    }

    /**
     * The cases: each topology and fault with durability {@code replicas(1, …)}, and with {@code none} the Sentinel
     * SIGSTOP and kill -9 (sync intake only for the kill) for their figures; each runs with sync and async intake.
     */
    static List<Arguments> cases() {
        List<Arguments> cases = new ArrayList<>();
        for (Fault fault : Fault.values()) {
            cases.add(Arguments.of(Topology.SENTINEL, fault, true, List.of(false, true)));
        }
        cases.add(Arguments.of(Topology.CLUSTER, Fault.KILL, true, List.of(false, true)));
        if (!Boolean.getBoolean("faults.durable-only")) {
            cases.add(Arguments.of(Topology.SENTINEL, Fault.PAUSE, false, List.of(false, true)));
            cases.add(Arguments.of(Topology.SENTINEL, Fault.KILL, false, List.of(false)));
        }
        return cases;
    }

    /** The case's sync and async runs, three each, all side by side ({@link Repeats}). */
    @ParameterizedTest(name = "{0} {1} replicas1={2} async={3}")
    @MethodSource("cases")
    void shouldLoseNothingAcknowledgedThroughAFailoverWithReplicasOne(
            Topology topology, Fault fault, boolean durable, List<Boolean> intakes) throws Exception {
        Repeats.concurrently(intakes.stream()
                .map(async -> (Repeats.Run) run -> failover(topology, fault, async, durable, run))
                .toArray(Repeats.Run[]::new));
    }

    private static void failover(Topology topology, Fault fault, boolean async, boolean durable, int run)
            throws Exception {
        String name = topology.name().toLowerCase(java.util.Locale.ROOT) + "-"
                + fault.name().toLowerCase(java.util.Locale.ROOT) + (async ? "-async" : "-sync")
                + (durable ? "-replicas1" : "-none");
        RedisStoreConfig storeConfig = RedisStoreConfig.custom()
                .keyPrefix("faults")
                .commandTimeout(Duration.ofMillis(800))
                .durabilityReplicas(durable ? 1 : 0)
                .durabilityTimeout(Duration.ofMillis(500))
                .acceptVolatileAsync(!durable)
                .build();
        Map<String, AtomicInteger> runs = new ConcurrentHashMap<>();
        AtomicInteger inFlight = new AtomicInteger();
        SimpleMeterRegistry meters = new SimpleMeterRegistry();
        Figures figures = new Figures();
        List<String> ids = Storm.ids(name + "-" + run, EVENTS);
        List<String> deliveries = withDuplicates(ids);
        List<String> redisArgs = durable ? MIN_REPLICAS : List.of();
        try (FailoverSet redis = topology == Topology.SENTINEL
                        ? SentinelSet.start(redisArgs)
                        : RedisClusterSet.start(redisArgs, Scenario.ENDPOINT);
                RedisIdempotencyStore store = Scenario.connect(() -> redis.store(storeConfig));
                RedisIdempotencyStore checker = Scenario.connect(() -> redis.store(
                        RedisStoreConfig.from(storeConfig).durabilityReplicas(0).build()))) {
            int port = Scenario.sparePort();
            URI base = URI.create("http://127.0.0.1:" + port);
            HookguardFilterConfig config = async
                    ? Scenario.asyncConfig(store, LEASE, meters, Scenario.dispatcher(base, Duration.ofSeconds(5)))
                            .build()
                    : Scenario.config(store, LEASE, meters).build();
            HookguardFilter filter = new HookguardFilter(config);
            SideEffectServlet handler = new SideEffectServlet(id -> {
                inFlight.incrementAndGet();
                try {
                    runs.computeIfAbsent(id, k -> new AtomicInteger()).incrementAndGet();
                    new CountDownLatch(1).await(WORK.toMillis(), TimeUnit.MILLISECONDS); // the business work
                } finally {
                    inFlight.decrementAndGet();
                }
            });
            AtomicLong faultAt = new AtomicLong(Long.MAX_VALUE);
            AtomicLong firstOkAfterFault = new AtomicLong(-1);
            int inFlightAtFault;
            long promotedAfterMillis = -1;
            long followedAfterMillis = -1;
            long stormDoneAfterMillis = -1;
            try (Receiver receiver = Receiver.start(filter, handler, port);
                    Storm storm = new Storm(receiver.base(), figures, id -> {
                        long now = System.nanoTime();
                        if (now > faultAt.get()) {
                            firstOkAfterFault.compareAndSet(-1, now - faultAt.get());
                        }
                        return async ? Scenario.stored(checker, id) : Scenario.recorded(checker, id);
                    })) {
                storm.pause(Duration.ofMillis(250)).maxTries(400);
                CompletableFuture<Void> done = storm.start(deliveries, PACE);
                await().atMost(Duration.ofSeconds(60)).until(() -> storm.started() >= deliveries.size() / 3);
                inFlightAtFault = inFlight.get();
                faultAt.set(System.nanoTime());
                redis.fail(fault == Fault.KILL);
                promotedAfterMillis = millisSince(faultAt.get());
                await().atMost(Duration.ofSeconds(120))
                        .pollInterval(Duration.ofMillis(50))
                        .until(() -> answers(store));
                followedAfterMillis = millisSince(faultAt.get());
                done.get(240, TimeUnit.SECONDS);
                stormDoneAfterMillis = millisSince(faultAt.get());
                assertThat(storm.gaveUp()).isEmpty();
                if (async) { // every queued event runs, unless its record was lost
                    await().atMost(Duration.ofSeconds(durable ? 90 : 20))
                            .pollInterval(Duration.ofMillis(500))
                            .until(() -> ids.stream().allMatch(id -> runs.containsKey(id)));
                }
            } catch (org.awaitility.core.ConditionTimeoutException e) {
                if (durable) {
                    throw e;
                }
                inFlightAtFault = inFlight.get();
            } finally {
                filter.destroy();
            }
            int lost = 0;
            int neverRan = 0;
            for (String id : ids) {
                Optional<RecordStatus> status = Scenario.status(checker, id);
                boolean kept = async
                        ? status.isPresent()
                        : status.filter(Scenario.TERMINAL::contains).isPresent();
                lost += kept ? 0 : 1;
                neverRan += runs.containsKey(id) ? 0 : 1;
            }
            int twice = Figures.doubleRuns(ids, id -> count(runs, id));
            double unrecorded = Scenario.outcomes(meters, "unrecorded");
            figures.print(
                    name + "-run" + run,
                    EVENTS,
                    unrecorded,
                    Figures.runHistogram(ids, id -> count(runs, id)),
                    Scenario.slowestClaimMillis(meters));
            System.out.printf(
                    "[fault-figures] %s-run%d: acknowledged-lost=%d ran-twice=%d never-ran=%d in-flight-at-fault=%d"
                            + " first-2xx-after-fault=%dms shortfalls=%d promoted-after=%dms store-followed-after=%dms"
                            + " storm-done-after=%dms%n",
                    name,
                    run,
                    lost,
                    twice,
                    neverRan,
                    inFlightAtFault,
                    firstOkAfterFault.get() < 0 ? -1 : TimeUnit.NANOSECONDS.toMillis(firstOkAfterFault.get()),
                    store.durabilityShortfalls(),
                    promotedAfterMillis,
                    followedAfterMillis,
                    stormDoneAfterMillis);

            if (durable) {
                assertThat(lost).as("acknowledged events whose record is gone").isZero();
                assertThat(neverRan)
                        .as("acknowledged events whose handler never ran")
                        .isZero();
                assertThat(twice).as("handlers run twice").isLessThanOrEqualTo((int) unrecorded + inFlightAtFault);
            }
        }
    }

    /** Every event once, and every fifth one a second time, sent on its own as a sender's duplicate. */
    private static List<String> withDuplicates(List<String> ids) {
        List<String> deliveries = new ArrayList<>(ids);
        for (int i = 0; i < ids.size(); i += 5) {
            deliveries.add(i * 2 < deliveries.size() ? i * 2 : deliveries.size(), ids.get(i));
        }
        return deliveries;
    }

    private static long millisSince(long nanos) {
        return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - nanos);
    }

    /** Whether the store answers a read: connected again, after the promotion, to the promoted primary. */
    private static boolean answers(RedisIdempotencyStore store) {
        try {
            store.find(dev.hookguard.core.EventKey.of("probe", "follow"));
            return true;
        } catch (dev.hookguard.core.StoreUnavailableException e) {
            return false;
        }
    }

    private static int count(Map<String, AtomicInteger> runs, String id) {
        AtomicInteger count = runs.get(id);
        return count == null ? 0 : count.get();
    }
}
