package dev.hookguard.faults;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.hookguard.redis.RedisIdempotencyStore;
import dev.hookguard.redis.RedisStoreConfig;
import dev.hookguard.redis.RedisStores;
import dev.hookguard.servlet.HookguardFilter;
import dev.hookguard.testkit.ThrowawayRedis;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Start-up knows what it runs on: a filter with async intake refuses a Redis without an append-only file and without
 * durability replicas, in one line naming the ways out; with AOF, or with {@code replicas(1)} and a replica, it starts,
 * and the store reports what it found ({@code INFO}).
 */
class StartupFactsIT {

    private static final RedisStoreConfig NONE =
            RedisStoreConfig.custom().keyPrefix("faults").build();

    @Test
    void shouldRefuseAsyncIntakeOnARedisWithoutAofOrReplicas() throws Exception {
        try (ThrowawayRedis redis = ThrowawayRedis.start();
                RedisIdempotencyStore store = Scenario.connect(() -> RedisStores.standalone(redis.uri(), NONE))) {
            assertThatThrownBy(() -> new HookguardFilter(asyncConfig(store)))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("without an append-only file loses events answered 202 when Redis restarts:"
                            + " turn on appendonly yes, or set durabilityReplicas")
                    .hasMessageContaining("hookguard.store.redis.accept-volatile-async=true");
            new HookguardFilter(syncConfig(store)).destroy(); // sync intake: the sender keeps its own copy
        }
    }

    @Test
    void shouldStartAsyncIntakeWithAofAndReportIt() throws Exception {
        try (ThrowawayRedis redis = ThrowawayRedis.durable();
                RedisIdempotencyStore store = Scenario.connect(() -> RedisStores.standalone(redis.uri(), NONE))) {
            new HookguardFilter(asyncConfig(store)).destroy();

            assertThat(store.serverFacts())
                    .containsEntry("aof", true)
                    .containsEntry("appendfsync", "always")
                    .containsEntry("replicas", 0)
                    .containsEntry("durability", "none");
        }
    }

    @Test
    void shouldStartAsyncIntakeWithReplicasOneAndReportIt() throws Exception {
        RedisStoreConfig replicasOne = RedisStoreConfig.from(NONE)
                .durability(1, Duration.ofMillis(500))
                .build();
        try (ThrowawayRedis redis = ThrowawayRedis.start();
                ThrowawayRedis replica = ThrowawayRedis.replicaOf(redis, List.of());
                RedisIdempotencyStore store =
                        Scenario.connect(() -> RedisStores.standalone(redis.uri(), replicasOne))) {
            new HookguardFilter(asyncConfig(store)).destroy();

            assertThat(store.serverFacts())
                    .containsEntry("aof", false)
                    .containsEntry("durability", "replicas(1, PT0.5S)");
        }
    }

    private static dev.hookguard.servlet.HookguardFilterConfig asyncConfig(RedisIdempotencyStore store) {
        return Scenario.asyncConfig(
                        store,
                        Duration.ofSeconds(5),
                        new SimpleMeterRegistry(),
                        Scenario.dispatcher(URI.create("http://127.0.0.1:1"), Duration.ofSeconds(5)))
                .build();
    }

    private static dev.hookguard.servlet.HookguardFilterConfig syncConfig(RedisIdempotencyStore store) {
        return Scenario.config(store, Duration.ofSeconds(5), new SimpleMeterRegistry())
                .build();
    }
}
