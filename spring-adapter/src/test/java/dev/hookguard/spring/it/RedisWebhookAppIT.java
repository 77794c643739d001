package dev.hookguard.spring.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.jayway.jsonpath.JsonPath;
import dev.hookguard.redis.RedisIdempotencyStore;
import dev.hookguard.testkit.TestServices;
import org.junit.jupiter.api.Test;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The application on the Redis store, connected through Spring Data Redis's connection factory as most Boot
 * applications configure Redis ({@code spring.data.redis.url}); keys under a prefix of this run.
 */
class RedisWebhookAppIT extends AbstractWebhookAppIT {

    @DynamicPropertySource
    static void redis(DynamicPropertyRegistry properties) {
        properties.add("spring.data.redis.url", TestServices::redisUri);
        properties.add("hookguard.store.type", () -> "redis");
        properties.add("hookguard.store.redis.key-prefix", () -> "hg-spring-it-" + RUN);
    }

    @Override
    String storeType() {
        return "redis";
    }

    @Test
    void shouldKeepTheRecordsInRedis() {
        assertThat(store).isInstanceOf(RedisIdempotencyStore.class);
    }

    @Test
    void shouldShowWhatRedisRunsOnInTheHealthDetails() {
        String health = sender.get("/actuator/health").body();

        // the shared test Redis: no append-only file, no replica; the default durability
        assertThat((Boolean) JsonPath.read(health, "$.components.hookguard.details.aof"))
                .isFalse();
        assertThat((Integer) JsonPath.read(health, "$.components.hookguard.details.replicas"))
                .isZero();
        assertThat((String) JsonPath.read(health, "$.components.hookguard.details.durability"))
                .isEqualTo("none");
    }
}
