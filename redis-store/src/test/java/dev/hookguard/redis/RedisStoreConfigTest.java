package dev.hookguard.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class RedisStoreConfigTest {

    @Test
    void shouldStartFromDefaults() {
        RedisStoreConfig config = RedisStoreConfig.ofDefaults();

        assertThat(config.keyPrefix()).isEqualTo("hookguard");
        assertThat(config.commandTimeout()).isEqualTo(Duration.ofSeconds(2));
        assertThat(config.connectTimeout()).isEqualTo(Duration.ofSeconds(2));
    }

    @Test
    void shouldCopyEveryFieldWithFrom() {
        RedisStoreConfig config = RedisStoreConfig.custom()
                .keyPrefix("app")
                .commandTimeout(Duration.ofMillis(300))
                .connectTimeout(Duration.ofSeconds(5))
                .build();

        assertThat(RedisStoreConfig.from(config).build()).isEqualTo(config);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "a b", "a{b", "a}b", "a:b", "\u00e9"})
    void shouldRefuseKeyPrefixThatCouldMoveTheHashTag(String prefix) {
        assertThatThrownBy(() -> RedisStoreConfig.custom().keyPrefix(prefix).build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("keyPrefix")
                .hasMessageContaining("'" + prefix + "'");
    }

    @Test
    void shouldRefuseTimeoutBelowOneMillisecond() {
        assertThatThrownBy(() ->
                        RedisStoreConfig.custom().commandTimeout(Duration.ZERO).build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("commandTimeout must be at least 1 ms but was PT0S");
        assertThatThrownBy(() -> RedisStoreConfig.custom().connectTimeout(null).build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("connectTimeout must be at least 1 ms but was null");
    }

    @Test
    void shouldDefaultToDurabilityNone() {
        RedisStoreConfig config = RedisStoreConfig.ofDefaults();

        assertThat(config.durability()).isEqualTo("none");
        assertThat(config.durabilityReplicas()).isZero();
        assertThat(config.acceptVolatileAsync()).isFalse();
        assertThat(RedisStoreConfig.custom()
                        .durability(1, Duration.ofMillis(500))
                        .durabilityAofFsync(true)
                        .build()
                        .durability())
                .isEqualTo("replicas(1, PT0.5S)+aof");
    }

    @Test
    void shouldRefuseDurabilityThatCannotWork() {
        assertThatThrownBy(
                        () -> RedisStoreConfig.custom().durabilityReplicas(-1).build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("durabilityReplicas must be 0 or more but was -1");
        assertThatThrownBy(() -> RedisStoreConfig.custom()
                        .durability(1, Duration.ofSeconds(2))
                        .build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("durabilityTimeout must be below commandTimeout (PT2S) but was PT2S");
        assertThatThrownBy(
                        () -> RedisStoreConfig.custom().durabilityAofFsync(true).build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(
                        "durabilityAofFsync needs durabilityReplicas of 1 or more, for the store or an endpoint, but"
                                + " durabilityReplicas was 0");
        assertThatThrownBy(() -> RedisStoreConfig.custom()
                        .durabilityReplicas("payments", -2)
                        .build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("durabilityReplicasByEndpoint of 'payments' must be 0 or more but was -2");
        assertThatThrownBy(() -> RedisStoreConfig.custom()
                        .durabilityReplicas("payments", 1)
                        .durabilityTimeout(Duration.ofSeconds(3))
                        .build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("durabilityTimeout must be below commandTimeout (PT2S) but was PT3S");
    }

    @Test
    void shouldLetAnEndpointWaitForReplicasOfItsOwn() {
        RedisStoreConfig config = RedisStoreConfig.custom()
                .durabilityReplicas("payments", 1)
                .durabilityReplicas("audit", 2)
                .durabilityTimeout(Duration.ofMillis(500))
                .durabilityAofFsync(true)
                .build();

        assertThat(config.durabilityReplicas("payments")).isEqualTo(1);
        assertThat(config.durabilityReplicas("analytics")).isZero();
        assertThat(config.durability())
                .isEqualTo("none; audit: replicas(2, PT0.5S)+aof; payments: replicas(1, PT0.5S)+aof");
        assertThat(RedisStoreConfig.from(config).build()).isEqualTo(config);
    }

    @Test
    void shouldFindTheEndpointOfEveryKeyOfTheLayout() {
        RedisKeys keys = new RedisKeys("app", false);

        assertThat(keys.endpointOf(keys.event(dev.hookguard.core.EventKey.of("payments", "evt:1"))))
                .isEqualTo("payments");
        assertThat(keys.endpointOf(keys.due("pay}ments"))).isEqualTo("pay}ments");
        assertThat(keys.endpointOf(keys.open("orders"))).isEqualTo("orders");
        assertThat(keys.endpointOf(keys.controls("orders"))).isEqualTo("orders");
    }

    @Test
    void shouldPutAnEventsHashInItsEndpointsSlotWithASlotPerEndpoint() {
        RedisKeys keys = new RedisKeys(
                RedisStoreConfig.custom().keyPrefix("app").slotPerEndpoint(true).build());
        dev.hookguard.core.EventKey key = dev.hookguard.core.EventKey.of("pay{ments", "evt:1}");

        assertThat(keys.event(key)).isEqualTo("app:{pay{ments}:evt:1}");
        assertThat(io.lettuce.core.cluster.SlotHash.getSlot(keys.event(key)))
                .isEqualTo(io.lettuce.core.cluster.SlotHash.getSlot(keys.open("pay{ments")))
                .isEqualTo(io.lettuce.core.cluster.SlotHash.getSlot(keys.deadLetters("pay{ments")));
        assertThat(keys.endpointOf(keys.event(key))).isEqualTo("pay{ments");
        assertThat(keys.endpointOf(keys.due("pay{ments"))).isEqualTo("pay{ments");
        assertThat(new RedisKeys("app", false).event(key)).isEqualTo("app:{pay{ments:evt:1}}");
        assertThatThrownBy(() -> keys.event(dev.hookguard.core.EventKey.of("}orders", "evt_1")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'}orders'");
        assertThat(RedisStoreConfig.from(
                                RedisStoreConfig.custom().slotPerEndpoint(true).build())
                        .build()
                        .slotPerEndpoint())
                .isTrue();
        assertThat(RedisStoreConfig.ofDefaults().slotPerEndpoint()).isFalse();
    }

    @Test
    void shouldKeepCommandTimeoutsShorterThanTheDurabilityTimeoutWhenNothingIsWaitedFor() {
        assertThat(RedisStoreConfig.custom()
                        .commandTimeout(Duration.ofMillis(200))
                        .build()
                        .durabilityTimeout())
                .isEqualTo(RedisStoreConfig.DEFAULT_DURABILITY_TIMEOUT);
    }
}
