package dev.hookguard.benchmarks.bare;

import dev.hookguard.benchmarks.Workload;
import dev.hookguard.core.StoredResponse;
import io.lettuce.core.RedisNoScriptException;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.codec.ByteArrayCodec;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The Redis row's baseline: the bare job of a dedup claim and its completion on raw Lettuce, one minimal script
 * each ({@code bare/claim.lua}: status + token + TTL; {@code bare/complete.lua}: fenced by the token), sent with
 * {@code EVALSHA} over one shared connection's synchronous API. A new event costs two {@code EVALSHA}, a duplicate
 * one, and nothing else is ever sent (the scripts are loaded once, and again only after a {@code NOSCRIPT}).
 *
 * <p>{@link Shape#FLOOR} is the same job with the least that DESIGN.md's semantics add to it (fingerprint, lease,
 * open index, the response kept for replay: {@code bare/floor-claim.lua}, {@code bare/floor-complete.lua}), still
 * two scripts per new event and one per duplicate. It is reported beside the Redis row, to tell how much of the
 * store's distance from the bare job any implementation of those semantics pays; it is never the row's baseline.
 */
public final class BareRedis {

    /** Which pair of scripts runs. */
    public enum Shape {
        /** The bare job: status + token + TTL, the Redis row's baseline. */
        BARE("claim.lua", "complete.lua"),
        /** The bare job plus fingerprint, lease, open index and stored response: reported beside, never a target. */
        FLOOR("floor-claim.lua", "floor-complete.lua");

        private final byte[] claim;
        private final byte[] complete;

        Shape(String claim, String complete) {
            this.claim = resource(claim);
            this.complete = resource(complete);
        }
    }

    private static final byte[] UNFINISHED_TTL =
            ascii(Long.toString(Math.max(Workload.RETENTION.toMillis(), Workload.LEASE.toMillis())));
    private static final byte[] RETENTION = ascii(Long.toString(Workload.RETENTION.toMillis()));
    private static final byte[] LEASE = ascii(Long.toString(Workload.LEASE.toMillis()));
    private static final byte[] FINGERPRINT = HexFormat.of().parseHex(Workload.FINGERPRINT.hex());
    private static final byte[] RESPONSE = packed(Workload.RESPONSE);

    private final StatefulRedisConnection<byte[], byte[]> connection;
    private final String prefix;
    private final Shape shape;
    private volatile String claimSha;
    private volatile String completeSha;

    /** Loads the bare scripts on {@code connection}; keys are {@code <prefix>:{<endpoint>:<id>}}, as the store's. */
    public BareRedis(StatefulRedisConnection<byte[], byte[]> connection, String prefix) {
        this(connection, prefix, Shape.BARE);
    }

    /**
     * Loads {@code shape}'s scripts on {@code connection}; keys are {@code <prefix>:{<endpoint>:<id>}} and, for the
     * floor, the open index {@code <prefix>:open:{<endpoint>}}, as the store's.
     */
    public BareRedis(StatefulRedisConnection<byte[], byte[]> connection, String prefix, Shape shape) {
        this.connection = connection;
        this.prefix = prefix;
        this.shape = shape;
        load();
    }

    /** A new connection's codec: raw bytes, as the store sends. */
    public static ByteArrayCodec codec() {
        return ByteArrayCodec.INSTANCE;
    }

    /** Claims the event: its token when acquired, else null (held: a duplicate). */
    public byte @Nullable [] claim(String endpoint, String eventId) {
        List<Object> reply = shape == Shape.BARE
                ? eval(true, keys(endpoint, eventId), UNFINISHED_TTL)
                : eval(true, keys(endpoint, eventId), FINGERPRINT, LEASE, UNFINISHED_TTL, ascii(eventId));
        long answer = (Long) reply.get(0);
        if (answer == 1L) {
            return (byte[]) reply.get(1);
        }
        if (answer != 0L || (shape == Shape.FLOOR && reply.size() < 3)) { // a floor's duplicate has its response
            throw new IllegalStateException("the " + shape + " claim of " + eventId + " answered " + reply);
        }
        return null;
    }

    /** Records the claimed event as SUCCEEDED; whether the token still held it. */
    public boolean complete(String endpoint, String eventId, byte[] token) {
        Long recorded = shape == Shape.BARE
                ? eval(false, keys(endpoint, eventId), token, RETENTION)
                : eval(false, keys(endpoint, eventId), token, RETENTION, RESPONSE, ascii(eventId));
        return recorded == 1L;
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
    private <T> T eval(boolean claim, byte[][] keys, byte[]... args) {
        ScriptOutputType type = claim ? ScriptOutputType.MULTI : ScriptOutputType.INTEGER;
        try {
            return (T) connection.sync().evalsha(claim ? claimSha : completeSha, type, keys, args);
        } catch (RedisNoScriptException e) { // another user of a shared Redis flushed the script cache
            load();
            return (T) connection.sync().evalsha(claim ? claimSha : completeSha, type, keys, args);
        }
    }

    private void load() {
        claimSha = connection.sync().scriptLoad(shape.claim);
        completeSha = connection.sync().scriptLoad(shape.complete);
    }

    private byte[][] keys(String endpoint, String eventId) {
        byte[] event = ascii(prefix + ":{" + endpoint + ":" + eventId + "}");
        return shape == Shape.BARE
                ? new byte[][] {event}
                : new byte[][] {event, ascii(prefix + ":open:{" + endpoint + "}")};
    }

    /** The response as one value: status, a space, the content type, a newline, the body. */
    private static byte[] packed(StoredResponse response) {
        byte[] head = ascii(response.status() + " " + Objects.requireNonNullElse(response.contentType(), "") + "\n");
        byte[] body = response.body();
        byte[] all = Arrays.copyOf(head, head.length + body.length);
        System.arraycopy(body, 0, all, head.length, body.length);
        return all;
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
