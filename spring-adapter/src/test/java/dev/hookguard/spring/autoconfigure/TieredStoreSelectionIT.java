package dev.hookguard.spring.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hookguard.core.ClaimOutcome;
import dev.hookguard.core.Completion;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.Fingerprint;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.IdempotencyStore;
import dev.hookguard.core.StoredResponse;
import dev.hookguard.servlet.internal.health.StoreHealth;
import dev.hookguard.spring.internal.autoconfigure.HookguardAutoConfiguration;
import dev.hookguard.spring.internal.autoconfigure.HookguardJdbcStoreAutoConfiguration;
import dev.hookguard.spring.internal.autoconfigure.HookguardMemoryStoreAutoConfiguration;
import dev.hookguard.spring.internal.autoconfigure.HookguardRedisStoreAutoConfiguration;
import dev.hookguard.spring.internal.autoconfigure.HookguardTieredStoreAutoConfiguration;
import dev.hookguard.testkit.TestServices;
import dev.hookguard.tiered.TieredStore;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.UUID;
import javax.sql.DataSource;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/**
 * {@code hookguard.store.type=tiered}: the tiered store on the application's DataSource and Redis (from {@code
 * hookguard.store.redis.uri} or the application's Lettuce client), its purge and its health; start-up fails naming the
 * property when a part is missing.
 */
class TieredStoreSelectionIT {

    private static final IdempotencyPolicy POLICY =
            IdempotencyPolicy.custom().retention(Duration.ofMinutes(1)).build();

    private final String prefix = "hg-tiered-selection-" + Long.toString(System.nanoTime(), 36);
    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(
                    HookguardAutoConfiguration.class,
                    HookguardRedisStoreAutoConfiguration.class,
                    HookguardJdbcStoreAutoConfiguration.class,
                    HookguardTieredStoreAutoConfiguration.class,
                    HookguardMemoryStoreAutoConfiguration.class))
            .withPropertyValues(
                    "hookguard.store.type=tiered",
                    "hookguard.store.tiered.key-prefix=" + prefix,
                    "hookguard.store.tiered.command-timeout=2s",
                    "hookguard.store.jdbc.create-schema-if-missing=true");

    private static DataSource h2() {
        JdbcDataSource dataSource = new JdbcDataSource();
        dataSource.setURL("jdbc:h2:mem:tiered" + UUID.randomUUID().toString().replace("-", "") + ";DB_CLOSE_DELAY=-1");
        return dataSource;
    }

    @Test
    void shouldBuildTheTieredStoreOnTheDataSourceAndTheConfiguredUri() {
        runner.withBean(DataSource.class, TieredStoreSelectionIT::h2)
                .withPropertyValues("hookguard.store.redis.uri=" + TestServices.redisUri())
                .run(context -> {
                    assertThat(context).hasSingleBean(TieredStore.class).hasBean("hookguardJdbcPurge");
                    IdempotencyStore store = context.getBean(IdempotencyStore.class);
                    roundTrip(store);
                    StoreHealth.Result health = new StoreHealth(store).check();
                    assertThat(health.up()).isTrue();
                    assertThat(health.details())
                            .containsEntry("store", "tiered")
                            .containsEntry("cache", "up");
                });
    }

    @Test
    void shouldOpenTheCacheFromTheApplicationsLettuceClient() {
        RedisClient client = RedisClient.create(RedisURI.create(TestServices.redisUri()));
        try {
            runner.withBean(DataSource.class, TieredStoreSelectionIT::h2)
                    .withBean(RedisClient.class, () -> client, definition -> definition.setDestroyMethodName(""))
                    .run(context -> {
                        assertThat(context).hasSingleBean(TieredStore.class);
                        roundTrip(context.getBean(IdempotencyStore.class));
                    });
        } finally {
            client.shutdown();
        }
    }

    @Test
    void shouldFailStartUpNamingThePropertyWithoutARedisConnection() {
        runner.withBean(DataSource.class, TieredStoreSelectionIT::h2)
                .run(context -> assertThat(context)
                        .hasFailed()
                        .getFailure()
                        .hasStackTraceContaining("hookguard.store.type is tiered")
                        .hasStackTraceContaining("there is no Redis connection"));
    }

    /** Claims and completes an event, then sees its duplicate answered (by the cache once the fill landed). */
    private static void roundTrip(IdempotencyStore store) {
        EventKey key = EventKey.of("selection", UUID.randomUUID().toString());
        Fingerprint fingerprint = Fingerprint.of("{}".getBytes(StandardCharsets.UTF_8));
        ClaimOutcome claim = store.claim(key, fingerprint, POLICY);
        assertThat(claim).isInstanceOf(ClaimOutcome.Acquired.class);
        store.complete(
                key, ((ClaimOutcome.Acquired) claim).token(), Completion.succeeded(StoredResponse.empty(200)), POLICY);
        assertThat(store.claim(key, fingerprint, POLICY)).isInstanceOf(ClaimOutcome.Duplicate.class);
    }
}
