package dev.hookguard.redis;

import dev.hookguard.core.EventKey;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.redis.internal.RecordCodec;
import java.util.List;

/**
 * The per-endpoint dead-letter index: a sorted set {@code <prefix>:dlq:{<endpoint>}} of event ids, scored
 * by when they became dead letters. On a cluster it lives in another slot than the events' hashes, so no
 * script can update both; the rules that keep it right without that are:
 *
 * <ol>
 *   <li>An event enters the index <em>before</em> the script that turns it DEAD or REJECTED runs (that
 *       script refuses until told so). A crash between the two leaves an extra entry, never a missing one.
 *   <li>A listing ({@link RecordListing}) reads each entry's hash and shows only what its filter selects. It
 *       drops an entry whose hash is gone or settled (not PROCESSING, not a dead letter), but only if no
 *       entry was added since it read the counter: every add bumps a change counter (member {@code ""},
 *       negative score), and the drop is one script that checks it. A PROCESSING hash keeps its entry: its
 *       worker may be about to kill it.
 *   <li>Replay, requeue, resolve and skip drop the entry after their change, by the same counter check.
 *   <li>{@link #size} is one {@code ZCOUNT}: the dead-letter gauge reads no record.
 * </ol>
 */
final class DeadLetterIndex {

    private final RedisGateway redis;
    private final RedisKeys keys;

    DeadLetterIndex(RedisGateway redis, RedisKeys keys) {
        this.redis = redis;
        this.keys = keys;
    }

    /** Adds the event, scored now; run before the script that turns it into a dead letter. Returns true. */
    boolean add(EventKey key, IdempotencyPolicy policy) {
        redis.eval(
                LuaScript.DEAD_LETTER_ADD,
                keys.deadLetters(key.endpoint()),
                RecordCodec.ascii(key.eventId()),
                RecordCodec.ascii(Long.toString(IndexTtl.of(policy).toMillis())));
        return true;
    }

    /**
     * Puts the event back, scored now, if its entry is missing, and bumps the change counter; run after the
     * script that made it a dead letter, so that a listing that pruned the entry meanwhile cannot hide it.
     */
    void ensure(EventKey key, IdempotencyPolicy policy) {
        redis.eval(
                LuaScript.INDEX_ENSURE,
                keys.deadLetters(key.endpoint()),
                RecordCodec.ascii(key.eventId()),
                RecordCodec.ascii(""),
                RecordCodec.ascii(Long.toString(IndexTtl.of(policy).toMillis())));
    }

    /** The endpoint's change counter, to pass to {@link #remove} after a change of the record. */
    long counter(String endpoint) {
        Double counter = redis.zscore(keys.deadLetters(endpoint), "");
        return counter == null ? 0 : counter.longValue();
    }

    /** How many entries the index holds: one {@code ZCOUNT}, no record read (stale entries included). */
    long size(String endpoint) {
        return redis.zcount(keys.deadLetters(endpoint), 0, Double.POSITIVE_INFINITY);
    }

    /** Drops the event's entry, unless an entry was added since {@code counter} was read. */
    void remove(EventKey key, long counter) {
        prune(key.endpoint(), counter, List.of(key.eventId()));
    }

    /** Drops entries whose records are no longer dead letters, unless an entry was added since {@code counter}. */
    void prune(String endpoint, long counter, List<String> eventIds) {
        byte[][] args = new byte[eventIds.size() + 1][];
        args[0] = RecordCodec.ascii(Long.toString(counter));
        for (int i = 0; i < eventIds.size(); i++) {
            args[i + 1] = RecordCodec.ascii(eventIds.get(i));
        }
        redis.eval(LuaScript.INDEX_PRUNE, keys.deadLetters(endpoint), args);
    }
}
