package dev.hookguard.redis;

import dev.hookguard.core.IdempotencyStore;
import dev.hookguard.testkit.StoreContractTest;
import org.junit.jupiter.api.AfterAll;

/** The whole store contract against a three-master Redis Cluster. */
class RedisClusterContractIT extends StoreContractTest {

    private static RedisIdempotencyStore shared;

    @Override
    protected IdempotencyStore createStore() {
        if (shared == null) {
            shared = RedisStores.cluster(RedisTestStores.clusterUris(), RedisTestStores.uniqueConfig());
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
