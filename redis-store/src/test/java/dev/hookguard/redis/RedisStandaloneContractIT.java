package dev.hookguard.redis;

import dev.hookguard.core.IdempotencyStore;
import dev.hookguard.testkit.StoreContractTest;
import org.junit.jupiter.api.AfterAll;

/** The whole store contract against one standalone Redis. */
class RedisStandaloneContractIT extends StoreContractTest {

    private static RedisIdempotencyStore shared;

    @Override
    protected IdempotencyStore createStore() {
        if (shared == null) {
            shared = RedisStores.standalone(RedisTestStores.standaloneUri(), RedisTestStores.uniqueConfig());
        }
        return shared;
    }

    @AfterAll
    static void closeStore() {
        if (shared != null) {
            shared.close();
        }
    }
}
