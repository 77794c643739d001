package dev.hookguard.faults;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.hookguard.core.RecordStatus;
import dev.hookguard.redis.RedisIdempotencyStore;
import dev.hookguard.redis.RedisStoreConfig;
import dev.hookguard.redis.RedisStores;
import dev.hookguard.servlet.HookguardFilter;
import dev.hookguard.testkit.ThrowawayRedis;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Redis killed ({@code SIGKILL}) and restarted while a paced storm of deliveries flows, on a Redis of the test's own
 * that loses no acknowledged write (append-only file, fsync always). DESIGN.md §1 rule 4: no delivery is answered 2xx
 * without its verdict in the store; afterwards every event is SUCCEEDED, and a handler runs twice only where the kill
 * fell between its side effect and its verdict (each such delivery was answered 503, counted as unrecorded).
 */
class RedisKillIT {

    private static final int EVENTS = 150;
    private static final Duration LEASE = Duration.ofSeconds(10);

    @Test
    void shouldAcknowledgeNothingUnrecordedAndRunNothingTwiceUnlessUnrecordedWhenRedisIsKilledMidStorm()
            throws Exception {
        Map<String, AtomicInteger> runs = new ConcurrentHashMap<>();
        SimpleMeterRegistry meters = new SimpleMeterRegistry();
        Figures figures = new Figures();
        List<String> ids = Storm.ids("redis-kill", EVENTS);
        RedisStoreConfig storeConfig = RedisStoreConfig.custom()
                .keyPrefix("faults")
                .commandTimeout(Duration.ofMillis(500))
                .build();
        try (ThrowawayRedis redis = ThrowawayRedis.durable();
                RedisIdempotencyStore store = Scenario.connect(() -> RedisStores.standalone(redis.uri(), storeConfig));
                RedisIdempotencyStore checker =
                        Scenario.connect(() -> RedisStores.standalone(redis.uri(), storeConfig))) {
            HookguardFilter filter =
                    new HookguardFilter(Scenario.config(store, LEASE, meters).build());
            SideEffectServlet handler = new SideEffectServlet(
                    id -> runs.computeIfAbsent(id, k -> new AtomicInteger()).incrementAndGet());
            try (Receiver receiver = Receiver.start(filter, handler, 0);
                    Storm storm = new Storm(receiver.base(), figures, id -> Scenario.recorded(checker, id))) {
                CompletableFuture<Void> done = storm.start(ids, Duration.ofMillis(20));
                await().atMost(Duration.ofSeconds(60)).until(() -> storm.started() >= EVENTS / 3);
                redis.kill();
                int before = figures.unavailable.get();
                await().atMost(Duration.ofSeconds(60)).until(() -> figures.unavailable.get() >= before + 20);
                redis.startAgain();
                done.get(180, TimeUnit.SECONDS);

                assertThat(storm.gaveUp()).isEmpty();
            } finally {
                filter.destroy();
            }
            figures.print(
                    "redis-kill",
                    EVENTS,
                    Scenario.outcomes(meters, "unrecorded"),
                    Figures.runHistogram(ids, id -> count(runs, id)),
                    Scenario.slowestClaimMillis(meters));

            assertThat(figures.acknowledgedUnrecorded).hasValue(0);
            for (String id : ids) {
                assertThat(Scenario.status(checker, id)).as(id).isEqualTo(Optional.of(RecordStatus.SUCCEEDED));
                assertThat(count(runs, id)).as(id).isPositive();
            }
            assertThat(Figures.doubleRuns(ids, id -> count(runs, id)))
                    .isLessThanOrEqualTo((int) Scenario.outcomes(meters, "unrecorded"));
            // the claim is bounded by the 1 s store timeout; 10 s leaves room for a starved CPU, not for a pool's wait
            assertThat(Scenario.slowestClaimMillis(meters)).isLessThan(10_000);
        }
    }

    private static int count(Map<String, AtomicInteger> runs, String id) {
        AtomicInteger count = runs.get(id);
        return count == null ? 0 : count.get();
    }
}
