package dev.hookguard.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.hookguard.core.ClaimOutcome;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.Fingerprint;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.StoreUnavailableException;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** Building stores from URIs: the topology each form selects, and what a wrong or dead URI gives. */
class RedisStoresIT {

    private static final Fingerprint FP = Fingerprint.of("x".getBytes(StandardCharsets.UTF_8));
    private static final IdempotencyPolicy BRIEF =
            IdempotencyPolicy.custom().retention(Duration.ofMinutes(1)).build();

    @Test
    void shouldBuildStandaloneStoreFromSingleUri() {
        try (RedisIdempotencyStore store =
                RedisStores.fromUri(RedisTestStores.standaloneUri(), RedisTestStores.uniqueConfig())) {
            assertThat(store.claim(EventKey.of("uri", "e1"), FP, BRIEF)).isInstanceOf(ClaimOutcome.Acquired.class);
        }
    }

    @Test
    void shouldBuildClusterStoreFromCommaSeparatedUris() {
        try (RedisIdempotencyStore store =
                RedisStores.fromUri(RedisTestStores.clusterUris(), RedisTestStores.uniqueConfig())) {
            assertThat(store.claim(EventKey.of("uri", "e1"), FP, BRIEF)).isInstanceOf(ClaimOutcome.Acquired.class);
        }
    }

    @Test
    void shouldRefuseSentinelUriForStandaloneAndPlainUriForSentinel() {
        assertThatThrownBy(() ->
                        RedisStores.standalone("redis-sentinel://127.0.0.1:26379#main", RedisStoreConfig.ofDefaults()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("sentinel()");
        assertThatThrownBy(() -> RedisStores.sentinel("redis://127.0.0.1:6379", RedisStoreConfig.ofDefaults()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("redis-sentinel://");
    }

    @Test
    void shouldKeepPasswordOutOfErrorMessages() {
        assertThatThrownBy(() -> RedisStores.sentinel("redis://:s3cret@127.0.0.1:6379", RedisStoreConfig.ofDefaults()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageNotContaining("s3cret")
                .hasMessageContaining("redis://***@127.0.0.1:6379");
    }

    @Test
    void shouldGiveStoreUnavailableWhenNothingListens() throws IOException {
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        RedisStoreConfig config =
                RedisStoreConfig.custom().connectTimeout(Duration.ofMillis(500)).build();

        assertThatThrownBy(() -> RedisStores.standalone("redis://127.0.0.1:" + port, config))
                .isInstanceOf(StoreUnavailableException.class);
    }
}
