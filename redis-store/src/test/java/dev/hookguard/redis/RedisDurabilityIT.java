package dev.hookguard.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.hookguard.core.ClaimOutcome;
import dev.hookguard.core.Completion;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.Fingerprint;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.RecordStatus;
import dev.hookguard.core.StoreUnavailableException;
import dev.hookguard.core.StoredResponse;
import dev.hookguard.core.WriteOutcome;
import dev.hookguard.testkit.ThrowawayRedis;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Durability {@code replicas(n, timeout)}: on a primary and a replica of the test's own, each write is waited for with
 * {@code WAIT}; without the replica, the same write is a shortfall (an unrecorded write), counted.
 */
class RedisDurabilityIT {

    private static final Fingerprint FP = Fingerprint.of("body".getBytes(StandardCharsets.UTF_8));
    private static final IdempotencyPolicy POLICY = IdempotencyPolicy.ofDefaults();
    private static final RedisStoreConfig ONE_REPLICA = RedisStoreConfig.custom()
            .keyPrefix("durability")
            .durability(1, Duration.ofMillis(300))
            .build();

    @Test
    void shouldReportWritesOnceAReplicaHasThemAndRefuseThemWhenNoReplicaAcknowledges() throws Exception {
        try (ThrowawayRedis primary = ThrowawayRedis.start();
                ThrowawayRedis replica = ThrowawayRedis.replicaOf(primary, List.of());
                RedisIdempotencyStore store = RedisStores.standalone(primary.uri(), ONE_REPLICA);
                RedisIdempotencyStore copy = RedisStores.standalone(
                        replica.uri(),
                        RedisStoreConfig.from(ONE_REPLICA).durabilityReplicas(0).build())) {
            await().atMost(Duration.ofSeconds(30))
                    .until(() -> store.serverFacts().get("replicas").equals(1));
            EventKey key = EventKey.of("orders", "e1");

            ClaimOutcome.Acquired claimed = (ClaimOutcome.Acquired) store.claim(key, FP, POLICY);
            assertThat(copy.find(key).orElseThrow().status()).isEqualTo(RecordStatus.PROCESSING);
            assertThat(store.complete(
                            key,
                            claimed.token(),
                            Completion.succeeded(StoredResponse.of(200, "text/plain", new byte[0])),
                            POLICY))
                    .isEqualTo(new WriteOutcome.Recorded(RecordStatus.SUCCEEDED));
            assertThat(copy.find(key).orElseThrow().status()).isEqualTo(RecordStatus.SUCCEEDED);
            assertThat(store.durabilityShortfalls()).isZero();

            replica.kill();
            await().atMost(Duration.ofSeconds(30))
                    .until(() -> store.serverFacts().get("replicas").equals(0));

            assertThatThrownBy(() -> store.claim(EventKey.of("orders", "e2"), FP, POLICY))
                    .isInstanceOf(StoreUnavailableException.class)
                    .hasMessageContaining("WAIT after a write of durability:{orders:e2}: 0 of 1 replicas");
            assertThat(store.durabilityShortfalls()).isEqualTo(1);
            assertThat(store.serverFacts())
                    .containsEntry("durability", "replicas(1, PT0.3S)")
                    .containsEntry("durabilityShortfalls", 1L)
                    .containsEntry("aof", false);
        }
    }

    @Test
    void shouldWaitOnlyForTheEndpointsThatAskForReplicas() throws Exception {
        try (ThrowawayRedis primary = ThrowawayRedis.start();
                RedisIdempotencyStore store = RedisStores.standalone(
                        primary.uri(),
                        RedisStoreConfig.from(ONE_REPLICA)
                                .durabilityReplicas(0)
                                .durabilityReplicas("payments", 1)
                                .build())) {
            assertThat(store.claim(EventKey.of("analytics", "e1"), FP, POLICY))
                    .isInstanceOf(ClaimOutcome.Acquired.class);
            assertThatThrownBy(() -> store.claim(EventKey.of("payments", "e1"), FP, POLICY))
                    .isInstanceOf(StoreUnavailableException.class)
                    .hasMessageContaining("WAIT after a write of durability:{payments:e1}: 0 of 1 replicas");
            assertThat(store.durabilityShortfalls()).isEqualTo(1);
            assertThat(store.serverFacts()).containsEntry("durability", "none; payments: replicas(1, PT0.3S)");
            store.requireDurableQueue("payments");
            assertThatThrownBy(() -> store.requireDurableQueue("analytics"))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageStartingWith("Async intake of endpoint 'analytics' on Redis ");
        }
    }

