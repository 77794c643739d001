package dev.hookguard.redis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hookguard.core.ClaimOutcome;
import dev.hookguard.core.Completion;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.Fingerprint;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.StoredResponse;
import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;
import java.nio.charset.StandardCharsets;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * What one finished record costs: {@code MEMORY USAGE} of a SUCCEEDED record without a response body,
 * under the default key prefix and a Stripe-like event id (28 characters). The figure is in the README.
 */
class RedisMemoryIT {

    private static final int BUDGET_BYTES = 200;

    private static RedisIdempotencyStore store;
    private static RedisClient client;
    private static StatefulRedisConnection<String, String> connection;

    @BeforeAll
    static void open() {
        store = RedisStores.standalone(RedisTestStores.standaloneUri(), RedisStoreConfig.ofDefaults());
        client = RedisClient.create(RedisTestStores.standaloneUri());
        connection = client.connect();
    }

    @AfterAll
    static void close() {
        connection.close();
        client.shutdown();
        store.close();
    }

    @Test
    void shouldKeepSucceededRecordWithoutBodyUnderTwoHundredBytes() {
        long bytes = succeededRecordBytes(StoredResponse.empty(200));
        long withContentType = succeededRecordBytes(StoredResponse.of(200, "application/json", new byte[0]));

        System.out.println("MEMORY USAGE of a SUCCEEDED record without body: " + bytes + " bytes; with content type"
                + " application/json: " + withContentType + " bytes");
        assertThat(bytes).isLessThan(BUDGET_BYTES);
    }

    private long succeededRecordBytes(StoredResponse response) {
        EventKey key = EventKey.of(
                "stripe", "evt_" + UUID.randomUUID().toString().replace("-", "").substring(0, 24));
        Fingerprint fingerprint =
                Fingerprint.of(("{\"id\":\"" + key.eventId() + "\"}").getBytes(StandardCharsets.UTF_8));
        IdempotencyPolicy policy = IdempotencyPolicy.ofDefaults();
        long token = ((ClaimOutcome.Acquired) store.claim(key, fingerprint, policy)).token();
        store.complete(key, token, Completion.succeeded(response), policy);

        String redisKey = new RedisKeys(RedisStoreConfig.ofDefaults()).event(key);
        RedisCommands<String, String> redis = connection.sync();
        assertThat(redis.objectEncoding(redisKey)).isEqualTo("listpack");
        Long bytes = redis.memoryUsage(redisKey);
        redis.del(redisKey);
        return bytes;
    }
}
