package dev.hookguard.redis;

import dev.hookguard.core.StoreUnavailableException;
import dev.hookguard.redis.internal.KeyBytesCodec;
import io.lettuce.core.AbstractRedisClient;
import io.lettuce.core.ClientOptions;
import io.lettuce.core.RedisAsyncCommandsImpl;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisException;
import io.lettuce.core.RedisURI;
import io.lettuce.core.SocketOptions;
import io.lettuce.core.TimeoutOptions;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.cluster.ClusterClientOptions;
import io.lettuce.core.cluster.ClusterTopologyRefreshOptions;
import io.lettuce.core.cluster.RedisAdvancedClusterAsyncCommandsImpl;
import io.lettuce.core.cluster.RedisClusterClient;
import io.lettuce.core.cluster.api.StatefulRedisClusterConnection;
import io.lettuce.core.codec.RedisCodec;
import io.lettuce.core.masterreplica.MasterReplica;
import io.lettuce.core.metrics.CommandLatencyRecorder;
import io.lettuce.core.resource.ClientResources;
import io.lettuce.core.resource.DefaultClientResources;
import io.lettuce.core.resource.Delay;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Builds {@link RedisIdempotencyStore}s, one per topology. Each store opens one connection and shares it
 * between all threads; commands wait at most {@link RedisStoreConfig#commandTimeout()}, and while the
 * connection is down commands fail at once (Lettuce reconnects in the background), so callers get {@link
 * StoreUnavailableException} quickly instead of a queue that grows.
 *
 * <ul>
 *   <li>{@link #standalone}: {@code redis://[password@]host[:port][/database]}, or {@code rediss://} for TLS.
 *   <li>{@link #sentinel}: {@code redis-sentinel://[password@]host[:port][,host2[:port2]][/database]#masterName}.
 *   <li>{@link #cluster}: comma-separated seed node URIs, {@code redis://host1:7001,redis://host2:7002}.
 *   <li>{@link #fromUri}: picks one of the above by the form of the URI.
 * </ul>
 */
public final class RedisStores {

    /**
     * The longest pause between two reconnect attempts of a connection the store opened (Lettuce's default grows to 30
     * s): after a failover, a Sentinel connection asks the sentinels for the new master at its next attempt.
     */
    static final Duration MAX_RECONNECT_DELAY = Duration.ofSeconds(1);

    /**
     * How often a cluster connection the store opened reads the slot map even when nothing triggered it, so that a
     * promotion the adaptive triggers missed is followed within this time.
     */
    static final Duration CLUSTER_REFRESH_PERIOD = Duration.ofSeconds(5);

    /** The codec of connections passed to {@link #of}: string keys, byte-array values. */
    public static final RedisCodec<String, byte[]> CODEC = KeyBytesCodec.INSTANCE;

    private RedisStores() {}

    /**
     * A store for the URI's topology: a comma-separated list is a cluster's seed nodes, a {@code
     * redis-sentinel://} or {@code rediss-sentinel://} URI a Sentinel setup, anything else one server. A
     * cluster known by one seed node only is built with {@link #cluster}.
     */
    public static RedisIdempotencyStore fromUri(String uri, RedisStoreConfig config) {
        if (uri.startsWith("redis-sentinel://") || uri.startsWith("rediss-sentinel://")) {
            return sentinel(uri, config);
        }
        return uri.contains(",") ? cluster(uri, config) : standalone(uri, config);
    }

    /** A store on one Redis server. */
    public static RedisIdempotencyStore standalone(String uri, RedisStoreConfig config) {
        RedisURI redisUri = RedisURI.create(uri);
        if (!redisUri.getSentinels().isEmpty()) {
            throw new IllegalArgumentException("uri must name one server, use sentinel() for '" + redacted(uri) + "'");
        }
        return connect(redisUri, config);
    }

    /** A store on the master that Sentinel names; it follows failovers. */
    public static RedisIdempotencyStore sentinel(String uri, RedisStoreConfig config) {
        RedisURI redisUri = RedisURI.create(uri);
        if (redisUri.getSentinels().isEmpty() || redisUri.getSentinelMasterId() == null) {
            throw new IllegalArgumentException(
                    "uri must be redis-sentinel://host:port[,host:port]#masterName but was '" + redacted(uri) + "'");
        }
        return connect(redisUri, config);
    }

    /** A store on a Redis Cluster, found through these comma-separated seed node URIs. */
    public static RedisIdempotencyStore cluster(String seedUris, RedisStoreConfig config) {
        List<RedisURI> seeds = Arrays.stream(seedUris.split(","))
                .map(String::trim)
                .filter(s -> !s.isEmpty())
                .map(seed -> withTimeout(RedisURI.create(seed), config))
                .toList();
        if (seeds.isEmpty()) {
            throw new IllegalArgumentException(
                    "seedUris must name at least one node but was '" + redacted(seedUris) + "'");
        }
        ClientResources resources = clientResources();
        RedisClusterClient client = RedisClusterClient.create(resources, seeds);
        client.setOptions(ClusterClientOptions.builder()
                .timeoutOptions(TimeoutOptions.enabled(config.commandTimeout()))
                .socketOptions(socketOptions(config))
                .disconnectedBehavior(ClientOptions.DisconnectedBehavior.REJECT_COMMANDS)
                .topologyRefreshOptions(topologyRefresh())
                .build());
        try {
            StatefulRedisClusterConnection<String, byte[]> connection = client.connect(CODEC);
            return open(
                    new RedisGateway(connection.async(), config, () -> {
                        connection.close();
                        shutdown(client, resources);
                    }),
                    config);
        } catch (RedisException e) {
            shutdown(client, resources);
            throw new StoreUnavailableException("cannot connect to the Redis Cluster: " + e.getMessage(), e);
        }
    }

    /**
     * The text of one of the store's Lua scripts exactly as the store loads it ({@code SCRIPT LOAD}): a script on an
     * event's hash is {@code prelude.lua}, a newline and its own file. For tools that run the scripts without the
     * store (a {@code redis-benchmark} baseline); a name that is not one of the scripts, such as {@code
     * prelude.lua}, is an {@link IllegalArgumentException}.
     */
    public static byte[] scriptText(String resource) {
        return Arrays.stream(LuaScript.values())
                .filter(script -> script.resource().equals(resource))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no Lua script of the store is named " + resource))
                .body();
    }

    /**
     * A store on the application's own connection, whatever its codec: the store sends its commands through it with
     * {@link #CODEC} (Lettuce encodes per command, so the connection's codec does not matter) and never closes it.
     * The connection's timeouts and disconnected behaviour stay the application's; the store still waits at most
     * {@link RedisStoreConfig#commandTimeout()} for each command.
     */
    public static RedisIdempotencyStore of(StatefulRedisConnection<?, ?> connection, RedisStoreConfig config) {
        @SuppressWarnings("unchecked") // the impl encodes and decodes with the codec it is given, not the connection's
        StatefulRedisConnection<String, byte[]> ours = (StatefulRedisConnection<String, byte[]>) connection;
        return open(new RedisGateway(new RedisAsyncCommandsImpl<>(ours, CODEC), config, () -> {}), config);
    }

    /** A store on the application's own cluster connection, whatever its codec; see the standalone {@link #of}. */
    public static RedisIdempotencyStore of(StatefulRedisClusterConnection<?, ?> connection, RedisStoreConfig config) {
        @SuppressWarnings("unchecked") // as above
        StatefulRedisClusterConnection<String, byte[]> ours =
                (StatefulRedisClusterConnection<String, byte[]>) connection;
        return open(
                new RedisGateway(new RedisAdvancedClusterAsyncCommandsImpl<>(ours, CODEC), config, () -> {}), config);
    }

    /**
     * A store on a connection of its own, opened from the application's client ({@code RedisClient} or {@code
     * RedisClusterClient}) with the client's options; closing the store closes that connection, the client stays
     * the application's.
     */
    public static RedisIdempotencyStore of(AbstractRedisClient client, RedisStoreConfig config) {
        try {
            if (client instanceof RedisClusterClient cluster) {
                StatefulRedisClusterConnection<String, byte[]> connection = cluster.connect(CODEC);
                return open(new RedisGateway(connection.async(), config, connection::close), config);
            }
            if (client instanceof RedisClient standalone) {
                StatefulRedisConnection<String, byte[]> connection = standalone.connect(CODEC);
                return open(new RedisGateway(connection.async(), config, connection::close), config);
            }
        } catch (RedisException e) {
            throw new StoreUnavailableException("cannot connect to Redis: " + e.getMessage(), e);
        }
        throw new IllegalArgumentException("client must be a RedisClient or a RedisClusterClient but was "
                + client.getClass().getName());
    }

    private static RedisIdempotencyStore connect(RedisURI uri, RedisStoreConfig config) {
        ClientResources resources = clientResources();
        RedisClient client = RedisClient.create(resources, withTimeout(uri, config));
        client.setOptions(ClientOptions.builder()
                .timeoutOptions(TimeoutOptions.enabled(config.commandTimeout()))
                .socketOptions(socketOptions(config))
                .disconnectedBehavior(ClientOptions.DisconnectedBehavior.REJECT_COMMANDS)
                .build());
        try {
            // Sentinel: a master-replica connection subscribes to the sentinels' events (+switch-master) and moves to a
            // promoted master at once, also when the old one is still reachable (a paused primary that came back),
            // which a plain connection would keep using until Sentinel closes its clients. Reads go to the master too.
            StatefulRedisConnection<String, byte[]> connection =
                    uri.getSentinels().isEmpty() ? client.connect(CODEC) : MasterReplica.connect(client, CODEC, uri);
            return open(
                    new RedisGateway(connection.async(), config, () -> {
                        connection.close();
                        shutdown(client, resources);
                    }),
                    config);
        } catch (RedisException e) {
            shutdown(client, resources);
            throw new StoreUnavailableException("cannot connect to Redis: " + e.getMessage(), e);
        }
    }

    /**
     * The resources of a client the store creates: Lettuce's defaults but its per-command latency recorder, which
     * Lettuce turns on whenever HdrHistogram and LatencyUtils are on the class path and which costs every command
     * a map look-up and a few objects. An application that wants those metrics passes its own client to {@link
     * #of(AbstractRedisClient, RedisStoreConfig)}.
     */
    private static ClientResources clientResources() {
        return DefaultClientResources.builder()
                .commandLatencyRecorder(CommandLatencyRecorder.disabled())
                .reconnectDelay(Delay.exponential(Duration.ofMillis(50), MAX_RECONNECT_DELAY, 2, TimeUnit.MILLISECONDS))
                .build();
    }

    /**
     * The cluster's slot map is read again on every adaptive trigger ({@code MOVED}, {@code ASK}, persistent reconnect
     * attempts, a node that left or failed over), at most once a second, and every {@link #CLUSTER_REFRESH_PERIOD}
     * regardless; connections to nodes that left are closed.
     */
    private static ClusterTopologyRefreshOptions topologyRefresh() {
        return ClusterTopologyRefreshOptions.builder()
                .enableAllAdaptiveRefreshTriggers()
                .adaptiveRefreshTriggersTimeout(Duration.ofSeconds(1))
                .refreshTriggersReconnectAttempts(2)
                .enablePeriodicRefresh(CLUSTER_REFRESH_PERIOD)
                .dynamicRefreshSources(true)
                .closeStaleConnections(true)
                .build();
    }

    private static void shutdown(AbstractRedisClient client, ClientResources resources) {
        client.shutdown();
        resources.shutdown();
    }

    private static RedisIdempotencyStore open(RedisGateway gateway, RedisStoreConfig config) {
        try {
            return new RedisIdempotencyStore(gateway, config);
        } catch (RuntimeException e) {
            gateway.close();
            throw e;
        }
    }

    private static RedisURI withTimeout(RedisURI uri, RedisStoreConfig config) {
        uri.setTimeout(config.commandTimeout());
        return uri;
    }

    /** The URI without the password or user name it may carry, for messages. */
    static String redacted(String uri) {
        return uri.replaceAll("//[^/@,]*@", "//***@");
    }

    private static SocketOptions socketOptions(RedisStoreConfig config) {
        return SocketOptions.builder().connectTimeout(config.connectTimeout()).build();
    }
}
