package dev.hookguard.redis;

import dev.hookguard.core.StoreUnavailableException;
import io.lettuce.core.RedisException;
import io.lettuce.core.RedisFuture;
import io.lettuce.core.RedisNoScriptException;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.cluster.api.async.RedisClusterAsyncCommands;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The only class that talks to Redis. It runs the store's scripts by {@code EVALSHA} (loading them again
 * and retrying once on {@code NOSCRIPT}), reads hashes, and turns every failure of Redis (refused
 * connection, timeout, error reply) into a {@link StoreUnavailableException}. Commands go over one shared
 * connection, which Lettuce pipelines, so the gateway is safe for any number of threads; each command is
 * waited for at most the configured timeout.
 */
final class RedisGateway implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(RedisGateway.class);

    private final RedisClusterAsyncCommands<String, byte[]> commands;
    private final long timeoutMillis;
    private final AutoCloseable resources;

    /**
     * @param commands the shared connection's commands, standalone or cluster
     * @param timeout how long to wait for one command
     * @param resources closed by {@link #close()}: the connection and client this gateway owns, if any
     */
    RedisGateway(RedisClusterAsyncCommands<String, byte[]> commands, Duration timeout, AutoCloseable resources) {
        this.commands = commands;
        this.timeoutMillis = timeout.toMillis();
        this.resources = resources;
    }

    /** Loads every script with {@code SCRIPT LOAD} (on every master of a cluster). */
    void loadScripts() {
        for (LuaScript script : LuaScript.values()) {
            load(script);
        }
    }

    /** Runs a script on one key; reloads it and retries once if Redis lost it (restart, failover, flush). */
    List<Object> eval(LuaScript script, String key, byte[]... args) {
        String[] keys = {key};
        try {
            return await(() -> commands.evalsha(script.sha(), ScriptOutputType.MULTI, keys, args), script.name());
        } catch (RedisNoScriptException e) {
            log.info("Redis lost the script {}; loading it again", script.resource());
            load(script);
            try {
                return await(() -> commands.evalsha(script.sha(), ScriptOutputType.MULTI, keys, args), script.name());
            } catch (RedisNoScriptException again) {
                throw unavailable(script.name(), again);
            }
        }
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

    /** {@code ZSCORE} of one member; null when key or member does not exist. */
    @Nullable
    Double zscore(String key, String member) {
        return await(() -> commands.zscore(key, member.getBytes(StandardCharsets.US_ASCII)), "ZSCORE");
    }

    @Override
    public void close() {
        try {
            resources.close();
        } catch (Exception e) {
            log.warn("closing the Redis connection failed", e);
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
        RedisFuture<T> future = send(command, name);
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
            throw unavailable(name, e.getCause() == null ? e : e.getCause());
        }
    }

    private static StoreUnavailableException unavailable(String name, Throwable cause) {
        return new StoreUnavailableException("Redis failed on " + name + ": " + cause.getMessage(), cause);
    }
}
