package dev.hookguard.redis;

import dev.hookguard.core.EventKey;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.redis.internal.RecordCodec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The per-endpoint due queue: a sorted set {@code <prefix>:due:{<endpoint>}} of event ids scored by their
 * due time (epoch ms of the node that holds it), the classic delay queue. It follows the rules of the
 * dead-letter index, in the same slot:
 *
 * <ol>
 *   <li>An event enters it <em>before</em> the script that makes its record due runs (that script refuses
 *       until told the entry's due time, which the record then keeps in field {@code n}). A crash between
 *       the two leaves an extra entry, never a missing one.
 *   <li>A pick reserves entries by moving them to the end of the dispatch window in one script, which also
 *       reads the change counter (member {@code ""}, negative score, bumped by every add). Entries whose
 *       records are no longer due are dropped only if no add happened since.
 *   <li>A claim that takes a due record over drops its entry only while the entry still has the due time
 *       the record had; a later add has a later due time and stays.
 * </ol>
 */
final class DueIndex {

    private final RedisGateway redis;
    private final RedisKeys keys;

    DueIndex(RedisGateway redis, RedisKeys keys) {
        this.redis = redis;
        this.keys = keys;
    }

    /** Adds the event, due {@code delay} from the queue node's now; returns the due time (epoch ms). */
    String add(EventKey key, Duration delay, IdempotencyPolicy policy) {
        List<Object> reply = redis.eval(
                LuaScript.DUE_ADD,
                keys.due(key.endpoint()),
                RecordCodec.ascii(key.eventId()),
                RecordCodec.ascii(Long.toString(Math.max(0, delay.toMillis()))),
                RecordCodec.ascii(Long.toString(IndexTtl.of(policy).toMillis())));
        return Long.toString((Long) reply.get(0));
    }

    /**
     * Puts the event back at {@code due} (epoch ms) if its entry is missing, and bumps the change counter; run
     * after the record script that made it due, so that a pick that dropped the entry while the record was not
     * due yet cannot lose it ({@code index-ensure.lua}).
     */
    void ensure(EventKey key, String due, Duration delay, IdempotencyPolicy policy) {
        redis.eval(
                LuaScript.INDEX_ENSURE,
                keys.due(key.endpoint()),
                RecordCodec.ascii(key.eventId()),
                RecordCodec.ascii(due),
                RecordCodec.ascii(Long.toString(
                        Math.max(0, delay.toMillis()) + IndexTtl.of(policy).toMillis())));
    }

    /** Drops the event's entry if it is still due at {@code due} (empty: nothing to drop). */
    void remove(EventKey key, String due) {
        if (!due.isEmpty()) {
            redis.eval(
                    LuaScript.INDEX_REMOVE,
                    keys.due(key.endpoint()),
                    RecordCodec.ascii(key.eventId()),
                    RecordCodec.ascii(due));
        }
    }

    /** Reserves up to {@code limit} due events for {@code window}. */
    Reservation reserve(String endpoint, int limit, Duration window) {
        List<Object> reply = redis.eval(
                LuaScript.DUE_PICK,
                keys.due(endpoint),
                RecordCodec.ascii(Integer.toString(limit)),
                RecordCodec.ascii(Long.toString(window.toMillis())));
        List<String> ids = new ArrayList<>(reply.size() - 2);
        for (Object id : reply.subList(2, reply.size())) {
            ids.add(Replies.text(id));
        }
        return new Reservation((long) Double.parseDouble(Replies.text(reply.get(0))), Replies.text(reply.get(1)), ids);
    }

    /**
     * Drops entries whose records were no longer due, unless an entry was added since the reservation; then
     * the entries are made due again instead ({@code due-release.lua}), in case a write is making them due.
     */
    void prune(String endpoint, long counter, String until, List<String> eventIds) {
        if (eventIds.isEmpty()) {
            return;
        }
        byte[][] args = new byte[eventIds.size() + 1][];
        args[0] = RecordCodec.ascii(Long.toString(counter));
        for (int i = 0; i < eventIds.size(); i++) {
            args[i + 1] = RecordCodec.ascii(eventIds.get(i));
        }
        List<Object> reply = redis.eval(LuaScript.INDEX_PRUNE, keys.due(endpoint), args);
        if ((Long) reply.get(0) < 0) { // the queue changed since the pick: a write may be making them due
            args[0] = RecordCodec.ascii(until);
            redis.eval(LuaScript.DUE_RELEASE, keys.due(endpoint), args);
        }
    }

    /** Makes the entries still reserved until {@code until} (epoch ms) due now; how many were. */
    int release(String endpoint, String until, List<String> eventIds) {
        byte[][] args = new byte[eventIds.size() + 1][];
        args[0] = RecordCodec.ascii(until);
        for (int i = 0; i < eventIds.size(); i++) {
            args[i + 1] = RecordCodec.ascii(eventIds.get(i));
        }
        List<Object> reply = redis.eval(LuaScript.DUE_RELEASE, keys.due(endpoint), args);
        return ((Long) reply.get(0)).intValue();
    }

    /** Depth, due now, oldest due time and the node's now, from the sorted set alone. */
    List<Object> stats(String endpoint) {
        return redis.eval(LuaScript.DUE_STATS, keys.due(endpoint));
    }

    /** Every entry of the endpoint's queue: event id and due time. */
    List<IndexPosition> entries(String endpoint) {
        return redis.entries(keys.due(endpoint), 0);
    }

    /**
     * Events reserved by one pick.
     *
     * @param counter the change counter read with the reservation
     * @param until the end of the dispatch window (epoch ms), the reserved events' new due time
     * @param eventIds the reserved events, in due order
     */
    record Reservation(long counter, String until, List<String> eventIds) {}
}
