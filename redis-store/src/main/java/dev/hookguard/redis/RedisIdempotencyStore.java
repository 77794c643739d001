package dev.hookguard.redis;

import static dev.hookguard.redis.RecordCodec.ascii;

import dev.hookguard.core.AdminOutcome;
import dev.hookguard.core.ClaimOutcome;
import dev.hookguard.core.Completion;
import dev.hookguard.core.DeadLetterPage;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.EventRecord;
import dev.hookguard.core.Failure;
import dev.hookguard.core.Fingerprint;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.IdempotencyStore;
import dev.hookguard.core.WriteOutcome;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * The {@link IdempotencyStore} on Redis: standalone, Sentinel or Cluster, through one shared Lettuce
 * connection. Get one from {@link RedisStores}; close it to close the connection it owns.
 *
 * <p>Keys (see {@link RedisKeys}):
 *
 * <ul>
 *   <li>{@code <prefix>:{<endpoint>:<eventId>}}: a hash per event, fields listed on {@link RecordCodec}
 *       ({@code m f l rc rb ro ph pb e}). It expires ({@code PEXPIRE}) after the longer of
 *       retention and lease while unfinished, after the retention once SUCCEEDED, REJECTED or FAILED, and
 *       after the dead-letter retention once DEAD.
 *   <li>{@code <prefix>:dlq:{<endpoint>}}: a sorted set per endpoint, the dead-letter index (see {@link
 *       DeadLetterIndex}); member {@code ""} holds its change counter.
 * </ul>
 *
 * <p>Commands: {@code SCRIPT LOAD} of every script at start; {@code EVALSHA} of {@code claim.lua}, {@code
 * renew.lua}, {@code complete.lua}, {@code fail.lua}, {@code resolve.lua}, {@code requeue.lua} (one per
 * state change, each on the event's hash alone, using {@code TIME HMGET HGET HSET HDEL PEXPIRE}) and of
 * {@code dead-letter-add.lua}, {@code dead-letter-page.lua}, {@code dead-letter-prune.lua} (on the index
 * alone, using {@code TIME ZADD ZINCRBY PTTL PEXPIRE ZSCORE ZRANGEBYSCORE ZREM}); {@code SCRIPT LOAD} again
 * and one retry after {@code NOSCRIPT}; {@code HGETALL} for {@link #find} and the listing; {@code ZSCORE}
 * before a resolve or requeue. Never {@code KEYS} or {@code SCAN}.
 *
 * <p>A REJECTED completion or a failure that exhausts the attempts takes three round trips (the script
 * answers that the index must come first, the index entry, the script again); every other operation one.
 */
public final class RedisIdempotencyStore implements IdempotencyStore, AutoCloseable {

    private final RedisGateway redis;
    private final RedisKeys keys;
    private final DeadLetterIndex deadLetters;

    RedisIdempotencyStore(RedisGateway redis, RedisStoreConfig config) {
        this.redis = redis;
        this.keys = new RedisKeys(config.keyPrefix());
        this.deadLetters = new DeadLetterIndex(redis, keys);
        redis.loadScripts();
    }

    @Override
    public ClaimOutcome claim(EventKey key, Fingerprint fingerprint, IdempotencyPolicy policy) {
        return Replies.claim(redis.eval(
                LuaScript.CLAIM,
                keys.event(key),
                RecordCodec.fingerprint(fingerprint),
                millis(policy.lease()),
                millis(unfinishedTtl(policy))));
    }

    @Override
    public WriteOutcome renew(EventKey key, long token, IdempotencyPolicy policy) {
        return Replies.write(redis.eval(
                LuaScript.RENEW,
                keys.event(key),
                number(token),
                millis(policy.lease()),
                millis(unfinishedTtl(policy))));
    }

    @Override
    public WriteOutcome complete(EventKey key, long token, Completion completion, IdempotencyPolicy policy) {
        return indexedWrite(key, policy, LuaScript.COMPLETE, indexed -> {
            List<byte[]> args = new ArrayList<>(List.of(
                    number(token),
                    ascii(completion.status().code()),
                    millis(policy.retention()),
                    flag(indexed),
                    number(completion.response().status())));
            args.addAll(RecordCodec.responseFields(completion.response()));
            if (completion.payload() != null) {
                args.addAll(RecordCodec.payloadFields(completion.payload()));
            }
            return args;
        });
    }

    @Override
    public WriteOutcome fail(EventKey key, long token, Failure failure, IdempotencyPolicy policy) {
        return indexedWrite(
                key,
                policy,
                LuaScript.FAIL,
                indexed -> List.of(
                        number(token),
                        number(policy.maxAttempts()),
                        millis(policy.retention()),
                        millis(policy.deadRetention()),
                        flag(indexed),
                        failure.error().getBytes(StandardCharsets.UTF_8),
                        RecordCodec.headers(failure.payload()),
                        failure.payload().body()));
    }

    @Override
    public Optional<EventRecord> find(EventKey key) {
        return Optional.ofNullable(RecordCodec.decode(key, redis.hgetall(keys.event(key))));
    }

    @Override
    public DeadLetterPage deadLetters(String endpoint, @Nullable String cursor, int limit) {
        if (limit < 1) {
            throw new IllegalArgumentException("limit must be at least 1 but was " + limit);
        }
        return deadLetters.page(endpoint, cursor, limit);
    }

    @Override
    public AdminOutcome resolve(EventKey key, String note, IdempotencyPolicy policy) {
        return administer(key, LuaScript.RESOLVE, note.getBytes(StandardCharsets.UTF_8), millis(policy.retention()));
    }

    @Override
    public AdminOutcome requeue(EventKey key, IdempotencyPolicy policy) {
        return administer(key, LuaScript.REQUEUE, millis(policy.retention()));
    }

    /** Closes the connection and client this store owns; a connection passed in by the caller stays open. */
    @Override
    public void close() {
        redis.close();
    }

    /**
     * Runs a fenced write that may create a dead letter: first without the index entry; if the script
     * answers that it would create one, adds the entry and runs the script again.
     */
    private WriteOutcome indexedWrite(
            EventKey key, IdempotencyPolicy policy, LuaScript script, Function<Boolean, List<byte[]>> args) {
        List<Object> reply =
                redis.eval(script, keys.event(key), args.apply(false).toArray(byte[][]::new));
        if (Replies.NEEDS_INDEX.equals(Replies.tag(reply))) {
            deadLetters.add(key, policy);
            reply = redis.eval(script, keys.event(key), args.apply(true).toArray(byte[][]::new));
        }
        return Replies.write(reply);
    }

    private AdminOutcome administer(EventKey key, LuaScript script, byte[]... args) {
        long counter = deadLetters.counter(key.endpoint());
        AdminOutcome outcome = Replies.admin(redis.eval(script, keys.event(key), args));
        if (outcome == AdminOutcome.UPDATED) {
            deadLetters.remove(key, counter);
        }
        return outcome;
    }

    /** A PROCESSING or FAILED record lives at least its retention, and never less than its lease. */
    private static Duration unfinishedTtl(IdempotencyPolicy policy) {
        return policy.retention().compareTo(policy.lease()) > 0 ? policy.retention() : policy.lease();
    }

    private static byte[] millis(Duration duration) {
        return number(duration.toMillis());
    }

    private static byte[] number(long value) {
        return ascii(Long.toString(value));
    }

    private static byte[] flag(boolean value) {
        return ascii(value ? "1" : "0");
    }
}
