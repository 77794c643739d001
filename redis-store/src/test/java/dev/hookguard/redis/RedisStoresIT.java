package dev.hookguard.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.hookguard.core.ClaimOutcome;
import dev.hookguard.core.Completion;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.Fingerprint;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.StoreUnavailableException;
import dev.hookguard.core.StoredResponse;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.cluster.RedisClusterClient;
import io.lettuce.core.cluster.api.StatefulRedisClusterConnection;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Building stores from URIs: the topology each form selects, and what a wrong or dead URI gives. */
class RedisStoresIT {

    private static final Fingerprint FP = Fingerprint.of("x".getBytes(StandardCharsets.UTF_8));
    /** A response that is not valid UTF-8, so a string codec would corrupt it. */
    private static final StoredResponse BINARY =
            StoredResponse.of(200, "application/octet-stream", new byte[] {(byte) 0xff, 0, (byte) 0xfe, 1});

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
    void shouldRunOnTheApplicationsOwnConnectionWhateverItsCodecAndLeaveItOpen() {
        RedisClient client = RedisClient.create(RedisTestStores.standaloneUri());
        try (StatefulRedisConnection<String, String> connection = client.connect()) {
            RedisIdempotencyStore store = RedisStores.of(connection, RedisTestStores.uniqueConfig());
            EventKey key = EventKey.of("own", "e1");

            ClaimOutcome.Acquired acquired = (ClaimOutcome.Acquired) store.claim(key, FP, BRIEF);
            store.complete(key, acquired.token(), Completion.succeeded(BINARY), BRIEF);
            store.close();

            assertThat(store.find(key).orElseThrow().response()).isEqualTo(BINARY);
            assertThat(connection.sync().ping()).isEqualTo("PONG");
        } finally {
            client.shutdown();
        }
    }

    @Test
    void shouldRunOnTheApplicationsOwnClusterConnection() {
        List<RedisURI> seeds = Arrays.stream(RedisTestStores.clusterUris().split(","))
                .map(RedisURI::create)
                .toList();
        RedisClusterClient client = RedisClusterClient.create(seeds);
        try (StatefulRedisClusterConnection<String, String> connection = client.connect()) {
            RedisIdempotencyStore store = RedisStores.of(connection, RedisTestStores.uniqueConfig());
            EventKey key = EventKey.of("own", "e1");

            ClaimOutcome.Acquired acquired = (ClaimOutcome.Acquired) store.claim(key, FP, BRIEF);
            store.complete(key, acquired.token(), Completion.succeeded(BINARY), BRIEF);

            assertThat(store.find(key).orElseThrow().response()).isEqualTo(BINARY);
        } finally {
            client.shutdown();
        }
    }

    @Test
    void shouldOpenItsOwnConnectionFromTheApplicationsClientAndCloseOnlyThat() {
        RedisClient client = RedisClient.create(RedisTestStores.standaloneUri());
        try {
            try (RedisIdempotencyStore store = RedisStores.of(client, RedisTestStores.uniqueConfig())) {
                assertThat(store.claim(EventKey.of("client", "e1"), FP, BRIEF))
                        .isInstanceOf(ClaimOutcome.Acquired.class);
            }
            try (StatefulRedisConnection<String, String> after = client.connect()) {
                assertThat(after.sync().ping()).isEqualTo("PONG");
            }
        } finally {
            client.shutdown();
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
