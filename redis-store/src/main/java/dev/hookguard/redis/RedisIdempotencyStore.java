package dev.hookguard.redis;

import static dev.hookguard.redis.RecordCodec.ascii;

import dev.hookguard.core.AdminOutcome;
import dev.hookguard.core.ClaimOutcome;
import dev.hookguard.core.Completion;
import dev.hookguard.core.EnqueueOutcome;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.EventRecord;
import dev.hookguard.core.Failure;
import dev.hookguard.core.Fingerprint;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.IdempotencyStore;
import dev.hookguard.core.ListFilter;
import dev.hookguard.core.OperatorAction;
import dev.hookguard.core.Payload;
import dev.hookguard.core.QueueStats;
import dev.hookguard.core.RecordPage;
import dev.hookguard.core.RecoveryStore;
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
 * <p>Keys:
 *
 * <ul>
 *   <li>{@code <prefix>:{<endpoint>:<eventId>}}: a hash per event (the braces are the cluster hash tag). It
 *       expires ({@code PEXPIRE}) after the longer of retention and lease while PROCESSING, after the
 *       retention once SUCCEEDED, REJECTED or FAILED, and after the dead-letter retention once DEAD. Fields:
 *       <ul>
 *         <li>{@code m}: format version {@code 1}, status code, then comma-separated token, attempts,
 *             created (epoch ms), updated (ms after created) and the response's HTTP status if any, such as
 *             {@code 1S1,1,1764406000123,333,200};
 *         <li>{@code f}: the fingerprint's 32 raw bytes;
 *         <li>{@code l}: lease end in epoch ms, while PROCESSING;
 *         <li>{@code rc}, {@code rb}, {@code ro}: response content type, body, {@code 1} when the body was
 *             omitted, each only when set;
 *         <li>{@code ph}, {@code pb}: payload headers (JSON) and body, for FAILED, DEAD and REJECTED;
 *         <li>{@code e}: last error or operator's note.
 *       </ul>
 *   <li>{@code <prefix>:dlq:{<endpoint>}}: a sorted set per endpoint, the dead-letter index: event ids scored
 *       by when they became dead letters (ms); member {@code ""} holds its change counter as a negative
 *       score. It is written before the event turns DEAD or REJECTED and pruned lazily, so a crash between
 *       the two commands leaves an extra entry, never a missing one (see the module README).
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
 * <p>Round trips: claim, renew, success and ordinary failure take one; a REJECTED completion or a failure
 * that exhausts the attempts takes three (the script answers that the index must come first, the index
 * entry, the script again); resolve and requeue take three (counter, script, prune); a dead-letter page
 * takes a page read, one pipelined batch of {@code HGETALL} and at most one prune per batch of entries.
 */
public final class RedisIdempotencyStore implements RecoveryStore, AutoCloseable {

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

    /** One page of the endpoint's dead letters (DEAD and REJECTED), oldest first. */
    public RecordPage deadLetters(String endpoint, @Nullable String cursor, int limit) {
        if (limit < 1) {
            throw new IllegalArgumentException("limit must be at least 1 but was " + limit);
        }
        return deadLetters.page(endpoint, cursor, limit);
    }

    /** Today's resolve: a dead letter to SUCCEEDED with the note. */
    public AdminOutcome resolve(EventKey key, String note, IdempotencyPolicy policy) {
        return administer(key, LuaScript.RESOLVE, note.getBytes(StandardCharsets.UTF_8), millis(policy.retention()));
    }

    /** Today's requeue: a dead letter back to FAILED. */
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

    // ---- Recovery SPI (issue 13): compile stubs on the issue-13 branch; the store's owner replaces them.

    @Override
    public EnqueueOutcome enqueue(EventKey key, Fingerprint fingerprint, Payload payload, IdempotencyPolicy policy) {
        throw new UnsupportedOperationException("not yet: issue 13");
    }

    @Override
    public List<EventRecord> pick(String endpoint, int limit, Duration window) {
        throw new UnsupportedOperationException("not yet: issue 13");
    }

    @Override
    public boolean schedule(EventKey key, Duration delay, IdempotencyPolicy policy) {
        throw new UnsupportedOperationException("not yet: issue 13");
    }

    @Override
    public QueueStats stats(String endpoint) {
        throw new UnsupportedOperationException("not yet: issue 13");
    }

    @Override
    public RecordPage list(ListFilter filter, @Nullable String cursor, int limit) {
        throw new UnsupportedOperationException("not yet: issue 13");
    }

    @Override
    public long count(ListFilter filter) {
        throw new UnsupportedOperationException("not yet: issue 13");
    }

    @Override
    public AdminOutcome replay(EventKey key, OperatorAction action, IdempotencyPolicy policy) {
        throw new UnsupportedOperationException("not yet: issue 13");
    }

    /** Until issue 13 lands in this store: today's requeue, without the audit entry. */
    @Override
    public AdminOutcome requeue(EventKey key, OperatorAction action, IdempotencyPolicy policy) {
        return requeue(key, policy);
    }

    /** Until issue 13 lands in this store: today's resolve, without the audit entry. */
    @Override
    public AdminOutcome resolve(EventKey key, OperatorAction action, IdempotencyPolicy policy) {
        return resolve(key, action.requireNote("resolve"), policy);
    }

    @Override
    public AdminOutcome skip(EventKey key, OperatorAction action, IdempotencyPolicy policy) {
        throw new UnsupportedOperationException("not yet: issue 13");
    }

    /** Until issue 13 lands in this store: pages through the dead-letter index. */
    @Override
    public long deadLetterCount(String endpoint) {
        long count = 0;
        String cursor = null;
        do {
            RecordPage page = deadLetters(endpoint, cursor, 500);
            count += page.records().size();
            cursor = page.nextCursor();
        } while (cursor != null);
        return count;
    }
}
