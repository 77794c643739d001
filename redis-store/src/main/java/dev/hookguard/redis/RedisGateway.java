package dev.hookguard.redis;

import dev.hookguard.core.StoreUnavailableException;
import io.lettuce.core.KeyValue;
import io.lettuce.core.Limit;
import io.lettuce.core.Range;
import io.lettuce.core.RedisCommandTimeoutException;
import io.lettuce.core.RedisException;
import io.lettuce.core.RedisFuture;
import io.lettuce.core.RedisNoScriptException;
import io.lettuce.core.RedisURI;
import io.lettuce.core.ScoredValue;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.StreamMessage;
import io.lettuce.core.XAddArgs;
import io.lettuce.core.cluster.SlotHash;
import io.lettuce.core.cluster.api.StatefulRedisClusterConnection;
import io.lettuce.core.cluster.api.async.RedisAdvancedClusterAsyncCommands;
import io.lettuce.core.cluster.api.async.RedisClusterAsyncCommands;
import io.lettuce.core.cluster.models.partitions.RedisClusterNode;
import io.lettuce.core.output.ArrayOutput;
import io.lettuce.core.protocol.CommandArgs;
import io.lettuce.core.protocol.ProtocolKeyword;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The only class that talks to Redis. It runs the store's scripts by {@code EVALSHA} (loading them again
 * and retrying once on {@code NOSCRIPT}), reads hashes, appends to and reads streams, and turns every
 * failure of Redis (refused connection, timeout, error reply) into a {@link StoreUnavailableException}.
 * Commands go over one shared connection, which Lettuce pipelines, so the gateway is safe for any number of
 * threads; each command is waited for at most the configured timeout.
 *
 * <p>With durability {@code replicas(n, timeout)} ({@link ReplicaWait}), every write an answer depends on is followed
 * by {@code WAIT n timeout} (and {@code WAITAOF} if asked) on the connection that wrote it: the shared connection on
 * one server, the connection to the key's master on a cluster. {@code WAIT} counts every write sent on that
 * connection before it, by any thread, so on one server the {@code WAIT} after a record script also covers the index
 * writes sent before it; on a cluster, whose indexes live on other nodes, index writes are waited for on their own.
 * Fewer acknowledgements than asked for throw {@link StoreUnavailableException}.
 */
