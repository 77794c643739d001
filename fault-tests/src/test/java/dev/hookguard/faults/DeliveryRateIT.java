package dev.hookguard.faults;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.hookguard.core.RecordStatus;
import dev.hookguard.core.RecoveryStore;
import dev.hookguard.core.operator.OperatorAction;
import dev.hookguard.redis.RedisIdempotencyStore;
import dev.hookguard.redis.RedisStoreConfig;
import dev.hookguard.redis.RedisStores;
import dev.hookguard.servlet.DeliveryMetrics.QueueSnapshot;
import dev.hookguard.servlet.HookguardFilter;
import dev.hookguard.servlet.RecoveryConfig;
import dev.hookguard.servlet.internal.dispatch.Dispatchers;
import dev.hookguard.testkit.ThrowawayRedis;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The delivery rate across nodes, in real time: two receivers (two Jetty servers, each with its own store client and
 * dispatcher) on one Redis share an endpoint whose rate is 50/s over 2 nodes (25/s each). 1 000 events are queued while
 * the endpoint is paused, then it is resumed: the backlog drains at 50/s within 10 %, measured from the handler runs'
 * start times, and each event runs once.
 */
class DeliveryRateIT {

    private static final int EVENTS = 1000;
    private static final int RATE = 50;
    private static final Duration LEASE = Duration.ofSeconds(10);
    private static final Duration WINDOW = Duration.ofSeconds(5);

    @Test
    void shouldDrainABacklogOnTwoNodesAtTheEndpointsRate() throws Exception {
        RedisStoreConfig config = RedisStoreConfig.custom()
                .keyPrefix("faults")
                .acceptVolatileAsync(true) // its own throwaway Redis keeps no AOF; the test queues on purpose
                .build();
        RecoveryConfig.Dispatch controls = RecoveryConfig.Dispatch.ofDefaults()
                .rate(RecoveryConfig.Rate.parse(RATE + "/s"))
                .nodes(2);
        Map<String, AtomicInteger> runs = new ConcurrentHashMap<>();
        Map<String, AtomicInteger> byNode = new ConcurrentHashMap<>();
        ConcurrentLinkedQueue<Long> startedAt = new ConcurrentLinkedQueue<>();
        List<String> ids = Storm.ids("delivery-rate", EVENTS);
        try (ThrowawayRedis redis = ThrowawayRedis.start();
                RedisIdempotencyStore a = Scenario.connect(() -> RedisStores.standalone(redis.uri(), config));
                RedisIdempotencyStore b = Scenario.connect(() -> RedisStores.standalone(redis.uri(), config));
                RedisIdempotencyStore checker = Scenario.connect(() -> RedisStores.standalone(redis.uri(), config))) {
            checker.pause(Scenario.ENDPOINT, OperatorAction.by("delivery-rate-it", "fill the backlog"));
            int portA = Scenario.sparePort();
            int portB = Scenario.sparePort();
            HookguardFilter filterA = filter(a, portA, controls);
            HookguardFilter filterB = filter(b, portB, controls);
            try (Receiver nodeA = Receiver.start(filterA, handler("a", runs, byNode, startedAt), portA);
                    Receiver nodeB = Receiver.start(filterB, handler("b", runs, byNode, startedAt), portB);
                    Storm storm = new Storm(nodeA.base(), new Figures(), id -> Scenario.stored(checker, id))) {
                awaitPaused(filterA, true);
                awaitPaused(filterB, true);
                storm.start(ids, Duration.ofMillis(5)).get(120, TimeUnit.SECONDS);
                assertThat(checker.stats(Scenario.ENDPOINT).depth()).isEqualTo(EVENTS);
                assertThat(runs).isEmpty();

                checker.resume(Scenario.ENDPOINT, OperatorAction.by("delivery-rate-it", "drain"));
                await().atMost(Duration.ofSeconds(60))
                        .pollInterval(Duration.ofMillis(500))
                        .untilAsserted(() -> assertThat(runs)
                                .as(() -> "runs by node " + byNode + ", due queue " + checker.stats(Scenario.ENDPOINT)
                                        + ", node a "
                                        + Dispatchers.of(filterA).flatMap(d -> d.snapshot(Scenario.ENDPOINT)))
                                .hasSize(EVENTS));
                await().atMost(Duration.ofSeconds(30))
                        .pollInterval(Duration.ofMillis(500))
                        .until(() -> checker.stats(Scenario.ENDPOINT).depth() == 0);
                assertThat(Scenario.statuses(checker, ids.subList(0, 50)))
                        .containsOnlyKeys(RecordStatus.SUCCEEDED.name());
            }
        }
        List<Long> times = startedAt.stream().sorted().toList();
        double seconds = (times.get(times.size() - 1) - times.get(0)) / 1e9;
        double measured = (times.size() - 1) / seconds;
        System.out.printf(
                "[fault-figures] delivery-rate: %d events over 2 nodes (runs by node %s) in %.1f s = %.1f/s,"
                        + " configured %d/s%n",
                times.size(), new TreeMap<>(byNode), seconds, measured, RATE);
        assertThat(ids).allSatisfy(id -> assertThat(runs.get(id)).as(id).hasValue(1));
        assertThat(measured).isBetween(RATE * 0.9, RATE * 1.1);
        assertThat(byNode).containsOnlyKeys("a", "b");
    }

    private static void awaitPaused(HookguardFilter filter, boolean paused) {
        await().atMost(Duration.ofSeconds(10))
                .until(() -> Dispatchers.of(filter)
                                .flatMap(d -> d.snapshot(Scenario.ENDPOINT))
                                .map(QueueSnapshot::paused)
                                .orElse(!paused)
                        == paused);
    }

    private static HookguardFilter filter(RecoveryStore store, int port, RecoveryConfig.Dispatch controls) {
        return new HookguardFilter(Scenario.asyncConfig(
                        store,
                        LEASE,
                        new SimpleMeterRegistry(),
                        Scenario.dispatcher(URI.create("http://127.0.0.1:" + port), WINDOW),
                        controls)
                .build());
    }

    private static SideEffectServlet handler(
            String node,
            Map<String, AtomicInteger> runs,
            Map<String, AtomicInteger> byNode,
            ConcurrentLinkedQueue<Long> startedAt) {
        return new SideEffectServlet(id -> {
            startedAt.add(System.nanoTime());
            runs.computeIfAbsent(id, k -> new AtomicInteger()).incrementAndGet();
            byNode.computeIfAbsent(node, k -> new AtomicInteger()).incrementAndGet();
        });
    }
}
