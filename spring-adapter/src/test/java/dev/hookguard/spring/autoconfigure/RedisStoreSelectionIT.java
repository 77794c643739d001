package dev.hookguard.spring.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hookguard.core.ClaimOutcome;
import dev.hookguard.core.Completion;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.Fingerprint;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.IdempotencyStore;
import dev.hookguard.core.RecordStatus;
import dev.hookguard.core.StoredResponse;
import dev.hookguard.redis.RedisIdempotencyStore;
import dev.hookguard.spring.internal.autoconfigure.HookguardAutoConfiguration;
import dev.hookguard.spring.internal.autoconfigure.HookguardJdbcStoreAutoConfiguration;
import dev.hookguard.spring.internal.autoconfigure.HookguardMemoryStoreAutoConfiguration;
import dev.hookguard.spring.internal.autoconfigure.HookguardRedisStoreAutoConfiguration;
import dev.hookguard.testkit.TestServices;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

/**
 * The Redis store against a real Redis, from each source the auto-configuration accepts: {@code
 * hookguard.store.redis.uri}, the application's Lettuce {@code RedisClient}, and Spring Data Redis's {@code
 * LettuceConnectionFactory}; with the Lettuce version Spring Boot manages. Keys live under a prefix of this run.
 */
class RedisStoreSelectionIT {

    private static final IdempotencyPolicy POLICY =
            IdempotencyPolicy.custom().retention(Duration.ofMinutes(1)).build();

    private final String prefix = "hg-selection-" + Long.toString(System.nanoTime(), 36);
    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(
                    HookguardAutoConfiguration.class,
                    HookguardRedisStoreAutoConfiguration.class,
                    HookguardJdbcStoreAutoConfiguration.class,
                    HookguardMemoryStoreAutoConfiguration.class))
            .withPropertyValues("hookguard.store.redis.key-prefix=" + prefix);

    /** Claims and completes an event, and reads it back: the store works end to end. */
    private static void roundTrip(IdempotencyStore store) {
        EventKey key = EventKey.of("selection", UUID.randomUUID().toString());
        Fingerprint fingerprint = Fingerprint.of("{}".getBytes(StandardCharsets.UTF_8));
        ClaimOutcome claim = store.claim(key, fingerprint, POLICY);
        assertThat(claim).isInstanceOf(ClaimOutcome.Acquired.class);
        store.complete(
                key, ((ClaimOutcome.Acquired) claim).token(), Completion.succeeded(StoredResponse.empty(200)), POLICY);
        assertThat(store.find(key))
                .hasValueSatisfying(r -> assertThat(r.status()).isEqualTo(RecordStatus.SUCCEEDED));
    }

    @Test
    void shouldOpenItsOwnConnectionToTheConfiguredUri() {
        runner.withPropertyValues("hookguard.store.redis.uri=" + TestServices.redisUri())
                .run(context -> {
                    assertThat(context)
                            .hasSingleBean(RedisIdempotencyStore.class)
                            .doesNotHaveBean("hookguardRedisConnection");
                    roundTrip(context.getBean(IdempotencyStore.class));
                });
    }

    @Test
    void shouldConnectThroughTheApplicationsLettuceClientAndLeaveItOpen() {
        RedisClient client = RedisClient.create(RedisURI.create(TestServices.redisUri()));
        try {
            // the client is the test's, not the context's: only the store's own connection closes with the context
            runner.withBean(RedisClient.class, () -> client, definition -> definition.setDestroyMethodName(""))
                    .run(context -> {
                        assertThat(context)
                                .hasSingleBean(RedisIdempotencyStore.class)
                                .hasBean("hookguardRedisConnection");
                        roundTrip(context.getBean(IdempotencyStore.class));
                    });
            try (var connection = client.connect()) {
                assertThat(connection.sync().ping()).isEqualTo("PONG");
            }
        } finally {
            client.shutdown();
        }
    }

    @Test
    void shouldConnectThroughSpringDataRedis() {
        RedisURI uri = RedisURI.create(TestServices.redisUri());
        runner.withBean(
                        LettuceConnectionFactory.class,
                        () -> new LettuceConnectionFactory(
                                new RedisStandaloneConfiguration(uri.getHost(), uri.getPort())))
                .run(context -> {
                    assertThat(context).hasSingleBean(RedisIdempotencyStore.class);
                    roundTrip(context.getBean(IdempotencyStore.class));
                });
    }
}