final class RedisGateway implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(RedisGateway.class);

    private final RedisClusterAsyncCommands<String, byte[]> commands;
    private final long timeoutMillis;
    private final AutoCloseable resources;
    private final boolean clustered;
    private final ReplicaWait replicaWait;

    /** Index scripts whose loss only leaves a stale entry or a count: never waited for. */
    private static final Set<LuaScript> NOT_WAITED =
            EnumSet.of(LuaScript.DUE_STATS, LuaScript.INDEX_PRUNE, LuaScript.INDEX_REMOVE);

    /** {@code WAITAOF numlocal numreplicas timeout}, Redis 7.2 and later. */
    private static final ProtocolKeyword WAITAOF = new ProtocolKeyword() {
        private final byte[] bytes = "WAITAOF".getBytes(StandardCharsets.US_ASCII);

        @Override
        public byte[] getBytes() {
            return bytes;
        }

        @Override
        public String toString() {
            return "WAITAOF";
        }
    };

    /** One script run: the script, its one key and its arguments. */
    record Eval(LuaScript script, String key, byte[]... args) {
        List<Object> run(RedisGateway redis) {
            return redis.eval(script, key, args);
        }
    }

    /**
     * @param commands the shared connection's commands, standalone or cluster
     * @param timeout how long to wait for one command
     * @param resources closed by {@link #close()}: the connection and client this gateway owns, if any
     */
    RedisGateway(RedisClusterAsyncCommands<String, byte[]> commands, Duration timeout, AutoCloseable resources) {
        this(commands, RedisStoreConfig.custom().commandTimeout(timeout).build(), resources);
    }

    /**
     * @param commands the shared connection's commands, standalone or cluster
     * @param config its command timeout and durability setting
     * @param resources closed by {@link #close()}: the connection and client this gateway owns, if any
     */
    RedisGateway(RedisClusterAsyncCommands<String, byte[]> commands, RedisStoreConfig config, AutoCloseable resources) {
        this.commands = commands;
        this.timeoutMillis = config.commandTimeout().toMillis();
        this.resources = resources;
        this.clustered = commands instanceof RedisAdvancedClusterAsyncCommands;
        this.replicaWait = new ReplicaWait(config);
    }

    /** The durability setting this gateway follows, and its count of shortfalls. */
    ReplicaWait replicaWait() {
        return replicaWait;
    }

    /** True on a Redis Cluster connection. */
    boolean clustered() {
        return clustered;
    }

    /** Loads every script with {@code SCRIPT LOAD} (on every master of a cluster). */
    void loadScripts() {
        for (LuaScript script : LuaScript.values()) {
            load(script);
        }
    }

    /** Runs a script on one key; reloads it and retries once if Redis lost it (restart, failover, flush). */
    List<Object> eval(LuaScript script, String key, byte[]... args) {
        return eval(script, new String[] {key}, args);
    }

    /** Runs a script on several keys, which must share one server (and on a cluster one slot); as {@link #eval}. */
    List<Object> eval(LuaScript script, String[] keys, byte[]... args) {
        List<Object> reply = awaitEval(sendEval(script, keys, args), script, keys, args);
        afterWrite(script, keys[0]);
        return reply;
    }

    /**
     * Runs a script like {@link #eval}, and hands its reply to {@code followUp} exactly once before returning it:
     * on Lettuce's I/O thread as soon as the reply is read, before the caller is woken, so that a follow-up
     * command sent from there (a cleanup not waited for) costs the caller no thread hand-off; on the caller's
     * thread only when the script had to be loaded again. {@code followUp} must not block.
     */
    List<Object> evalThen(LuaScript script, String key, byte[][] args, Consumer<List<Object>> followUp) {
        return evalThen(script, new String[] {key}, args, followUp);
    }

    /** {@link #evalThen(LuaScript, String, byte[][], Consumer)} on several keys of one server. */
    List<Object> evalThen(LuaScript script, String[] keys, byte[][] args, Consumer<List<Object>> followUp) {
        String key = keys[0];
        AtomicBoolean done = new AtomicBoolean();
        RedisFuture<List<Object>> sent = sendEval(script, keys, args);
        CompletableFuture<List<Object>> followed = sent.toCompletableFuture().thenApply(reply -> {
            if (done.compareAndSet(false, true)) {
                runFollowUp(followUp, reply, key);
            }
            return reply;
        });
        List<Object> reply;
        try {
            reply = await(followed, script.name());
        } catch (RedisNoScriptException e) {
            reply = awaitEval(sent, script, keys, args);
        }
        if (done.compareAndSet(false, true)) {
            runFollowUp(followUp, reply, key);
        }
        afterWrite(script, key);
        return reply;
    }

    /**
     * Adds a member to a sorted set ({@code ZADD}), then runs a script, and returns the script's reply. On
     * one connection to one server (standalone, Sentinel) both are sent together, since Redis runs one
     * connection's commands in order; on a cluster, whose keys live on other nodes, the script is sent only
     * once the {@code ZADD} answered.
     */
    List<Object> zaddThenEval(String key, long score, String member, Eval then) {
        byte[] value = member.getBytes(StandardCharsets.US_ASCII);
        RedisFuture<Long> added = send(() -> commands.zadd(key, (double) score, value), "ZADD");
        if (clustered) {
            await(() -> added, "ZADD");
            waitForReplicas(key);
            return then.run(this);
        }
        String[] keys = {then.key()};
        RedisFuture<List<Object>> reply = sendEval(then.script(), keys, then.args());
        // the ZADD's reply comes before the script's on this connection: one wait, one wake-up
        List<Object> result = awaitEval(reply, then.script(), keys, then.args());
        await(() -> added, "ZADD");
        afterWrite(then.script(), then.key()); // covers the ZADD too: one connection
        return result;
    }

    /** Runs one script on each of several keys, sent together (each to its own cluster node), in order. */
    List<List<Object>> evalEach(LuaScript script, List<String> keys, byte[]... args) {
        List<RedisFuture<List<Object>>> futures = new ArrayList<>(keys.size());
        for (String key : keys) {
            futures.add(sendEval(script, new String[] {key}, args));
        }
        List<List<Object>> replies = new ArrayList<>(keys.size());
        for (int i = 0; i < keys.size(); i++) {
            replies.add(awaitEval(futures.get(i), script, new String[] {keys.get(i)}, args));
        }
        if (clustered) {
            keys.forEach(key -> afterWrite(script, key));
        } else if (!keys.isEmpty()) {
            afterWrite(script, keys.get(keys.size() - 1)); // one WAIT covers every write sent before it
        }
        return replies;
    }

    /** Sends a script without waiting for its reply: for cleanups whose loss only leaves a stale entry. */
    void evalAndForget(LuaScript script, String key, byte[]... args) {
        try {
            sendEval(script, new String[] {key}, args);
        } catch (StoreUnavailableException e) {
            log.debug("a cleanup of {} was not sent: {}", key, e.getMessage());
        }
    }

    /** {@code ZCOUNT} of a sorted set between two scores, inclusive. */
    long zcount(String key, double min, double max) {
        return await(() -> commands.zcount(key, Range.create(min, max)), "ZCOUNT");
    }

    /** {@code ZRANGEBYSCORE … WITHSCORES} of a whole sorted set from a score on, in score order. */
    List<IndexPosition> entries(String key, double min) {
        List<ScoredValue<byte[]>> entries = await(
                () -> commands.zrangebyscoreWithScores(key, Range.create(min, Double.POSITIVE_INFINITY)),
                "ZRANGEBYSCORE");
        return entries.stream()
                .map(e -> new IndexPosition((long) e.getScore(), new String(e.getValue(), StandardCharsets.US_ASCII)))
                .toList();
    }

    /** The server's clock ({@code TIME}; on a cluster, of the node Lettuce picks). */
    Instant time() {
        List<byte[]> time = await(commands::time, "TIME");
        long seconds = Long.parseLong(new String(time.get(0), StandardCharsets.US_ASCII));
        long micros = Long.parseLong(new String(time.get(1), StandardCharsets.US_ASCII));
        return Instant.ofEpochSecond(seconds, micros * 1000);
    }

    /** {@code HMGET} of the same fields of several hashes, sent together, in order; absent fields left out. */
    List<Map<String, byte[]>> hmget(List<String> keys, String... fields) {
        List<RedisFuture<List<KeyValue<String, byte[]>>>> futures = new ArrayList<>(keys.size());
        for (String key : keys) {
            futures.add(send(() -> commands.hmget(key, fields), "HMGET"));
        }
        List<Map<String, byte[]>> hashes = new ArrayList<>(keys.size());
        for (RedisFuture<List<KeyValue<String, byte[]>>> future : futures) {
            Map<String, byte[]> hash = new HashMap<>();
            for (KeyValue<String, byte[]> field : await(() -> future, "HMGET")) {
                field.ifHasValue(value -> hash.put(field.getKey(), value));
            }
            hashes.add(hash);
        }
        return hashes;
    }

    /** {@code HGETALL} of one hash; empty when the key does not exist. */
    Map<String, byte[]> hgetall(String key) {
        return await(() -> commands.hgetall(key), "HGETALL");
    }

    /** {@code HGETALL} of several hashes, sent together (each to its own cluster node), in order. */
    List<Map<String, byte[]>> hgetall(List<String> keys) {
        List<RedisFuture<Map<String, byte[]>>> futures = new ArrayList<>(keys.size());
        for (String key : keys) {
            futures.add(send(() -> commands.hgetall(key), "HGETALL"));
        }
        List<Map<String, byte[]>> hashes = new ArrayList<>(keys.size());
        for (RedisFuture<Map<String, byte[]>> future : futures) {
            hashes.add(await(() -> future, "HGETALL"));
        }
        return hashes;
    }

    /**
     * {@code XADD} of one entry to a stream, with the id and trimming {@code args} give; the entry's id. Not followed
     * by {@code WAIT}: no answer depends on it.
     */
    String xadd(String key, XAddArgs args, Map<String, byte[]> fields) {
        return await(() -> commands.xadd(key, args, fields), "XADD");
    }

    /** {@code XREVRANGE … COUNT n} of a stream: at most {@code count} entries within {@code range}, newest first. */
    List<StreamMessage<String, byte[]>> xrevrange(String key, Range<String> range, long count) {
        return await(() -> commands.xrevrange(key, range, Limit.from(count)), "XREVRANGE");
    }

    /** {@code ZSCORE} of one member; null when key or member does not exist. */
    @Nullable
    Double zscore(String key, String member) {
        return await(() -> commands.zscore(key, member.getBytes(StandardCharsets.US_ASCII)), "ZSCORE");
    }

    /**
     * {@code INFO <section>} of every server the store writes to: the one server, or each master of a cluster, in the
     * cluster's order. Each reply is the raw text of the section.
     */
    List<String> info(String section) {
        if (!clustered) {
            return List.of(await(() -> commands.info(section), "INFO " + section));
        }
        List<String> infos = new ArrayList<>();
        for (RedisClusterNode node : clusterConnection().getPartitions()) {
            if (node.is(RedisClusterNode.NodeFlag.UPSTREAM)) {
                RedisURI uri = node.getUri();
                infos.add(await(() -> nodeCommands(uri).info(section), "INFO " + section));
            }
        }
        return infos;
    }

    /** {@code CONFIG GET <parameter>} of the server (on a cluster, of a node Lettuce picks); empty when refused. */
    Optional<String> configValue(String parameter) {
        try {
            Map<String, String> values = await(() -> commands.configGet(parameter), "CONFIG GET");
            return Optional.ofNullable(values.get(parameter));
        } catch (StoreUnavailableException e) { // CONFIG is often renamed or disabled on managed Redis
            log.debug("CONFIG GET {} was refused: {}", parameter, e.getMessage());
            return Optional.empty();
        }
    }

    @Override
    public void close() {
        try {
            resources.close();
        } catch (Exception e) {
            log.warn("closing the Redis connection failed", e);
        }
    }

    /** After a script that wrote {@code key}: waits for its replicas when the durability setting asks to. */
    private void afterWrite(LuaScript script, String key) {
        if (replicaWait.on() && (script.onRecord() || (clustered && !NOT_WAITED.contains(script)))) {
            waitForReplicas(key);
        }
    }

    /**
     * {@code WAIT n timeout}, then {@code WAITAOF 1 n timeout} if asked, on the connection that wrote {@code key};
     * fewer acknowledgements than asked for are a {@link ReplicaWait#shortfall}.
     */
    private void waitForReplicas(String key) {
        if (!replicaWait.on()) {
            return;
        }
        int replicas = replicaWait.replicas(key);
        if (replicas == 0) {
            return; // an endpoint of durability none on a store that waits for others
        }
        RedisClusterAsyncCommands<String, byte[]> node = clustered ? nodeCommands(masterOf(key)) : commands;
        long timeout = replicaWait.timeoutMillis();
        long acked = await(() -> node.waitForReplication(replicas, timeout), "WAIT");
        if (acked < replicas) {
            throw replicaWait.shortfall(key, "WAIT", acked);
        }
        if (replicaWait.aofFsync()) {
            CommandArgs<String, byte[]> args =
                    new CommandArgs<>(RedisStores.CODEC).add(1).add(replicas).add(timeout);
            List<Object> fsynced =
                    await(() -> node.dispatch(WAITAOF, new ArrayOutput<>(RedisStores.CODEC), args), "WAITAOF");
            long local = (Long) fsynced.get(0);
            long remote = (Long) fsynced.get(1);
            if (local < 1 || remote < replicas) {
                throw replicaWait.shortfall(key, "WAITAOF", Math.min(local, remote));
            }
        }
    }

    private StatefulRedisClusterConnection<String, byte[]> clusterConnection() {
        return ((RedisAdvancedClusterAsyncCommands<String, byte[]>) commands).getStatefulConnection();
    }

    /** The URI of the master that holds {@code key}'s slot in the client's current view of the cluster. */
    private RedisURI masterOf(String key) {
        RedisClusterNode master = clusterConnection().getPartitions().getMasterBySlot(SlotHash.getSlot(key));
        if (master == null) {
            throw new StoreUnavailableException("no Redis Cluster master holds the slot of " + key, null);
        }
        return master.getUri();
    }

    /**
     * The commands of the connection to one cluster node, the same connection that commands routed to its slots go
     * over (Lettuce keeps one write connection per host and port).
     */
    private RedisClusterAsyncCommands<String, byte[]> nodeCommands(RedisURI uri) {
        try {
            return clusterConnection()
                    .getConnection(uri.getHost(), uri.getPort())
                    .async();
        } catch (RedisException e) {
            throw unavailable("connect to " + uri.getHost() + ":" + uri.getPort(), e);
        }
    }

    private static void runFollowUp(Consumer<List<Object>> followUp, List<Object> reply, String key) {
        try {
            followUp.accept(reply);
        } catch (RuntimeException e) {
            log.debug("the follow-up of a command on {} failed: {}", key, e.getMessage());
        }
    }

    private RedisFuture<List<Object>> sendEval(LuaScript script, String[] keys, byte[]... args) {
        return send(() -> commands.evalsha(script.sha(), ScriptOutputType.MULTI, keys, args), script.name());
    }

    private List<Object> awaitEval(RedisFuture<List<Object>> sent, LuaScript script, String[] keys, byte[]... args) {
        try {
            return await(() -> sent, script.name());
        } catch (RedisNoScriptException e) {
            log.info("Redis lost the script {}; loading it again", script.resource());
            load(script);
            try {
                return await(() -> sendEval(script, keys, args), script.name());
            } catch (RedisNoScriptException again) {
                throw unavailable(script.name(), again);
            }
        }
    }

    private void load(LuaScript script) {
        String sha = await(() -> commands.scriptLoad(script.body()), "SCRIPT LOAD " + script.resource());
        if (!script.sha().equals(sha)) {
            throw new IllegalStateException("Redis named " + script.resource() + " " + sha + ", not " + script.sha());
        }
    }

    private <T> RedisFuture<T> send(Supplier<RedisFuture<T>> command, String name) {
        try {
            return command.get();
        } catch (RedisException e) {
            throw unavailable(name, e);
        }
    }

    private <T> T await(Supplier<RedisFuture<T>> command, String name) {
        return await(send(command, name), name);
    }

    private <T> T await(Future<T> future, String name) {
        try {
            return future.get(timeoutMillis, TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            future.cancel(true);
            throw new StoreUnavailableException("Redis did not answer " + name + " within " + timeoutMillis + " ms", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new StoreUnavailableException("interrupted while waiting for Redis to answer " + name, e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RedisNoScriptException noScript) {
                throw noScript;
            }
            if (e.getCause() instanceof RedisCommandTimeoutException timeout) { // Lettuce's timer was first
                throw new StoreUnavailableException(
                        "Redis did not answer " + name + " within " + timeoutMillis + " ms", timeout);
            }
            throw unavailable(name, e.getCause() == null ? e : e.getCause());
        }
    }

    private static StoreUnavailableException unavailable(String name, Throwable cause) {
        return new StoreUnavailableException("Redis failed on " + name + ": " + cause.getMessage(), cause);
    }
}
