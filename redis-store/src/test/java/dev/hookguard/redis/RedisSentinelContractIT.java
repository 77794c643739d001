package dev.hookguard.redis;

import dev.hookguard.core.RecoveryStore;
import dev.hookguard.testkit.ThrowawayRedis;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;

/**
 * The whole store contract, and the Redis extras, through Redis Sentinel: a master and a Sentinel of this
 * class's own, started on spare ports, and a store built from a {@code redis-sentinel://} URI.
 */
class RedisSentinelContractIT extends RedisStoreContract {

    private static final String MASTER_NAME = "hookguard-test";
    private static final RedisIdempotencyStore[] STORE = new RedisIdempotencyStore[1];
    private static ThrowawayRedis master;
    private static ThrowawayRedis sentinel;

    @Override
    protected RecoveryStore createStore() {
        return shared(STORE, config -> RedisStores.sentinel(sentinelUri(), config));
    }

    @Override
    protected void flushScripts() {
        try {
            master.send("SCRIPT FLUSH");
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String sentinelUri() {
        try {
            if (sentinel == null) {
                master = ThrowawayRedis.start();
                Path config = Files.createTempFile("hookguard-sentinel", ".conf");
                Files.writeString(config, "sentinel monitor " + MASTER_NAME + " 127.0.0.1 " + master.port() + " 1\n");
                sentinel = ThrowawayRedis.sentinel(config);
            }
            return "redis-sentinel://127.0.0.1:" + sentinel.port() + "#" + MASTER_NAME;
        } catch (IOException e) {
            throw new IllegalStateException("cannot start Redis and Sentinel", e);
        }
    }

    @AfterAll
    static void stopServers() {
        close(STORE);
        if (sentinel != null) {
            sentinel.close();
        }
        if (master != null) {
            master.close();
        }
    }
}
