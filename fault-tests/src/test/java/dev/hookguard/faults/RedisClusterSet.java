package dev.hookguard.faults;

import static org.awaitility.Awaitility.await;

import dev.hookguard.redis.RedisIdempotencyStore;
import dev.hookguard.redis.RedisStoreConfig;
import dev.hookguard.redis.RedisStores;
import dev.hookguard.testkit.ThrowawayRedis;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.cluster.SlotHash;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A Redis Cluster of the test's own on 127.0.0.1: three primaries with one replica each, without persistence, with a
 * short {@code cluster-node-timeout} so that a replica takes over a failed primary within a second or two; {@code
 * redisArgs} add settings to every node ({@code min-replicas-to-write}).
 */
final class RedisClusterSet implements FailoverSet {

    static final Duration NODE_TIMEOUT = Duration.ofSeconds(1);

    private final List<ThrowawayRedis> nodes = new ArrayList<>();
    private final RedisClient client = RedisClient.create();
    private final String hashTag;

    private RedisClusterSet(List<String> redisArgs, String hashTag) throws IOException, InterruptedException {
        this.hashTag = hashTag;
        List<String> args = new ArrayList<>(List.of(
                "--cluster-enabled", "yes",
                "--cluster-config-file", "nodes.conf",
                "--cluster-node-timeout", Long.toString(NODE_TIMEOUT.toMillis()),
                "--save", "",
                "--appendonly", "no"));
        args.addAll(redisArgs);
        try {
            create(args);
        } catch (IOException | InterruptedException | RuntimeException e) {
            close();
            throw e;
        }
    }

    /**
     * Starts the cluster and waits until every node sees it whole, with each replica in sync; {@link #fail} fails the
     * primary of {@code hashTag}'s slot.
     */
    static RedisClusterSet start(List<String> redisArgs, String hashTag) throws IOException {
        try {
            return new RedisClusterSet(redisArgs, hashTag);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while creating the cluster", e);
        }
    }

    /** Starts the nodes and creates the cluster; the nodes started so far are stopped if that fails. */
    private void create(List<String> args) throws IOException, InterruptedException {
        for (int i = 0; i < 6; i++) {
            // the bus port is the node's port + 10 000 unless set, and a spare port above 55 535 has none
            List<String> node = new ArrayList<>(args);
            node.addAll(List.of("--cluster-port", Integer.toString(Scenario.sparePort())));
            nodes.add(ThrowawayRedis.withArgs(node));
        }
        List<String> create = new ArrayList<>(List.of("redis-cli", "--cluster", "create"));
        nodes.forEach(node -> create.add("127.0.0.1:" + node.port()));
        create.addAll(List.of("--cluster-replicas", "1", "--cluster-yes"));
        Process created = new ProcessBuilder(create)
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        if (!created.waitFor(60, TimeUnit.SECONDS) || created.exitValue() != 0) {
            throw new IllegalStateException("redis-cli --cluster create failed");
        }
        await().atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(200))
                .until(() -> nodes.stream().allMatch(this::settled));
    }

    @Override
    public RedisIdempotencyStore store(RedisStoreConfig config) {
        return RedisStores.cluster(seeds(), config);
    }

    /**
     * Kills or pauses the primary of the hash tag's slot; a killed one is started again and rejoins as a replica of the
     * one promoted in its place (the cluster's newer configuration epoch demotes it), a paused one is let go on.
     */
    @Override
    public void fail(boolean kill) throws IOException {
        ThrowawayRedis victim = primaryOf(hashTag);
        if (kill) {
            victim.kill();
            awaitPromotion(hashTag, victim, Duration.ofSeconds(60));
            victim.startAgain();
        } else {
            victim.pause();
            awaitPromotion(hashTag, victim, Duration.ofSeconds(60));
            victim.resume();
        }
    }

    /** {@code redis://127.0.0.1:p1,redis://127.0.0.1:p2,…}: every node as a seed. */
    String seeds() {
        return String.join(",", nodes.stream().map(ThrowawayRedis::uri).toList());
    }

    /** The node that is primary for the slot of {@code hashTag} now. */
    ThrowawayRedis primaryOf(String hashTag) {
        int slot = SlotHash.getSlot(hashTag);
        for (ThrowawayRedis node : nodes) {
            if (!node.alive()) {
                continue;
            }
            for (String line : query(node, "CLUSTER NODES").split("\n")) {
                String[] fields = line.split(" ");
                if (fields.length > 8 && fields[2].contains("master") && !fields[2].contains("fail")) {
                    for (int i = 8; i < fields.length; i++) {
                        if (covers(fields[i].trim(), slot)) {
                            int port = Integer.parseInt(fields[1].split("[:@]")[1]);
                            return nodes.stream()
                                    .filter(n -> n.port() == port)
                                    .findFirst()
                                    .orElseThrow();
                        }
                    }
                }
            }
            break; // one node's view is enough
        }
        throw new IllegalStateException("no primary holds slot " + slot);
    }

    /** Waits until a node other than {@code failed} is primary for the slot of {@code hashTag}, and returns it. */
    ThrowawayRedis awaitPromotion(String hashTag, ThrowawayRedis failed, Duration atMost) {
        return await().atMost(atMost)
                .pollInterval(Duration.ofMillis(100))
                .ignoreExceptions()
                .until(() -> primaryOf(hashTag), node -> node != failed);
    }

    private boolean settled(ThrowawayRedis node) {
        String info = query(node, "CLUSTER INFO");
        if (!info.contains("cluster_state:ok") || !info.contains("cluster_known_nodes:6")) {
            return false;
        }
        String replication = query(node, "INFO replication");
        return replication.contains("role:slave")
                ? replication.contains("master_link_status:up")
                : replication.contains("connected_slaves:1") && replication.contains("state=online");
    }

    private String query(ThrowawayRedis node, String command) {
        try (StatefulRedisConnection<String, String> connection = client.connect(RedisURI.create(node.uri()))) {
            return switch (command) {
                case "CLUSTER NODES" -> connection.sync().clusterNodes();
                case "CLUSTER INFO" -> connection.sync().clusterInfo();
                case "INFO replication" -> connection.sync().info("replication");
                default -> throw new IllegalArgumentException(command);
            };
        }
    }

    private static boolean covers(String range, int slot) {
        if (range.startsWith("[")) {
            return false; // a slot being migrated
        }
        String[] bounds = range.split("-");
        int from = Integer.parseInt(bounds[0]);
        int to = bounds.length == 1 ? from : Integer.parseInt(bounds[1]);
        return slot >= from && slot <= to;
    }

    @Override
    public void close() {
        client.shutdown();
        nodes.forEach(node -> {
            if (node.alive()) {
                node.resume();
            }
            node.close();
        });
    }
}
