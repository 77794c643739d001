package dev.hookguard.faults;

import static org.awaitility.Awaitility.await;

import dev.hookguard.redis.RedisIdempotencyStore;
import dev.hookguard.redis.RedisStoreConfig;
import dev.hookguard.redis.RedisStores;
import dev.hookguard.testkit.ThrowawayRedis;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.sentinel.api.StatefulRedisSentinelConnection;
import java.io.IOException;
import java.net.SocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * A Redis Sentinel set of the test's own on 127.0.0.1: one primary, one replica and three sentinels (quorum 2), with a
 * short {@code down-after-milliseconds} so that a failover takes a second or two. The data nodes run without
 * persistence, so only replication keeps a write; {@code redisArgs} add settings to each ({@code
 * min-replicas-to-write}). With one replica and {@code min-replicas-to-write 1}, every write is refused (503) from the
 * fault until the old primary is back in sync as the promoted one's replica. {@code -Dfaults.sentinel.replicas=2}
 * runs the set with two, as Redis's own Sentinel examples have: the promoted one then still has a replica in sync and
 * takes writes again at once.
 */
final class SentinelSet implements FailoverSet {

    static final String MASTER = "hookguard-faults";
    static final Duration DOWN_AFTER = Duration.ofSeconds(1);
    /** Replicas of the primary: 1 (the issue's set) unless {@code -Dfaults.sentinel.replicas} says otherwise. */
    static final int REPLICAS = Integer.getInteger("faults.sentinel.replicas", 1);

    private final ThrowawayRedis primary;
    private final List<ThrowawayRedis> replicas = new ArrayList<>();
    private final List<ThrowawayRedis> sentinels = new ArrayList<>();
    private final RedisClient client;

    private SentinelSet(List<String> redisArgs) throws IOException {
        List<String> args = new ArrayList<>(List.of("--save", "", "--appendonly", "no"));
        args.addAll(redisArgs);
        this.primary = ThrowawayRedis.withArgs(args);
        for (int i = 0; i < REPLICAS; i++) {
            replicas.add(ThrowawayRedis.replicaOf(primary, redisArgs));
        }
        for (int i = 0; i < 3; i++) {
            Path config = Files.createTempFile("hookguard-sentinel", ".conf");
            Files.writeString(
                    config,
                    "sentinel monitor " + MASTER + " 127.0.0.1 " + primary.port() + " 2\n"
                            + "sentinel down-after-milliseconds " + MASTER + " " + DOWN_AFTER.toMillis() + "\n"
                            + "sentinel failover-timeout " + MASTER + " 5000\n"
                            + "sentinel parallel-syncs " + MASTER + " 1\n");
            sentinels.add(ThrowawayRedis.sentinel(config));
        }
        this.client = RedisClient.create();
        await().atMost(Duration.ofSeconds(30)).until(() -> replicasInSync() && sentinelsKnowTheReplicas());
    }

    /** Starts the set and waits until the replica is in sync and every sentinel knows it. */
    static SentinelSet start(List<String> redisArgs) throws IOException {
        return new SentinelSet(redisArgs);
    }

    @Override
    public RedisIdempotencyStore store(RedisStoreConfig config) {
        return RedisStores.sentinel(uri(), config);
    }

    /** Kills or pauses the primary; a killed one comes back as a replica of the promoted one (it is empty). */
    @Override
    public void fail(boolean kill) throws IOException {
        if (kill) {
            primary.kill();
            awaitPromotion(Duration.ofSeconds(60));
            // without persistence it comes back empty: as a replica of the promoted one, never as a primary
            primary.startAgainAsReplicaOf(promoted());
        } else {
            primary.pause();
            awaitPromotion(Duration.ofSeconds(60));
            primary.resume(); // a primary no longer: its writes since are discarded when it resyncs
        }
    }

    /** {@code redis-sentinel://…#hookguard-faults} naming all three sentinels. */
    String uri() {
        StringBuilder uri = new StringBuilder("redis-sentinel://");
        for (int i = 0; i < sentinels.size(); i++) {
            uri.append(i == 0 ? "" : ",")
                    .append("127.0.0.1:")
                    .append(sentinels.get(i).port());
        }
        return uri.append("#").append(MASTER).toString();
    }

    ThrowawayRedis primary() {
        return primary;
    }

    /** The replica the sentinels name as master now; fails if they name none of the replicas. */
    ThrowawayRedis promoted() {
        int master = masterPort();
        return replicas.stream()
                .filter(r -> r.port() == master)
                .findFirst()
                .orElseThrow(() -> new IllegalStateException("no replica was promoted; the master is on " + master));
    }

    /** The port of the node the first sentinel that answers names as master now. */
    int masterPort() {
        for (ThrowawayRedis sentinel : sentinels) {
            int port = masterPortOf(sentinel);
            if (port > 0) {
                return port;
            }
        }
        return -1;
    }

    /** The port of the node this sentinel names as master now, or -1 when it does not answer. */
    private int masterPortOf(ThrowawayRedis sentinel) {
        try (StatefulRedisSentinelConnection<String, String> connection =
                client.connectSentinel(RedisURI.create("redis://127.0.0.1:" + sentinel.port()))) {
            SocketAddress address = connection.sync().getMasterAddrByName(MASTER);
            return ((java.net.InetSocketAddress) address).getPort();
        } catch (RuntimeException e) {
            return -1;
        }
    }

    /**
     * Waits until every sentinel names the same promoted replica as master. Bringing the old primary back before then
     * lets a sentinel that has not yet taken in the promotion see it as its master again and turn the promoted replica
     * back into its replica, which empties it (two runs lost 99 records that way).
     */
    void awaitPromotion(Duration atMost) {
        await().atMost(atMost).pollInterval(Duration.ofMillis(100)).until(() -> {
            List<Integer> named =
                    sentinels.stream().map(this::masterPortOf).distinct().toList();
            return named.size() == 1 && replicas.stream().anyMatch(r -> r.port() == named.get(0));
        });
    }

    private boolean replicasInSync() throws IOException {
        String replication = info(primary, "replication");
        return replication.split("state=online", -1).length - 1 == replicas.size();
    }

    private boolean sentinelsKnowTheReplicas() {
        for (ThrowawayRedis sentinel : sentinels) {
            try (StatefulRedisSentinelConnection<String, String> connection =
                    client.connectSentinel(RedisURI.create("redis://127.0.0.1:" + sentinel.port()))) {
                if (connection.sync().replicas(MASTER).size() < replicas.size()) {
                    return false;
                }
            }
        }
        return true;
    }

    private String info(ThrowawayRedis node, String section) {
        try (var connection = client.connect(RedisURI.create(node.uri()))) {
            return connection.sync().info(section);
        }
    }

    @Override
    public void close() {
        client.shutdown();
        sentinels.forEach(ThrowawayRedis::close);
        if (primary.alive()) {
            primary.resume(); // a paused process dies on SIGKILL too, but resume it so that close's ping succeeds
        }
        replicas.forEach(ThrowawayRedis::close);
        primary.close();
    }
}
