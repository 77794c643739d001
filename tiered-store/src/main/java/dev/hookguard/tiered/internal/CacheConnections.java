package dev.hookguard.tiered.internal;

import dev.hookguard.core.StoreUnavailableException;
import dev.hookguard.tiered.TieredStoreConfig;
import io.lettuce.core.AbstractRedisClient;
import io.lettuce.core.ClientOptions;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisException;
import io.lettuce.core.RedisURI;
import io.lettuce.core.SocketOptions;
import io.lettuce.core.TimeoutOptions;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.cluster.ClusterClientOptions;
import io.lettuce.core.cluster.RedisClusterClient;
import io.lettuce.core.cluster.api.StatefulRedisClusterConnection;
import io.lettuce.core.codec.ByteArrayCodec;
import io.lettuce.core.metrics.CommandLatencyRecorder;
import io.lettuce.core.resource.ClientResources;
import io.lettuce.core.resource.DefaultClientResources;
import io.lettuce.core.resource.Delay;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Opens the cache's connection: from a URI (one server, Sentinel, or a cluster's comma-separated seed nodes), or
 * from the application's client. Connections it opens fail commands at once while disconnected and reconnect in the
 * background at most {@link #MAX_RECONNECT_DELAY} apart, so a restarted Redis is back in the path within about a
 * second plus the breaker's open time.
 */
public final class CacheConnections {

    /** The longest pause between two reconnection attempts. */
    static final Duration MAX_RECONNECT_DELAY = Duration.ofSeconds(1);

    private CacheConnections() {}

    /** A cache on a connection of its own, opened from the URI; closing the cache shuts the client down. */
    public static VerdictCache open(String uri, TieredStoreConfig config) {
        ClientResources resources = DefaultClientResources.builder()
                .commandLatencyRecorder(CommandLatencyRecorder.disabled())
                .reconnectDelay(Delay.exponential(Duration.ofMillis(10), MAX_RECONNECT_DELAY, 2, TimeUnit.MILLISECONDS))
                .build();
        SocketOptions socket =
                SocketOptions.builder().connectTimeout(config.connectTimeout()).build();
        AbstractRedisClient client = null;
        try {
            if (uri.contains(",")) {
                RedisClusterClient cluster = RedisClusterClient.create(resources, seeds(uri, config));
                client = cluster;
                cluster.setOptions(ClusterClientOptions.builder()
                        .timeoutOptions(TimeoutOptions.enabled(config.commandTimeout()))
                        .socketOptions(socket)
                        .disconnectedBehavior(ClientOptions.DisconnectedBehavior.REJECT_COMMANDS)
                        .build());
                StatefulRedisClusterConnection<byte[], byte[]> connection = cluster.connect(ByteArrayCodec.INSTANCE);
                return new VerdictCache(connection.async(), config.keyPrefix(), closing(cluster, resources));
            }
            RedisClient standalone = RedisClient.create(resources, withTimeout(RedisURI.create(uri), config));
            client = standalone;
            standalone.setOptions(ClientOptions.builder()
                    .timeoutOptions(TimeoutOptions.enabled(config.commandTimeout()))
                    .socketOptions(socket)
                    .disconnectedBehavior(ClientOptions.DisconnectedBehavior.REJECT_COMMANDS)
                    .build());
            StatefulRedisConnection<byte[], byte[]> connection = standalone.connect(ByteArrayCodec.INSTANCE);
            return new VerdictCache(connection.async(), config.keyPrefix(), closing(standalone, resources));
        } catch (RedisException | IllegalArgumentException e) {
            if (client != null) {
                client.shutdown();
            }
            resources.shutdown();
            throw new StoreUnavailableException(
                    "cannot connect the tiered store's cache to Redis at '" + redacted(uri) + "': " + e.getMessage(),
                    e);
        }
    }

    /** A cache on a connection opened from the application's client; closing the cache closes that connection. */
    public static VerdictCache open(AbstractRedisClient client, TieredStoreConfig config) {
        try {
            if (client instanceof RedisClusterClient cluster) {
                StatefulRedisClusterConnection<byte[], byte[]> connection = cluster.connect(ByteArrayCodec.INSTANCE);
                return new VerdictCache(connection.async(), config.keyPrefix(), connection::close);
            }
            if (client instanceof RedisClient standalone) {
                StatefulRedisConnection<byte[], byte[]> connection = standalone.connect(ByteArrayCodec.INSTANCE);
                return new VerdictCache(connection.async(), config.keyPrefix(), connection::close);
            }
        } catch (RedisException e) {
            throw new StoreUnavailableException(
                    "cannot connect the tiered store's cache to Redis: " + e.getMessage(), e);
        }
        throw new IllegalArgumentException("client must be a RedisClient or a RedisClusterClient but was "
                + client.getClass().getName());
    }

    private static List<RedisURI> seeds(String uris, TieredStoreConfig config) {
        List<RedisURI> seeds = Arrays.stream(uris.split(","))
                .map(String::trim)
                .filter(s -> !s.isEmpty())
                .map(seed -> withTimeout(RedisURI.create(seed), config))
                .toList();
        if (seeds.isEmpty()) {
            throw new IllegalArgumentException("uri must name at least one node but was '" + redacted(uris) + "'");
        }
        return seeds;
    }

    /** The URI's timeout bounds the connection's handshake; commands have {@link TimeoutOptions} of their own. */
    private static RedisURI withTimeout(RedisURI uri, TieredStoreConfig config) {
        uri.setTimeout(config.connectTimeout());
        return uri;
    }

    private static Runnable closing(AbstractRedisClient client, ClientResources resources) {
        return () -> {
            client.shutdown();
            resources.shutdown();
        };
    }

    /** The URI without the password or user name it may carry, for messages. */
    static String redacted(String uri) {
        return uri.replaceAll("//[^/@,]*@", "//***@");
    }
}
