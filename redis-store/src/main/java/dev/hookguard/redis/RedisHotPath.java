package dev.hookguard.redis;

import static dev.hookguard.redis.internal.Args.ascii;
import static dev.hookguard.redis.internal.Args.flag;
import static dev.hookguard.redis.internal.Args.millis;
import static dev.hookguard.redis.internal.Args.number;

import dev.hookguard.core.ClaimOutcome;
import dev.hookguard.core.Completion;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.EventRecord;
import dev.hookguard.core.Failure;
import dev.hookguard.core.Fingerprint;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.IdempotencyStore;
import dev.hookguard.core.Payload;
import dev.hookguard.core.WriteOutcome;
import dev.hookguard.redis.internal.RecordCodec;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * The hot path of the Redis store: claim, renew, complete, fail, find, one record script each. Where one server
 * holds every key (standalone, Sentinel), the claim script writes the event's open-index entry itself when it
 * opens the record, and the completion script drops it: a new event is two scripts, a duplicate one script that
 * writes nothing. On a cluster, a claim writes the entry first (awaited before the claim) and a completion or
 * failure that settles the record removes it after, fenced by the record's mark. A claim that takes a due record
 * over removes its due-queue entry.
 */
final class RedisHotPath implements IdempotencyStore {

    private final RedisGateway redis;
    private final RedisKeys keys;
    private final DueIndex due;
    private final OpenIndex open;
    private final IndexFirst indexFirst;

    RedisHotPath(RedisGateway redis, RedisKeys keys, DueIndex due, OpenIndex open, IndexFirst indexFirst) {
        this.redis = redis;
        this.keys = keys;
        this.due = due;
        this.open = open;
        this.indexFirst = indexFirst;
    }

    @Override
    public ClaimOutcome claim(EventKey key, Fingerprint fingerprint, IdempotencyPolicy policy) {
        return claim(key, fingerprint, null, policy);
    }

    /**
     * The claim script: the fingerprint, then in one argument what opening a record takes (lease, unfinished TTL,
     * open-index mark and member, space-separated: a duplicate needs none of them, and each argument costs it);
     * with a payload, its headers and body go as ARGV[3] and ARGV[4] (kept by the same script).
     */
    @Override
    public ClaimOutcome claim(
            EventKey key, Fingerprint fingerprint, @Nullable Payload payload, IdempotencyPolicy policy) {
        String mark = open.newMark();
        List<byte[]> args = new ArrayList<>(4);
        args.add(RecordCodec.fingerprint(fingerprint));
        args.add(ascii(policy.lease().toMillis() + " " + unfinishedTtl(policy).toMillis() + " " + mark + " "
                + open.memberText(key)));
        if (payload != null) {
            args.add(RecordCodec.headers(payload));
            args.add(payload.body());
        }
        byte[][] values = args.toArray(byte[][]::new);
        boolean inScript = open.inScript();
        List<Object> reply = inScript
                ? redis.eval(LuaScript.CLAIM, open.scriptKeys(key), values)
                : open.addThenRun(key, mark, new RedisGateway.Eval(LuaScript.CLAIM, keys.event(key), values));
        ClaimOutcome outcome = Replies.claim(reply);
        if (outcome instanceof ClaimOutcome.Acquired) {
            due.remove(key, Replies.text(reply.get(3)));
        } else if (!inScript && (outcome instanceof ClaimOutcome.Duplicate || outcome instanceof ClaimOutcome.Dead)) {
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
        Function<IndexFirst.Prerequisites, List<byte[]>> args = written -> {
            List<byte[]> values = new ArrayList<>(List.of(
                    number(token),
                    ascii(completion.status().code()),
                    millis(policy.retention()),
                    flag(written.deadLetterIndexed()),
                    number(completion.response().status()),
                    ascii(
                            completion.errorClass() == null
                                    ? ""
                                    : completion.errorClass().code()),
                    open.member(key),
                    RecordCodec.attempt(completion.attempt()),
                    number(policy.attemptLog())));
            values.addAll(RecordCodec.responseFields(completion.response()));
            if (completion.payload() != null) {
                values.addAll(RecordCodec.payloadFields(completion.payload()));
            }
            return values;
        };
        List<Object> reply = open.inScript() // the script drops the open-index entry itself
                ? indexFirst.run(LuaScript.COMPLETE, key, open.scriptKeys(key), policy, Duration.ZERO, args)
                : indexFirst.run(LuaScript.COMPLETE, key, policy, Duration.ZERO, args, forgetSettled(key));
        return Replies.write(reply);
    }

    @Override
    public WriteOutcome fail(EventKey key, long token, Failure failure, IdempotencyPolicy policy) {
        Duration retryIn = failure.retryIn();
        List<Object> reply = indexFirst.run(
                LuaScript.FAIL,
                key,
                policy,
                retryIn == null ? Duration.ZERO : retryIn,
                written -> List.of(
                        number(token),
                        number(policy.maxAttempts()),
                        millis(policy.retention()),
                        millis(policy.deadRetention()),
                        flag(written.deadLetterIndexed()),
                        failure.error().getBytes(StandardCharsets.UTF_8),
                        RecordCodec.headers(failure.payload()),
                        failure.payload().body(),
                        ascii(failure.errorClass().code()),
                        flag(retryIn != null),
                        ascii(written.dueAt()),
                        RecordCodec.attempt(failure.attempt()),
                        number(policy.attemptLog())),
                forgetSettled(key));
        return Replies.write(reply);
    }

    @Override
    public Optional<EventRecord> find(EventKey key) {
        return Optional.ofNullable(RecordCodec.decode(key, redis.hgetall(keys.event(key))));
    }

    /**
     * Drops the open-index entry of a record that a completion or failure settled, sent from Lettuce's I/O thread
     * as soon as the script's reply arrives (not waited for): the caller's thread never hands it over.
     */
    private Consumer<List<Object>> forgetSettled(EventKey key) {
        return reply -> {
            String mark = Replies.settledMark(reply);
            if (mark != null) {
                open.forget(key, mark);
            }
        };
    }

    /** A PROCESSING or FAILED record lives at least its retention, and never less than its lease. */
    private static Duration unfinishedTtl(IdempotencyPolicy policy) {
        return policy.retention().compareTo(policy.lease()) > 0 ? policy.retention() : policy.lease();
    }
}
