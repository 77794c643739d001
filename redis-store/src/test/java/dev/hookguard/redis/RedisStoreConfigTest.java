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
}
