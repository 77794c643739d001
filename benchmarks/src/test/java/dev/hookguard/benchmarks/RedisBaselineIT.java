package dev.hookguard.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hookguard.benchmarks.tools.RedisBaseline;
import dev.hookguard.core.EventKey;
import dev.hookguard.redis.RedisIdempotencyStore;
import dev.hookguard.redis.RedisStoreConfig;
import dev.hookguard.redis.RedisStores;
import io.lettuce.core.RedisClient;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The {@code redis-benchmark} baseline of {@code run.sh} does the store's work: the scripts as the store assembles
 * them ({@code prelude.lua} + the operation), run on the event's hash and its open index with {@link RedisBaseline}'s
 * arguments, leave the same record the store leaves, and the open index as the store leaves it (empty).
 */
class RedisBaselineIT {

    private static RedisClient client;
    private static StatefulRedisConnection<String, byte[]> connection;

    @BeforeAll
    static void connect() {
        BenchServices.configure();
        client = RedisClient.create(BenchEnvironment.redisUri());
        connection = client.connect(RedisStores.CODEC);
    }

    @AfterAll
    static void disconnect() {
        connection.close();
        client.shutdown();
    }

    @Test
    void shouldLeaveTheRecordTheStoreLeaves() {
        RedisCommands<String, byte[]> redis = connection.sync();
        String id = UUID.randomUUID().toString();
        String rawKey = BenchEnvironment.PREFIX + ":{raw-it:" + id + "}";
        String rawIndex = BenchEnvironment.PREFIX + ":open:{raw-it}";
        String claim = redis.scriptLoad(RedisBaseline.script("claim.lua"));
        String complete = redis.scriptLoad(RedisBaseline.script("complete.lua"));
        String[] keys = {rawKey, rawIndex};

        List<Object> claimed = redis.evalsha(claim, ScriptOutputType.MULTI, keys, bytes(RedisBaseline.claimArgs(id)));
        String token = text(claimed).get(1);
        Double indexed = redis.zscore(rawIndex, bytes(id));
        List<Object> completed =
                redis.evalsha(complete, ScriptOutputType.MULTI, keys, bytes(RedisBaseline.completeArgs(token, id)));
        try (RedisIdempotencyStore store = RedisStores.fromUri(
                BenchEnvironment.redisUri(),
                RedisStoreConfig.custom().keyPrefix(BenchEnvironment.PREFIX).build())) {
            PairCheck.claimAndComplete(store, EventKey.of("store-it", id));
        }
        Map<String, byte[]> raw = redis.hgetall(rawKey);
        Map<String, byte[]> stored = redis.hgetall(BenchEnvironment.PREFIX + ":{store-it:" + id + "}");

        assertThat(indexed).isEqualTo(Double.parseDouble(RedisBaseline.MARK));
        assertThat(text(claimed)).containsExactly("acquired", token, "1", "");
        assertThat(Long.parseLong(token)).isGreaterThan(1_700_000_000_000_000L);
        assertThat(text(completed)).containsExactly("S", "");
        assertThat(raw.keySet()).isEqualTo(stored.keySet()).containsExactlyInAnyOrder("m", "f", "rc", "rb");
        assertThat(List.of(raw, stored)).allSatisfy(hash -> {
            assertThat(new String(hash.get("m"), StandardCharsets.US_ASCII)).matches("2S-?\\d+,1,\\d+,\\d+,200");
            assertThat(hash.get("f")).hasSize(32);
        });
        assertThat(raw.get("rc")).isEqualTo(stored.get("rc"));
        assertThat(raw.get("rb")).isEqualTo(stored.get("rb"));
        assertThat(redis.pttl(rawKey)).isBetween(1L, Workload.RETENTION.toMillis());
        assertThat(redis.exists(rawIndex)).isZero();
    }

    @Test
    void shouldLoadThePreludeBeforeTheOperation() {
        String complete = new String(RedisBaseline.script("complete.lua"), StandardCharsets.UTF_8);
        String claim = new String(RedisBaseline.script("claim.lua"), StandardCharsets.UTF_8);

        assertThat(complete).startsWith("-- The record-format prelude.").contains("\n-- Records the handler's");
        // the claim answers a settled duplicate first, and loads the prelude after that
        assertThat(claim).startsWith("-- Claims one event").contains("\n-- @prelude\n-- The record-format prelude.");
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private static byte[][] bytes(List<String> args) {
        return args.stream().map(a -> a.getBytes(StandardCharsets.UTF_8)).toArray(byte[][]::new);
    }

    private static List<String> text(List<Object> reply) {
        return reply.stream()
                .map(o -> o instanceof byte[] b ? new String(b, StandardCharsets.UTF_8) : String.valueOf(o))
                .toList();
    }
}
