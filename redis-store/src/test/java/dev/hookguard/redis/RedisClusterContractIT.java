package dev.hookguard.redis;

import dev.hookguard.core.RecoveryStore;
import org.junit.jupiter.api.AfterAll;

/**
 * The whole store contract, and the Redis extras, against a Redis Cluster of three masters, given by
 * {@code HOOKGUARD_REDIS_CLUSTER_URI} (skipped without it, failed without it on CI).
 */
class RedisClusterContractIT extends RedisStoreContract {

    private static final RedisIdempotencyStore[] STORE = new RedisIdempotencyStore[1];

    @Override
    protected RecoveryStore createStore() {
        return shared(STORE, config -> RedisStores.cluster(RedisTestStores.clusterUris(), layout(config)));
    }

    /**
     * The configuration the store runs with: the test's own prefix, the default key layout. Each class closes its
     * store after its tests ({@link #closeStore}), so a subclass with another layout opens its own.
     */
    protected RedisStoreConfig layout(RedisStoreConfig config) {
        return config;
    }

    @Override
    protected void flushScripts() {
        RedisTestStores.flushClusterScripts();
    }

    @AfterAll
    static void closeStore() {
        close(STORE);
    }
}
