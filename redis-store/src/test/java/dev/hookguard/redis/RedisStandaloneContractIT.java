package dev.hookguard.redis;

import dev.hookguard.core.RecoveryStore;
import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;
import org.junit.jupiter.api.AfterAll;

/** The whole store contract, and the Redis extras, against one standalone Redis. */
class RedisStandaloneContractIT extends RedisStoreContract {

    private static final RedisIdempotencyStore[] STORE = new RedisIdempotencyStore[1];

    @Override
    protected RecoveryStore createStore() {
        return shared(STORE, config -> RedisStores.standalone(RedisTestStores.standaloneUri(), config));
    }

    @Override
    protected void flushScripts() {
        RedisClient client = RedisClient.create(RedisTestStores.standaloneUri());
        try (StatefulRedisConnection<String, String> connection = client.connect()) {
            connection.sync().scriptFlush();
        } finally {
            client.shutdown();
        }
    }

    @AfterAll
    static void closeStore() {
        close(STORE);
    }
}
