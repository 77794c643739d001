package dev.hookguard.faults;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.zaxxer.hikari.HikariDataSource;
import dev.hookguard.core.IdempotencyStore;
import dev.hookguard.core.RecordStatus;
import dev.hookguard.core.RecoveryStore;
import dev.hookguard.jdbc.JdbcIdempotencyStore;
import dev.hookguard.jdbc.JdbcStoreConfig;
import dev.hookguard.redis.RedisIdempotencyStore;
import dev.hookguard.redis.RedisStoreConfig;
import dev.hookguard.redis.RedisStores;
import dev.hookguard.servlet.HookguardFilter;
import dev.hookguard.testkit.ThrowawayPostgres;
import dev.hookguard.testkit.ThrowawayRedis;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Two receivers (two Jetty servers, each with its own filter, store client and dispatcher) in async intake on one
 * Redis, then on one PostgreSQL: 120 events are queued on both, a part of them on both at once (a sender's copies
 * reaching either node), and each event's handler runs exactly once, on whichever node's dispatcher picked it.
 */
class TwoReceiversIT {

    private static final int EVENTS = 120;
    private static final Duration LEASE = Duration.ofSeconds(10);
    private static final Duration WINDOW = Duration.ofSeconds(5);
    private static final Duration WORK = Duration.ofMillis(50);

    @Test
    void shouldRunEveryEventQueuedOnEitherOfTwoReceiversOnceOnOneRedis() throws Exception {
        RedisStoreConfig config = RedisStoreConfig.custom()
                .keyPrefix("faults")
                .acceptVolatileAsync(true) // a Redis without AOF: nothing here restarts it
                .build();
        try (ThrowawayRedis redis = ThrowawayRedis.start();
                RedisIdempotencyStore a = Scenario.connect(() -> RedisStores.standalone(redis.uri(), config));
                RedisIdempotencyStore b = Scenario.connect(() -> RedisStores.standalone(redis.uri(), config));
                RedisIdempotencyStore checker = Scenario.connect(() -> RedisStores.standalone(redis.uri(), config))) {
            twoReceivers("two-receivers-redis", a, b, checker);
        }
    }

    @Test
    void shouldRunEveryEventQueuedOnEitherOfTwoReceiversOnceOnOnePostgres() throws Exception {
        try (ThrowawayPostgres postgres = ThrowawayPostgres.start();
                HikariDataSource poolA = pool(postgres);
                HikariDataSource poolB = pool(postgres);
                HikariDataSource checks = pool(postgres)) {
            JdbcIdempotencyStore a = Scenario.connect(() -> new JdbcIdempotencyStore(
                    poolA, JdbcStoreConfig.custom().createSchemaIfMissing(true).build()));
            JdbcIdempotencyStore b =
                    Scenario.connect(() -> new JdbcIdempotencyStore(poolB, JdbcStoreConfig.ofDefaults()));
            JdbcIdempotencyStore checker =
                    Scenario.connect(() -> new JdbcIdempotencyStore(checks, JdbcStoreConfig.ofDefaults()));
            twoReceivers("two-receivers-postgres", a, b, checker);
        }
    }

    private static void twoReceivers(String name, RecoveryStore storeA, RecoveryStore storeB, IdempotencyStore checker)
            throws Exception {
        Figures figures = new Figures();
        List<String> ids = Storm.ids(name, EVENTS);
        Map<String, AtomicInteger> runs = new ConcurrentHashMap<>();
        Map<String, AtomicInteger> byNode = new ConcurrentHashMap<>();
        int portA = Scenario.sparePort();
        int portB = Scenario.sparePort();
        HookguardFilter filterA = filter(storeA, portA);
        HookguardFilter filterB = filter(storeB, portB);
        long started = System.nanoTime();
        try (Receiver a = Receiver.start(filterA, handler("a", runs, byNode), portA);
                Receiver b = Receiver.start(filterB, handler("b", runs, byNode), portB);
                Storm toA = new Storm(a.base(), figures, id -> Scenario.stored(checker, id));
                Storm toB = new Storm(b.base(), figures, id -> Scenario.stored(checker, id))) {
            // the first three quarters go to a, the last three quarters to b: the middle half reaches both
            CompletableFuture<Void> sentA = toA.start(ids.subList(0, EVENTS * 3 / 4), Duration.ofMillis(10));
            CompletableFuture<Void> sentB = toB.start(ids.subList(EVENTS / 4, EVENTS), Duration.ofMillis(10));
            CompletableFuture.allOf(sentA, sentB).get(120, TimeUnit.SECONDS);
            await().atMost(Duration.ofSeconds(120))
                    .pollInterval(Duration.ofMillis(500))
                    .untilAsserted(() -> assertThat(Scenario.statuses(checker, ids))
                            .containsOnlyKeys(RecordStatus.SUCCEEDED.name()));
            assertThat(toA.gaveUp()).isEmpty();
            assertThat(toB.gaveUp()).isEmpty();
        }
        long tookMillis = (System.nanoTime() - started) / 1_000_000;
        figures.print(name, EVENTS, -1, Figures.runHistogram(ids, id -> count(runs, id)), -1);
        System.out.printf(
                "[fault-figures] %s: handler runs by node=%s, all SUCCEEDED after %d ms%n",
                name, new TreeMap<>(byNode), tookMillis);

        assertThat(figures.acknowledgedUnrecorded).hasValue(0);
        assertThat(ids).allSatisfy(id -> assertThat(count(runs, id)).as(id).isEqualTo(1));
    }

    private static HookguardFilter filter(RecoveryStore store, int port) {
        return new HookguardFilter(Scenario.asyncConfig(
                        store,
                        LEASE,
                        new SimpleMeterRegistry(),
                        Scenario.dispatcher(URI.create("http://127.0.0.1:" + port), WINDOW))
                .build());
    }

    private static SideEffectServlet handler(
            String node, Map<String, AtomicInteger> runs, Map<String, AtomicInteger> byNode) {
        return new SideEffectServlet(id -> {
            runs.computeIfAbsent(id, k -> new AtomicInteger()).incrementAndGet();
            byNode.computeIfAbsent(node, k -> new AtomicInteger()).incrementAndGet();
            new CountDownLatch(1).await(WORK.toMillis(), TimeUnit.MILLISECONDS); // the handler's work
        });
    }

    private static int count(Map<String, AtomicInteger> runs, String id) {
        AtomicInteger count = runs.get(id);
        return count == null ? 0 : count.get();
    }

    private static HikariDataSource pool(ThrowawayPostgres postgres) {
        HikariDataSource pool = new HikariDataSource();
        pool.setJdbcUrl(postgres.url());
        pool.setUsername("postgres");
        pool.setMaximumPoolSize(8);
        pool.setInitializationFailTimeout(-1);
        return pool;
    }
}
