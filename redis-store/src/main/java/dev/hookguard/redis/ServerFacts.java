package dev.hookguard.redis;

import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * What the store runs on, read once at start-up with {@code INFO server}, {@code INFO persistence} and {@code INFO
 * replication} ({@code CONFIG GET} is often disabled on managed Redis, so only {@code appendfsync} is asked for that
 * way, and left unknown when refused). On a cluster, the weakest of its masters: AOF on only if on for every master,
 * the fewest replicas any master has, the oldest version.
 *
 * @param topology {@code standalone} or {@code cluster of n masters}
 * @param version the server's {@code redis_version}
 * @param aof whether the append-only file is on ({@code aof_enabled:1})
 * @param appendfsync the AOF's fsync policy ({@code always}, {@code everysec}, {@code no}), null when not visible
 * @param replicas the replicas connected and in sync (the {@code slaveN} lines of {@code INFO replication} with {@code
 *     state=online}; a replica still loading its first copy cannot acknowledge a {@code WAIT})
 */
record ServerFacts(
        String topology,
        String version,
        boolean aof,
        @Nullable String appendfsync,
        int replicas) {

    /** Reads the facts through the gateway. */
    static ServerFacts read(RedisGateway redis) {
        List<String> servers = redis.info("server");
        List<String> persistence = redis.info("persistence");
        List<String> replication = redis.info("replication");
        String version = servers.stream()
                .map(info -> field(info, "redis_version").orElse("unknown"))
                .min(ServerFacts::compareVersions)
                .orElse("unknown");
        boolean aof = !persistence.isEmpty()
                && persistence.stream()
                        .allMatch(info -> field(info, "aof_enabled").orElse("0").equals("1"));
        int replicas =
                replication.stream().mapToInt(ServerFacts::onlineReplicas).min().orElse(0);
        String appendfsync = aof ? redis.configValue("appendfsync").orElse(null) : null;
        String topology = redis.clustered() ? "cluster of " + replication.size() + " masters" : "standalone";
        return new ServerFacts(topology, version, aof, appendfsync, replicas);
    }

    /** True when the server has {@code WAITAOF} (Redis 7.2 and later). */
    boolean hasWaitAof() {
        return compareVersions(version, "7.2.0") >= 0;
    }

    /** The facts and the setting in one line, for the start-up log. */
    String describe(RedisStoreConfig config) {
        return "Redis " + version + " (" + topology + "): AOF " + (aof ? "on" : "off")
                + (aof ? ", appendfsync " + (appendfsync == null ? "not visible" : appendfsync) : "")
                + ", " + replicas + (replicas == 1 ? " replica" : " replicas") + " connected"
                + ", durability " + config.durability();
    }

    /** The {@code slaveN:ip=…,port=…,state=online,…} lines of an {@code INFO replication} reply. */
    static int onlineReplicas(String info) {
        return (int) info.lines()
                .filter(line -> line.startsWith("slave") && line.contains("state=online"))
                .count();
    }

    /** The value of one {@code name:value} line of an {@code INFO} reply. */
    static Optional<String> field(String info, String name) {
        String prefix = name + ":";
        return info.lines()
                .filter(line -> line.startsWith(prefix))
                .map(line -> line.substring(prefix.length()).trim())
                .findFirst();
    }

    /** Compares dotted versions number by number; a part that is not a number counts as 0. */
    static int compareVersions(String a, String b) {
        String[] left = a.split("\\.");
        String[] right = b.split("\\.");
        for (int i = 0; i < Math.max(left.length, right.length); i++) {
            int diff = Integer.compare(number(left, i), number(right, i));
            if (diff != 0) {
                return diff;
            }
        }
        return 0;
    }

    private static int number(String[] parts, int i) {
        try {
            return i < parts.length ? Integer.parseInt(parts[i]) : 0;
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}
