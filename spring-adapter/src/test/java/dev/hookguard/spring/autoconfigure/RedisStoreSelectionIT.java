package dev.hookguard.spring.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.hookguard.core.ClaimOutcome;
import dev.hookguard.core.Completion;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.Fingerprint;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.IdempotencyStore;
import dev.hookguard.core.RecordStatus;
import dev.hookguard.core.StoreUnavailableException;
import dev.hookguard.core.StoredResponse;
import dev.hookguard.redis.RedisIdempotencyStore;
import dev.hookguard.spring.internal.autoconfigure.HookguardAutoConfiguration;
import dev.hookguard.spring.internal.autoconfigure.HookguardJdbcStoreAutoConfiguration;
import dev.hookguard.spring.internal.autoconfigure.HookguardMemoryStoreAutoConfiguration;
import dev.hookguard.spring.internal.autoconfigure.HookguardRedisStoreAutoConfiguration;
import dev.hookguard.testkit.TestServices;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
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

    @Test
    void shouldWaitForTheReplicasThePropertiesAskForAndCountWhatFellShort() {
        runner.withPropertyValues(
                        "hookguard.store.redis.uri=" + TestServices.redisUri(),
                        "hookguard.store.redis.durability.replicas=1",
                        "hookguard.store.redis.durability.timeout=50ms")
                .run(context -> {
                    RedisIdempotencyStore store = context.getBean(RedisIdempotencyStore.class);
                    SimpleMeterRegistry registry = new SimpleMeterRegistry();
                    context.getBean("hookguardRedisDurabilityMeter", MeterBinder.class)
                            .bindTo(registry);
                    EventKey key = EventKey.of("selection", UUID.randomUUID().toString());
                    Fingerprint fingerprint = Fingerprint.of("{}".getBytes(StandardCharsets.UTF_8));

                    // the shared test Redis has no replica: every write falls short, and none is reported done
                    assertThatThrownBy(() -> store.claim(key, fingerprint, POLICY))
                            .isInstanceOf(StoreUnavailableException.class)
                            .hasMessageContaining("0 of 1 replicas acknowledged it within 50 ms");
                    assertThat(store.serverFacts()).containsEntry("durability", "replicas(1, PT0.05S)");
                    assertThat(registry.get("hookguard.store.durability.shortfall")
                                    .functionCounter()
                                    .count())
                            .isEqualTo(1.0);
                });
    }
}
