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
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * A store whose every reply comes late (a proxy of the test's own delays Redis's replies), with handlers that run
 * longer than two leases: renewals, on their own pool, keep the leases alive, so copies sent meanwhile are answered
 * 409 and no handler runs twice.
 */
class SlowRedisIT {

    private static final int EVENTS = 12;
    private static final Duration LEASE = Duration.ofMillis(1500);
    private static final Duration REPLY_DELAY = Duration.ofMillis(250);
    private static final Duration WORK = Duration.ofSeconds(4);

    @Test
    void shouldKeepLeasesAliveThroughASlowStoreSoThatNoHandlerRunsTwice() throws Exception {
        Map<String, AtomicInteger> runs = new ConcurrentHashMap<>();
        SimpleMeterRegistry meters = new SimpleMeterRegistry();
        Figures figures = new Figures();
        List<String> ids = Storm.ids("slow-store", EVENTS);
        RedisStoreConfig config = RedisStoreConfig.custom()
                .keyPrefix("faults")
                .commandTimeout(Duration.ofSeconds(2))
                .build();
        try (ThrowawayRedis redis = ThrowawayRedis.durable();
                DelayingProxy proxy = new DelayingProxy(redis.port(), REPLY_DELAY);
                RedisIdempotencyStore store = Scenario.connect(() -> RedisStores.standalone(proxy.uri(), config));
                RedisIdempotencyStore checker = Scenario.connect(() -> RedisStores.standalone(redis.uri(), config))) {
            HookguardFilter filter = new HookguardFilter(Scenario.config(store, LEASE, meters)
                    .storeTimeout(Duration.ofSeconds(10))
                    .build());
            SideEffectServlet handler = new SideEffectServlet(id -> {
                runs.computeIfAbsent(id, k -> new AtomicInteger()).incrementAndGet();
                new CountDownLatch(1).await(WORK.toMillis(), TimeUnit.MILLISECONDS); // the business work
            });
            try (Receiver receiver = Receiver.start(filter, handler, 0);
                    Storm originals = new Storm(receiver.base(), figures, id -> Scenario.recorded(checker, id));
                    Storm copies = new Storm(receiver.base(), figures, id -> Scenario.recorded(checker, id))) {
                CompletableFuture<Void> first = originals.start(ids, Duration.ofMillis(10));
                await().atMost(Duration.ofSeconds(60)).until(() -> runs.size() == EVENTS);
                CompletableFuture<Void> second = copies.start(ids, Duration.ofMillis(10));
                CompletableFuture.allOf(first, second).get(120, TimeUnit.SECONDS);
            } finally {
                filter.destroy();
            }
            figures.print(
                    "slow-store",
                    EVENTS,
                    Scenario.outcomes(meters, "unrecorded"),
                    Figures.runHistogram(ids, id -> runs.get(id).get()),
                    Scenario.slowestClaimMillis(meters));

            assertThat(figures.acknowledgedUnrecorded).hasValue(0);
            assertThat(figures.inProgress.get()).isPositive();
            assertThat(Scenario.outcomes(meters, "stale")).isZero();
            for (String id : ids) {
                assertThat(runs.get(id)).as(id).hasValue(1);
                assertThat(Scenario.status(checker, id)).as(id).isEqualTo(Optional.of(RecordStatus.SUCCEEDED));
            }
        }
    }
}
