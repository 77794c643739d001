package dev.hookguard.tiered.internal;

import dev.hookguard.core.EventKey;
import io.lettuce.core.RedisNoScriptException;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.cluster.api.async.RedisClusterAsyncCommands;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;

/**
 * The cache of settled verdicts in Redis: one hash per event under {@code <prefix>:{<endpoint>:<event id>}} (the
 * braces make the whole key its own cluster hash tag), read with one {@code HMGET}, written by {@code fill.lua} and
 * turned into a tombstone by {@code evict.lua} (both by {@code EVALSHA}, loaded again on {@code NOSCRIPT}). Every
 * method returns at once; the caller bounds the wait and feeds the circuit breaker ({@link CacheGuard}).
 */
public final class VerdictCache implements AutoCloseable {

    private static final Script FILL = Script.load("fill.lua");
    private static final Script EVICT = Script.load("evict.lua");

    private final RedisClusterAsyncCommands<byte[], byte[]> commands;
    private final String prefix;
    private final Runnable onClose;

    /**
     * @param commands the connection's commands with a byte-array codec (standalone and cluster connections both give
     *     them)
     * @param prefix the key prefix
     * @param onClose closes what the cache opened (nothing when the connection is the application's)
     */
    public VerdictCache(RedisClusterAsyncCommands<byte[], byte[]> commands, String prefix, Runnable onClose) {
        this.commands = commands;
        this.prefix = prefix;
        this.onClose = onClose;
    }

    /** The event's cache key. */
    public byte[] key(EventKey key) {
        return (prefix + ":{" + key.asString() + "}").getBytes(StandardCharsets.US_ASCII);
    }

    /** The verdict cached for the event, or empty (none, a tombstone, or nothing the cache may answer with). */
    public CompletionStage<Optional<CachedVerdict>> read(EventKey key) {
        return commands.hmget(key(key), CachedVerdict.FIELDS).thenApply(CachedVerdict::decode);
    }

    /** Caches the verdict for {@code ttlMillis}; completes with false when a tombstone refused it. */
    public CompletionStage<Boolean> fill(EventKey key, CachedVerdict verdict, long ttlMillis) {
        return run(FILL, key(key), verdict.fillArguments(ttlMillis)).thenApply(n -> n == 1L);
    }

    /** Replaces the event's entry with a tombstone that refuses every fill for {@code tombstoneMillis}. */
    public CompletionStage<Long> evict(EventKey key, long tombstoneMillis) {
        return run(EVICT, key(key), new byte[][] {CachedVerdict.ascii(Long.toString(tombstoneMillis))});
    }

    private CompletionStage<Long> run(Script script, byte[] key, byte[][] args) {
        byte[][] keys = {key};
        CompletionStage<Long> bySha = commands.evalsha(script.sha, ScriptOutputType.INTEGER, keys, args);
        return bySha.handle((n, e) -> e == null
                        ? CompletableFuture.completedFuture(n)
                        : noScript(e)
                                ? commands.<Long>eval(script.body, ScriptOutputType.INTEGER, keys, args)
                                        .toCompletableFuture()
                                : CompletableFuture.<Long>failedFuture(e))
                .thenCompose(stage -> stage);
    }

    private static boolean noScript(Throwable e) {
        Throwable cause = e instanceof CompletionException && e.getCause() != null ? e.getCause() : e;
        return cause instanceof RedisNoScriptException
                || (cause.getMessage() != null && cause.getMessage().startsWith("NOSCRIPT"));
    }

    @Override
    public void close() {
        onClose.run();
    }

    /** A script's text and its SHA-1, which {@code EVALSHA} names it by. */
    private record Script(byte[] body, String sha) {

        static Script load(String resource) {
            try (InputStream in = VerdictCache.class.getResourceAsStream(resource)) {
                if (in == null) {
                    throw new IllegalStateException("missing script resource " + resource);
                }
                byte[] body = in.readAllBytes();
                return new Script(body, sha1(body));
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read script " + resource, e);
            }
        }

        private static String sha1(byte[] body) {
            try {
                return java.util.HexFormat.of()
                        .formatHex(
                                java.security.MessageDigest.getInstance("SHA-1").digest(body));
            } catch (java.security.NoSuchAlgorithmException e) {
                throw new IllegalStateException("every Java platform has SHA-1", e);
            }
        }
    }
}
