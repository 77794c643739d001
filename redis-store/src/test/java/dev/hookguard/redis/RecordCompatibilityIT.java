package dev.hookguard.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.hookguard.core.ClaimOutcome;
import dev.hookguard.core.Completion;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.EventRecord;
import dev.hookguard.core.Fingerprint;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.RecordStatus;
import dev.hookguard.core.StoredResponse;
import dev.hookguard.core.WriteOutcome;
import dev.hookguard.core.operator.ListFilter;
import dev.hookguard.redis.internal.RecordCodec;
import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Records written straight into Redis ({@code HSET}) as the previous version or a clock step left them:
 * format 1, and elapsed times that went negative after a failover to a node whose clock is behind. The store
 * must keep answering for them (claims, listings, counts) and upgrade them on their next write.
 */
class RecordCompatibilityIT {

    private static final Fingerprint FP = Fingerprint.of("body".getBytes(StandardCharsets.UTF_8));
    private static final IdempotencyPolicy POLICY =
            IdempotencyPolicy.custom().retention(Duration.ofMinutes(10)).build();

    private static RedisClient client;
    private static StatefulRedisConnection<String, byte[]> connection;
    private static RedisIdempotencyStore store;
    private static RedisKeys keys;

    private String endpoint;

    @BeforeAll
    static void open() {
        client = RedisClient.create(RedisTestStores.standaloneUri());
        connection = client.connect(RedisStores.CODEC);
        RedisStoreConfig config = RedisTestStores.uniqueConfig();
        store = RedisStores.of(connection, config);
        keys = new RedisKeys(config);
    }

    @AfterAll
    static void close() {
        store.close();
        connection.close();
        client.shutdown();
    }

    @BeforeEach
    void newEndpoint() {
        endpoint = "rc" + UUID.randomUUID().toString().substring(0, 8);
    }

    @Test
    void shouldReplaySucceededRecordWhoseElapsedTimeWentNegative() {
        EventKey key = write("e1", Map.of("m", "1S1,1," + (System.currentTimeMillis() + 5_000) + ",-5000,200"));

        assertThat(store.claim(key, FP, POLICY))
                .isEqualTo(new ClaimOutcome.Duplicate(RecordStatus.SUCCEEDED, StoredResponse.empty(200)));
        EventRecord record = store.find(key).orElseThrow();
        assertThat(record.updatedAt()).isEqualTo(record.createdAt());
    }

    @Test
    void shouldListAndCountDeadLetterWhoseElapsedTimeWentNegative() {
        EventKey key = write("e1", Map.of("m", "1D1,5,1764406000123,-42", "ph", "{}", "e", "boom"));
        redis().zadd(keys.deadLetters(endpoint), 1, ascii("e1"));

        assertThat(store.list(ListFilter.deadLetters(endpoint), null, 10).records())
                .singleElement()
                .satisfies(r -> assertThat(r.key()).isEqualTo(key));
        assertThat(store.deadLetterCount(endpoint)).isEqualTo(1);
    }

    @Test
    void shouldTakeOverPreviousVersionFailedRecordWithTokenAboveItsOld() {
        EventKey key = write("e1", Map.of("m", "1F3,1," + System.currentTimeMillis() + ",-10", "ph", "{}"));

        ClaimOutcome.Acquired acquired = (ClaimOutcome.Acquired) store.claim(key, FP, POLICY);

        assertThat(acquired.token()).isGreaterThan(3);
        assertThat(acquired.attempt()).isEqualTo(2);
        assertThat(new String(redis().hget(keys.event(key), "m"), StandardCharsets.US_ASCII))
                .startsWith("2P");
        assertThat(store.complete(key, acquired.token(), Completion.succeeded(StoredResponse.empty(204)), POLICY))
                .isEqualTo(new WriteOutcome.Recorded(RecordStatus.SUCCEEDED));
    }

    @Test
    void shouldCompletePreviousVersionProcessingRecordWithItsOwnToken() {
        long now = System.currentTimeMillis();
        EventKey key =
                write("e1", Map.of("m", "1P1,1," + (now + 60_000) + ",-60000", "l", Long.toString(now + 60_000)));

        assertThat(store.claim(key, FP, POLICY)).isInstanceOf(ClaimOutcome.InProgress.class);
        assertThat(store.complete(key, 1, Completion.succeeded(StoredResponse.empty(200)), POLICY))
                .isEqualTo(new WriteOutcome.Recorded(RecordStatus.SUCCEEDED));
        assertThat(store.find(key)).get().extracting(EventRecord::token).isEqualTo(1L);
    }

    @Test
    void shouldStartRecreatedRecordAboveEveryTokenOfItsExpiredPredecessor() {
        EventKey key = EventKey.of(endpoint, "e1");
        IdempotencyPolicy brief =
                IdempotencyPolicy.from(POLICY).retention(Duration.ofMillis(50)).build();
        long first = ((ClaimOutcome.Acquired) store.claim(key, FP, brief)).token();
        store.complete(key, first, Completion.succeeded(StoredResponse.empty(200)), brief);
        await().atMost(Duration.ofSeconds(5)).until(() -> store.find(key).isEmpty());

        long second = ((ClaimOutcome.Acquired) store.claim(key, FP, POLICY)).token();

        assertThat(second).isGreaterThan(first);
        assertThat(store.complete(key, first, Completion.succeeded(StoredResponse.empty(200)), POLICY))
                .isEqualTo(new WriteOutcome.Stale());
    }

    private EventKey write(String eventId, Map<String, String> fields) {
        EventKey key = EventKey.of(endpoint, eventId);
        String redisKey = keys.event(key);
        redis().hset(redisKey, "f", RecordCodec.fingerprint(FP));
        fields.forEach((field, value) -> redis().hset(redisKey, field, value.getBytes(StandardCharsets.UTF_8)));
        redis().pexpire(redisKey, 600_000);
        return key;
    }

    private static RedisCommands<String, byte[]> redis() {
        return connection.sync();
    }

    private static byte[] ascii(String text) {
        return text.getBytes(StandardCharsets.US_ASCII);
    }
}
