package dev.hookguard.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.hookguard.core.ClaimOutcome;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.Failure;
import dev.hookguard.core.Fingerprint;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.Payload;
import dev.hookguard.testkit.ThrowawayRedis;
import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The dead-letter gauge's count on a server of this test's own, whose {@code INFO commandstats} only this
 * test moves: one count is one {@code ZCOUNT} of the endpoint's index, and reads no record or payload.
 */
class DeadLetterCountIT {

    private static final Fingerprint FP = Fingerprint.of("body".getBytes(StandardCharsets.UTF_8));
    private static final IdempotencyPolicy ONE_ATTEMPT =
            IdempotencyPolicy.custom().maxAttempts(1).build();
    private static final Pattern STAT = Pattern.compile("cmdstat_([a-z|]+):calls=(\\d+)");

    private static ThrowawayRedis redis;
    private static RedisIdempotencyStore store;
    private static RedisKeys keys;
    private static RedisClient client;
    private static StatefulRedisConnection<String, String> admin;

    @BeforeAll
    static void start() throws Exception {
        redis = ThrowawayRedis.start();
        RedisStoreConfig config = RedisTestStores.uniqueConfig();
        keys = new RedisKeys(config);
        store = RedisStores.standalone(redis.uri(), config);
        client = RedisClient.create(redis.uri());
        admin = client.connect();
    }

    @AfterAll
    static void stop() {
        admin.close();
        client.shutdown();
        store.close();
        redis.close();
    }

    @Test
    void shouldCountDeadLettersWithOneZcountAndNoRecordRead() {
        for (int i = 0; i < 50; i++) {
            EventKey key = EventKey.of("gauge", "e" + i);
            long token = ((ClaimOutcome.Acquired) store.claim(key, FP, ONE_ATTEMPT)).token();
            store.fail(key, token, new Failure(new Payload(new byte[1000], Map.of()), "boom"), ONE_ATTEMPT);
        }
        // settling a record drops its open-index entry without waiting; let those drops land first
        await().atMost(Duration.ofSeconds(5)).until(() -> admin.sync().zcard(keys.open("gauge")) == 0);
        Map<String, Long> before = commandStats();

        long count = store.deadLetterCount("gauge");

        Map<String, Long> issued = difference(before, commandStats());
        assertThat(count).isEqualTo(50);
        assertThat(issued).containsOnlyKeys("zcount", "info").containsEntry("zcount", 1L);
    }

    private static Map<String, Long> commandStats() {
        Map<String, Long> calls = new LinkedHashMap<>();
        Matcher stat = STAT.matcher(admin.sync().info("commandstats"));
        while (stat.find()) {
            calls.put(stat.group(1), Long.parseLong(stat.group(2)));
        }
        return calls;
    }

    private static Map<String, Long> difference(Map<String, Long> before, Map<String, Long> after) {
        Map<String, Long> issued = new LinkedHashMap<>();
        after.forEach((command, calls) -> {
            long delta = calls - before.getOrDefault(command, 0L);
            if (delta > 0) {
                issued.put(command, delta);
            }
        });
        return issued;
    }
}
