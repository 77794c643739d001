package dev.hookguard.redis;

/**
 * The whole store contract, and the Redis extras, against the Redis Cluster of {@link RedisClusterContractIT} with
 * {@link RedisStoreConfig#slotPerEndpoint()}: every key of an endpoint in one slot, so the claim and the completion
 * keep the open index inside their scripts, as on one server.
 */
class RedisClusterSlotPerEndpointContractIT extends RedisClusterContractIT {

    @Override
    protected RedisStoreConfig layout(RedisStoreConfig config) {
        return RedisStoreConfig.from(config).slotPerEndpoint(true).build();
    }
}
