package dev.hookguard.redis;

import dev.hookguard.testkit.TestServices;
import java.util.UUID;

/** The Redis servers the integration tests use, and stores on them with a key prefix of their own. */
final class RedisTestStores {

    private RedisTestStores() {}

    /** A prefix no other test run uses, so tests sharing a Redis never see each other's keys. */
    static RedisStoreConfig uniqueConfig() {
        return RedisStoreConfig.custom()
                .keyPrefix("hgt" + UUID.randomUUID().toString().substring(0, 8))
                .build();
    }

    /** The shared standalone Redis, from {@code HOOKGUARD_REDIS_URI} or Testcontainers. */
    static String standaloneUri() {
        return TestServices.redisUri();
    }

    /** The shared cluster's seed URIs from {@code HOOKGUARD_REDIS_CLUSTER_URI}; skips (fails on CI) without. */
    /** {@code SCRIPT FLUSH} on every master of the cluster of {@link #clusterUris()}. */
    static void flushClusterScripts() {
        io.lettuce.core.cluster.RedisClusterClient client = io.lettuce.core.cluster.RedisClusterClient.create(
                java.util.Arrays.stream(clusterUris().split(","))
                        .map(io.lettuce.core.RedisURI::create)
                        .toList());
        try (io.lettuce.core.cluster.api.StatefulRedisClusterConnection<String, String> connection = client.connect()) {
            connection.sync().scriptFlush(); // Lettuce sends it to every master
        } finally {
            client.shutdown();
        }
    }

    static String clusterUris() {
        String uris = System.getenv("HOOKGUARD_REDIS_CLUSTER_URI");
        if (uris == null || uris.isBlank()) {
            TestServices.missing("HOOKGUARD_REDIS_CLUSTER_URI");
        }
        return uris;
    }
}
