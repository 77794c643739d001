package dev.hookguard.benchmarks.bare;

import dev.hookguard.benchmarks.Workload;
import io.lettuce.core.RedisNoScriptException;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.codec.ByteArrayCodec;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The Redis row's baseline: the bare job of a dedup claim and its completion on raw Lettuce, one minimal script
 * each ({@code bare/claim.lua}: status + token + TTL; {@code bare/complete.lua}: fenced by the token), sent with
 * {@code EVALSHA} over one shared connection's synchronous API. A new event costs two {@code EVALSHA}, a duplicate
 * one, and nothing else is ever sent (the scripts are loaded once, and again only after a {@code NOSCRIPT}).
 */
public final class BareRedis {

    private static final byte[] CLAIM = resource("claim.lua");
    private static final byte[] COMPLETE = resource("complete.lua");
    private static final byte[] UNFINISHED_TTL =
            ascii(Long.toString(Math.max(Workload.RETENTION.toMillis(), Workload.LEASE.toMillis())));
    private static final byte[] RETENTION = ascii(Long.toString(Workload.RETENTION.toMillis()));

    private final StatefulRedisConnection<byte[], byte[]> connection;
    private final String prefix;
    private volatile String claimSha;
    private volatile String completeSha;

    /** Loads both scripts on {@code connection}; keys are {@code <prefix>:{<endpoint>:<id>}}, as the store's. */
    public BareRedis(StatefulRedisConnection<byte[], byte[]> connection, String prefix) {
        this.connection = connection;
        this.prefix = prefix;
        load();
    }

    /** A new connection's codec: raw bytes, as the store sends. */
    public static ByteArrayCodec codec() {
        return ByteArrayCodec.INSTANCE;
    }

    /** Claims the event: its token when acquired, else null (held: a duplicate). */
    public byte @Nullable [] claim(String endpoint, String eventId) {
        List<Object> reply = eval(true, key(endpoint, eventId), UNFINISHED_TTL);
        return ((Long) reply.get(0)) == 1L ? (byte[]) reply.get(1) : null;
    }

    /** Records the claimed event as SUCCEEDED; whether the token still held it. */
    public boolean complete(String endpoint, String eventId, byte[] token) {
        return (Long) eval(false, key(endpoint, eventId), token, RETENTION) == 1L;
    }

    /** A new event's claim and completion, checked: a claim that did not acquire fails the benchmark. */
    public void claimAndComplete(String endpoint, String eventId) {
        byte[] token = claim(endpoint, eventId);
        if (token == null || !complete(endpoint, eventId, token)) {
            throw new IllegalStateException("the bare pair did not claim and complete " + eventId);
        }
    }

    /** A duplicate's claim, checked: the event must be held already. */
    public void duplicate(String endpoint, String eventId) {
        if (claim(endpoint, eventId) != null) {
            throw new IllegalStateException("a seeded event was claimed again: " + eventId);
        }
    }

    /** Completes {@link Workload#SEEDED} events of {@code endpoint}, the duplicates of the duplicate workload. */
    public void seed(String endpoint) {
        for (int n = 1; n <= Workload.SEEDED; n++) {
            byte[] token = claim(endpoint, Workload.seededId(n));
            if (token != null) {
                complete(endpoint, Workload.seededId(n), token);
            }
        }
    }

    @SuppressWarnings("unchecked")
    private <T> T eval(boolean claim, byte[] key, byte[]... args) {
        ScriptOutputType type = claim ? ScriptOutputType.MULTI : ScriptOutputType.INTEGER;
        byte[][] keys = {key};
        try {
            return (T) connection.sync().evalsha(claim ? claimSha : completeSha, type, keys, args);
        } catch (RedisNoScriptException e) { // another user of a shared Redis flushed the script cache
            load();
            return (T) connection.sync().evalsha(claim ? claimSha : completeSha, type, keys, args);
        }
    }

    private void load() {
        claimSha = connection.sync().scriptLoad(CLAIM);
        completeSha = connection.sync().scriptLoad(COMPLETE);
    }

    private byte[] key(String endpoint, String eventId) {
        return ascii(prefix + ":{" + endpoint + ":" + eventId + "}");
    }

    private static byte[] ascii(String text) {
        return text.getBytes(StandardCharsets.US_ASCII);
    }

    static byte[] resource(String name) {
        try (InputStream in = BareRedis.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("the script " + name + " is missing from the jar");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
