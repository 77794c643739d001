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
public final class RedisIdempotencyStore implements IdempotencyStore, AutoCloseable {

    private final RedisGateway redis;
    private final RedisKeys keys;
    private final DeadLetterIndex deadLetters;
    private final DueIndex due;
    private final OpenIndex open;

    RedisIdempotencyStore(RedisGateway redis, RedisStoreConfig config) {
        this.redis = redis;
        this.keys = new RedisKeys(config.keyPrefix());
        this.deadLetters = new DeadLetterIndex(redis, keys);
        this.due = new DueIndex(redis, keys);
        this.open = new OpenIndex(redis, keys);
        redis.loadScripts();
    }

    @Override
    public ClaimOutcome claim(EventKey key, Fingerprint fingerprint, IdempotencyPolicy policy) {
        String mark = open.newMark();
        List<Object> reply = redis.evalInOrder(
                        open.add(key, mark, policy),
                        new RedisGateway.Eval(
                                LuaScript.CLAIM,
                                keys.event(key),
                                RecordCodec.fingerprint(fingerprint),
                                millis(policy.lease()),
                                millis(unfinishedTtl(policy)),
                                ascii(mark)))
                .get(1);
        ClaimOutcome outcome = Replies.claim(reply);
        if (outcome instanceof ClaimOutcome.Acquired) {
            due.remove(key, Replies.text(reply.get(3)));
        } else if (outcome instanceof ClaimOutcome.Duplicate || outcome instanceof ClaimOutcome.Dead) {
            open.forget(key, mark);
        }
        return outcome;
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
        return settle(key, policy, null, LuaScript.COMPLETE, prerequisites -> {
            List<byte[]> args = new ArrayList<>(List.of(
                    number(token),
                    ascii(completion.status().code()),
                    millis(policy.retention()),
                    flag(prerequisites.deadLetterIndexed()),
                    number(completion.response().status()),
                    ascii(Errors.code(completion))));
            args.addAll(RecordCodec.responseFields(completion.response()));
            if (completion.payload() != null) {
                args.addAll(RecordCodec.payloadFields(completion.payload()));
            }
            return args;
        });
    }

    @Override
    public WriteOutcome fail(EventKey key, long token, Failure failure, IdempotencyPolicy policy) {
        Duration retryIn = Errors.retryIn(failure);
        return settle(
                key,
                policy,
                retryIn,
                LuaScript.FAIL,
                prerequisites -> List.of(
                        number(token),
                        number(policy.maxAttempts()),
                        millis(policy.retention()),
                        millis(policy.deadRetention()),
                        flag(prerequisites.deadLetterIndexed()),
                        failure.error().getBytes(StandardCharsets.UTF_8),
                        RecordCodec.headers(failure.payload()),
                        failure.payload().body(),
                        ascii(Errors.code(failure)),
                        flag(retryIn != null),
                        ascii(prerequisites.dueAt())));
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

    /** One {@code ZCOUNT} of the endpoint's dead-letter index: no record, no payload is read. */
    @Override
    public long deadLetterCount(String endpoint) {
        return deadLetters.size(endpoint);
    }

    @Override
    public AdminOutcome resolve(EventKey key, String note, IdempotencyPolicy policy) {
        long counter = deadLetters.counter(key.endpoint());
        List<Object> reply = redis.eval(
                LuaScript.RESOLVE,
                keys.event(key),
                ascii("resolve"),
                ascii("operator"),
                note.getBytes(StandardCharsets.UTF_8),
                millis(policy.retention()),
                number(20));
        AdminOutcome outcome = Replies.admin(reply);
        if (outcome == AdminOutcome.UPDATED) {
            open.forget(key, Replies.text(reply.get(1)));
            due.remove(key, Replies.text(reply.get(2)));
            deadLetters.remove(key, counter);
        }
        return outcome;
    }

    @Override
    public AdminOutcome requeue(EventKey key, IdempotencyPolicy policy) {
        long counter = deadLetters.counter(key.endpoint());
        String mark = open.newMark();
        List<Object> reply = redis.evalInOrder(
                        open.add(key, mark, policy),
                        new RedisGateway.Eval(
                                LuaScript.REQUEUE,
                                keys.event(key),
                                ascii("operator"),
                                ascii(""),
                                ascii(mark),
                                millis(policy.retention()),
                                number(20)))
                .get(1);
        AdminOutcome outcome = Replies.admin(reply);
        if (outcome == AdminOutcome.UPDATED) {
            deadLetters.remove(key, counter);
        } else {
            open.forget(key, mark);
        }
        return outcome;
    }

    /** Closes the connection and client this store owns; a connection passed in by the caller stays open. */
    @Override
    public void close() {
        redis.close();
    }

    /**
     * Runs a fenced write that may need an index entry first: without it; if the script answers that the
     * record would become a dead letter ({@code index}) or due ({@code due}), writes that entry and runs
     * the script again. Drops the open-index entry of a record that the write settled.
     */
    private WriteOutcome settle(
            EventKey key,
            IdempotencyPolicy policy,
            @Nullable Duration retryIn,
            LuaScript script,
            Function<Prerequisites, List<byte[]>> args) {
        Prerequisites prerequisites = new Prerequisites(false, "");
        List<Object> reply =
                redis.eval(script, keys.event(key), args.apply(prerequisites).toArray(byte[][]::new));
        while (Replies.needsIndex(reply)) {
            if (Replies.NEEDS_INDEX.equals(Replies.tag(reply))) {
                deadLetters.add(key, policy);
                prerequisites = new Prerequisites(true, prerequisites.dueAt());
            } else {
                prerequisites = new Prerequisites(
                        prerequisites.deadLetterIndexed(),
                        due.add(key, retryIn == null ? Duration.ZERO : retryIn, policy));
            }
            reply = redis.eval(
                    script, keys.event(key), args.apply(prerequisites).toArray(byte[][]::new));
        }
        WriteOutcome outcome = Replies.write(reply);
        if (outcome instanceof WriteOutcome.Recorded && reply.size() > 1) {
            open.forget(key, Replies.text(reply.get(1)));
        }
        return outcome;
    }

    /** What a settling script may need written first: the dead-letter entry, the due entry's due time. */
    private record Prerequisites(boolean deadLetterIndexed, String dueAt) {}

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