    @Test
    void shouldNotWaitWithDurabilityNone() throws Exception {
        try (ThrowawayRedis primary = ThrowawayRedis.start();
                RedisIdempotencyStore store = RedisStores.standalone(
                        primary.uri(),
                        RedisStoreConfig.from(ONE_REPLICA).durabilityReplicas(0).build())) {
            assertThat(store.claim(EventKey.of("orders", "e1"), FP, POLICY)).isInstanceOf(ClaimOutcome.Acquired.class);
            assertThat(store.serverFacts()).containsEntry("durability", "none").containsEntry("replicas", 0);
        }
    }

    @Test
    void shouldRefuseAofFsyncOnARedisWithoutWaitAof() throws Exception {
        try (ThrowawayRedis primary = ThrowawayRedis.durable()) {
            RedisStoreConfig config =
                    RedisStoreConfig.from(ONE_REPLICA).durabilityAofFsync(true).build();
            String version;
            try (RedisIdempotencyStore none = RedisStores.standalone(primary.uri(), RedisStoreConfig.ofDefaults())) {
                version = (String) none.serverFacts().get("version");
                assertThat(none.serverFacts()).containsEntry("aof", true).containsEntry("appendfsync", "always");
            }
            if (ServerFacts.compareVersions(version, "7.2.0") < 0) {
                assertThatThrownBy(() -> RedisStores.standalone(primary.uri(), config))
                        .isInstanceOf(IllegalStateException.class)
                        .hasMessage("durabilityAofFsync needs WAITAOF (Redis 7.2 or later) but the server is Redis "
                                + version + "; turn durabilityAofFsync off or upgrade Redis");
            } else { // with no replica, the local fsync passes and the replica's is short
                try (RedisIdempotencyStore store = RedisStores.standalone(primary.uri(), config)) {
                    assertThatThrownBy(() -> store.claim(EventKey.of("orders", "e1"), FP, POLICY))
                            .isInstanceOf(StoreUnavailableException.class);
                }
            }
        }
    }

    @Test
    void shouldRefuseAsyncIntakeOnARedisThatMayLoseItsQueueUnlessTheRiskIsAccepted() throws Exception {
        RedisStoreConfig none =
                RedisStoreConfig.custom().keyPrefix("durability").build();
        try (ThrowawayRedis volatileRedis = ThrowawayRedis.start();
                ThrowawayRedis aofRedis = ThrowawayRedis.durable()) {
            try (RedisIdempotencyStore store = RedisStores.standalone(volatileRedis.uri(), none)) {
                assertThatThrownBy(() -> store.requireDurableQueue("orders"))
                        .isInstanceOf(IllegalStateException.class)
                        .hasMessageStartingWith("Async intake of endpoint 'orders' on Redis ")
                        .hasMessageEndingWith(
                                " without an append-only file loses events answered 202 when Redis"
                                        + " restarts: turn on appendonly yes, or set durabilityReplicas"
                                        + " (hookguard.store.redis.durability.replicas, or"
                                        + " hookguard.store.redis.durability.endpoints.orders.replicas) to 1 or more, or accept"
                                        + " the risk with acceptVolatileAsync (hookguard.store.redis.accept-volatile-async=true)");
            }
            try (RedisIdempotencyStore store = RedisStores.standalone(
                    volatileRedis.uri(),
                    RedisStoreConfig.from(none).acceptVolatileAsync(true).build())) {
                store.requireDurableQueue("orders");
            }
            try (RedisIdempotencyStore store = RedisStores.standalone(volatileRedis.uri(), ONE_REPLICA)) {
                store.requireDurableQueue("orders");
            }
            try (RedisIdempotencyStore store = RedisStores.standalone(aofRedis.uri(), none)) {
                store.requireDurableQueue("orders");
            }
        }
    }
}
