package dev.hookguard.redis;

import static org.assertj.core.api.Assertions.assertThat;

import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The Redis store is warm once created and warmed: after a {@code SCRIPT FLUSH} (as after a restart of Redis),
 * creating the store has loaded every script again, and its warm-up ({@link RedisIdempotencyStore#warmUp()}) answers on
 * its open connection and writes nothing.
 */
class RedisWarmUpIT {

    @Test
    void shouldHaveEveryScriptLoadedAndItsConnectionOpenAfterTheWarmUp() {
        RedisClient client = RedisClient.create(RedisTestStores.standaloneUri());
        try (StatefulRedisConnection<String, String> admin = client.connect()) {
            admin.sync().scriptFlush();
            String[] shas =
                    Arrays.stream(LuaScript.values()).map(LuaScript::sha).toArray(String[]::new);
            assertThat(admin.sync().scriptExists(shas)).contains(false);

            try (RedisIdempotencyStore store =
                    RedisStores.fromUri(RedisTestStores.standaloneUri(), RedisTestStores.uniqueConfig())) {
                store.warmUp();

                List<Boolean> loaded = admin.sync().scriptExists(shas);
                assertThat(loaded).hasSize(shas.length).containsOnly(true);
                assertThat(admin.sync().keys("*hookguard.warm-up*"))
                        .as("keys the warm-up wrote")
                        .isEmpty();
            }
        } finally {
            client.shutdown();
        }
    }
}
