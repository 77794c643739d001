package dev.hookguard.redis;

import dev.hookguard.core.RecoveryStore;
import io.lettuce.core.RedisURI;
import io.lettuce.core.cluster.RedisClusterClient;
import io.lettuce.core.cluster.api.StatefulRedisClusterConnection;
import java.util.Arrays;
import org.junit.jupiter.api.AfterAll;

/**
 * The whole store contract, and the Redis extras, against a Redis Cluster of three masters ({@code
 * HOOKGUARD_REDIS_CLUSTER_URI}) with {@link RedisStoreConfig#slotPerEndpoint()}: every key of an endpoint in one slot,
 * so the claim and the completion keep the open index inside their scripts, as on one server.
 */
class RedisClusterSlotPerEndpointContractIT extends RedisStoreContract {

    private static final RedisIdempotencyStore[] STORE = new RedisIdempotencyStore[1];

    @Override
    protected RecoveryStore createStore() {
        return shared(
                STORE,
                config -> RedisStores.cluster(
                        RedisTestStores.clusterUris(),
                        RedisStoreConfig.from(config).slotPerEndpoint(true).build()));
    }

    @Override
    protected void flushScripts() {
        RedisClusterClient client = RedisClusterClient.create(
                Arrays.stream(RedisTestStores.clusterUris().split(","))
                        .map(RedisURI::create)
                        .toList());
        try (StatefulRedisClusterConnection<String, String> connection = client.connect()) {
            connection.sync().scriptFlush(); // Lettuce sends it to every master
        } finally {
            client.shutdown();
        }
    }

    @AfterAll
    static void closeStore() {
        close(STORE);
    }
}
