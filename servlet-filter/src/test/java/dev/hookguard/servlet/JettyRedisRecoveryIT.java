package dev.hookguard.servlet;

import dev.hookguard.core.RecoveryStore;
import dev.hookguard.redis.RedisIdempotencyStore;
import dev.hookguard.redis.RedisStoreConfig;
import dev.hookguard.redis.RedisStores;
import dev.hookguard.testkit.TestServices;

/** The recovery tests in embedded Jetty 12 (ee10) on the Redis store. */
class JettyRedisRecoveryIT extends AbstractRecoveryIT {

    private RedisIdempotencyStore redis;

    @Override
    protected ServletContainer.Factory containers() {
        return JettyContainer::start;
    }

    @Override
    protected RecoveryStore createStore() {
        // the shared test Redis runs without AOF: async intake on it is accepted knowingly
        redis = RedisStores.fromUri(
                TestServices.redisUri(),
                RedisStoreConfig.custom().acceptVolatileAsync(true).build());
        return redis;
    }

    @Override
    protected void closeStore() {
        if (redis != null) {
            redis.close();
        }
    }
}
