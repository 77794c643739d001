package dev.hookguard.faults;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.hookguard.core.RecordStatus;
import dev.hookguard.jdbc.JdbcDialect;
import dev.hookguard.jdbc.JdbcIdempotencyStore;
import dev.hookguard.jdbc.JdbcSchema;
import dev.hookguard.jdbc.JdbcStoreConfig;
import dev.hookguard.servlet.HookguardFilter;
import dev.hookguard.testkit.TestServices;
import dev.hookguard.testkit.ThrowawayRedis;
import dev.hookguard.tiered.TieredStore;
import dev.hookguard.tiered.TieredStoreConfig;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The tiered store's cache (a {@code redis-server} of the test's own, no persistence) killed for 10 s and started
 * again while a paced storm flows, every event delivered twice (the copy a moment after the original): the database
 * answers alone meanwhile, so no delivery is answered 503 and every handler runs once; once Redis is back the
 * duplicates are answered from the cache again within a bounded time, which the figures print.
 */
class TieredCacheKillIT {

    private static final int EVENTS = 1_500;
    private static final Duration PACE = Duration.ofMillis(20);
    private static final Duration OUTAGE = Duration.ofSeconds(10);

    @Test
    void shouldAnswerEveryDeliveryAndRunEveryHandlerOnceWhileTheCacheIsKilledForTenSeconds() throws Exception {
        Map<String, AtomicInteger> runs = new ConcurrentHashMap<>();
        SimpleMeterRegistry meters = new SimpleMeterRegistry();
        Figures figures = new Figures();
        List<String> ids =
                Storm.ids("tiered-kill-" + UUID.randomUUID().toString().substring(0, 8), EVENTS);
        String table = "hookguard_faults_tiered_"
                + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
        try (ThrowawayRedis redis = ThrowawayRedis.start();
                HikariDataSource dataSource = pool()) {
            JdbcIdempotencyStore authority = new JdbcIdempotencyStore(
                    dataSource,
                    JdbcStoreConfig.custom()
                            .tableName(table)
                            .createSchemaIfMissing(true)
                            .build());
            TieredStoreConfig config = TieredStoreConfig.custom()
                    .keyPrefix("faults-tiered")
                    .connectTimeout(Duration.ofSeconds(5))
                    // generous for a loaded CI machine, where a 200 ms command often starves: the outage is the test
                    .commandTimeout(Duration.ofSeconds(1))
                    .openFor(Duration.ofSeconds(1))
                    .build();
            long cacheBackMillis;
            try (TieredStore store = Scenario.connect(() -> TieredStore.of(authority, redis.uri(), config))) {
                // a Redis failure is answered at once (the database answers alone), whatever this timeout; 10 s only
                // keeps a claim starved of CPU on a loaded machine from being a 503 that says nothing about Redis
                HookguardFilter filter = new HookguardFilter(Scenario.config(store, Duration.ofSeconds(10), meters)
                        .storeTimeout(Duration.ofSeconds(10))
                        .build());
                SideEffectServlet handler = new SideEffectServlet(
                        id -> runs.computeIfAbsent(id, k -> new AtomicInteger()).incrementAndGet());
                try (Receiver receiver = Receiver.start(filter, handler, 0);
                        Storm originals = new Storm(receiver.base(), figures, id -> Scenario.recorded(authority, id));
                        Storm copies = new Storm(receiver.base(), figures, id -> Scenario.recorded(authority, id))) {
                    CompletableFuture<Void> first = originals.start(ids, PACE);
                    await().atMost(Duration.ofSeconds(30)).until(() -> originals.started() >= 25);
                    CompletableFuture<Void> second = copies.start(ids, PACE);
                    await().atMost(Duration.ofSeconds(60)).until(() -> originals.started() >= EVENTS / 8);
                    redis.kill();
                    Thread.sleep(OUTAGE.toMillis()); // the outage itself: Redis stays down this long
                    redis.startAgain();
                    long restarted = System.nanoTime();
                    await().atMost(Duration.ofSeconds(30))
                            .pollInterval(Duration.ofMillis(50))
                            .until(() -> answeredFromCacheAgain(store));
                    cacheBackMillis = (System.nanoTime() - restarted) / 1_000_000;
                    CompletableFuture.allOf(first, second).get(180, TimeUnit.SECONDS);

                    assertThat(originals.gaveUp()).isEmpty();
                    assertThat(copies.gaveUp()).isEmpty();
                } finally {
                    filter.destroy();
                }
                figures.print(
                        "tiered-redis-kill",
                        EVENTS,
                        Scenario.outcomes(meters, "unrecorded"),
                        Figures.runHistogram(ids, id -> count(runs, id)),
                        Scenario.slowestClaimMillis(meters));
                System.out.printf(
                        "[fault-figures] tiered-redis-kill: outage=%ds cache-back-after=%dms %s%n",
                        OUTAGE.toSeconds(), cacheBackMillis, store.cacheStats());
            }

            assertThat(figures.unavailable).as("deliveries answered 503").hasValue(0);
            assertThat(figures.acknowledgedUnrecorded).hasValue(0);
            for (String id : ids) {
                assertThat(Scenario.status(authority, id)).as(id).isEqualTo(Optional.of(RecordStatus.SUCCEEDED));
                assertThat(count(runs, id)).as("handler runs of %s", id).isEqualTo(1);
            }
            assertThat(cacheBackMillis).isLessThan(30_000);
        } finally {
            try (HikariDataSource cleanup = pool()) {
                JdbcSchema.drop(cleanup, JdbcDialect.POSTGRESQL, table);
            }
        }
    }

    private long lastHits = -1;

    /** True once the breaker is closed and a duplicate was answered from the cache since the last look. */
    private boolean answeredFromCacheAgain(TieredStore store) {
        TieredStore.CacheStats stats = store.cacheStats();
        boolean back = !stats.degraded() && lastHits >= 0 && stats.hits() > lastHits;
        lastHits = stats.degraded() ? -1 : stats.hits();
        return back;
    }

    private static HikariDataSource pool() {
        TestServices.Database db = TestServices.postgres();
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(db.url());
        config.setUsername(db.user());
        config.setPassword(db.password());
        config.setMaximumPoolSize(8);
        return new HikariDataSource(config);
    }

    private static int count(Map<String, AtomicInteger> runs, String id) {
        AtomicInteger count = runs.get(id);
        return count == null ? 0 : count.get();
    }
}
