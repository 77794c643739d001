package dev.hookguard.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.hookguard.core.ClaimOutcome;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.Fingerprint;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.StoreUnavailableException;
import dev.hookguard.testkit.ThrowawayRedis;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Redis going away under a running store, on a server of this test's own (the shared ones are never
 * stopped). The store must answer {@link StoreUnavailableException}, bounded by its command timeout rather
 * than hanging, and work again once Redis is back. The preemptive bounds below are hang detectors, many
 * times the 500 ms command timeout, not performance thresholds.
 */
class RedisOutageIT {

    private static final Duration COMMAND_TIMEOUT = Duration.ofMillis(500);
    private static final Duration HANG = Duration.ofSeconds(15);
    private static final Fingerprint FINGERPRINT = Fingerprint.of("body".getBytes(StandardCharsets.UTF_8));
    private static final IdempotencyPolicy POLICY = IdempotencyPolicy.ofDefaults();

    private ThrowawayRedis redis;
    private RedisIdempotencyStore store;

    @BeforeEach
    void startRedis() throws Exception {
        redis = ThrowawayRedis.start();
        store = RedisStores.standalone(
                redis.uri(),
                RedisStoreConfig.from(RedisTestStores.uniqueConfig())
                        .commandTimeout(COMMAND_TIMEOUT)
                        .build());
    }

    @AfterEach
    void stopRedis() throws Exception {
        store.close();
        redis.close();
    }

    @Test
    void shouldFailFastWhileRedisIsDownAndWorkAgainOnceItIsBack() throws Exception {
        assertThat(store.claim(EventKey.of("outage", "before"), FINGERPRINT, POLICY))
                .isInstanceOf(ClaimOutcome.Acquired.class);

        redis.kill();

        assertTimeoutPreemptively(
                HANG,
                () -> assertThatThrownBy(() -> store.claim(EventKey.of("outage", "during"), FINGERPRINT, POLICY))
                        .isInstanceOf(StoreUnavailableException.class));
        assertTimeoutPreemptively(
                HANG,
                () -> assertThatThrownBy(() -> store.find(EventKey.of("outage", "during")))
                        .isInstanceOf(StoreUnavailableException.class));

        redis.startAgain(); // empty: no data, no scripts

        await().atMost(Duration.ofSeconds(60))
                .ignoreException(StoreUnavailableException.class)
                .untilAsserted(() -> assertThat(store.claim(EventKey.of("outage", "after"), FINGERPRINT, POLICY))
                        .isInstanceOf(ClaimOutcome.Acquired.class));
        assertThat(store.claim(EventKey.of("outage", "after"), FINGERPRINT, POLICY))
                .isInstanceOf(ClaimOutcome.InProgress.class);
    }

    @Test
    void shouldGiveUpAfterCommandTimeoutWhenRedisStopsAnswering() throws Exception {
        redis.send("CLIENT PAUSE 3000 ALL"); // ends by itself

        assertTimeoutPreemptively(
                HANG,
                () -> assertThatThrownBy(() -> store.claim(EventKey.of("paused", "e1"), FINGERPRINT, POLICY))
                        .isInstanceOf(StoreUnavailableException.class)
                        .hasMessageContaining("500 ms"));

        // the timed-out claim was sent, so Redis runs it once the pause ends: poll with a read instead
        await().atMost(Duration.ofSeconds(30))
                .ignoreException(StoreUnavailableException.class)
                .until(() -> store.find(EventKey.of("paused", "e1")).isPresent());
        assertThat(store.claim(EventKey.of("paused", "e2"), FINGERPRINT, POLICY))
                .isInstanceOf(ClaimOutcome.Acquired.class);
    }
}
