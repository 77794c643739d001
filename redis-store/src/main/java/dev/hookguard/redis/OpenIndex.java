package dev.hookguard.redis;

import dev.hookguard.core.EventKey;
import dev.hookguard.redis.internal.RecordCodec;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The per-endpoint open index: a sorted set {@code <prefix>:open:{<endpoint>}} of the events whose records
 * may be PROCESSING or FAILED, so that operators can list FAILED and stalled records without {@code SCAN}.
 * Where one server holds both keys ({@link #inScript}), the claim and completion scripts add and drop the entry
 * in the same atomic step as the record (redis-store's README: the crash-safety argument). Otherwise (a cluster,
 * and the operator's requeue everywhere) an event enters it <em>before</em> the claim or requeue that opens its
 * record, each time under a fresh
 * random mark (its score), which the record keeps in field {@code o}. Whoever settles the record removes
 * the entry only while it still has that mark, so an entry written by a later add is never removed, and a
 * crash between the two commands leaves an extra entry (dropped by the next listing), never a missing one.
 * The index has no time to live: settled records leave it, stale entries are dropped by listings, and the
 * key vanishes with its last entry.
 */
final class OpenIndex {

    /** Marks are below 2^53, so a sorted-set score (a double) holds them exactly. */
    private static final long MARK_BOUND = 1L << 53;

    private final RedisGateway redis;
    private final RedisKeys keys;

    OpenIndex(RedisGateway redis, RedisKeys keys) {
        this.redis = redis;
        this.keys = keys;
    }

    /**
     * A fresh mark for one add. Marks fence a removal against a later add, so they need to differ, not to be
     * unpredictable: {@link ThreadLocalRandom}, which costs no lock and no system call.
     */
    String newMark() {
        return Long.toString(ThreadLocalRandom.current().nextLong(1, MARK_BOUND));
    }

    /**
     * Adds the event under {@code mark} ({@code ZADD}, the cheapest command there is, since every claim
     * pays it), then runs the script that opens its record; returns the script's reply.
     */
    List<Object> addThenRun(EventKey key, String mark, RedisGateway.Eval open) {
        return redis.zaddThenEval(keys.open(key.endpoint()), Long.parseLong(mark), key.eventId(), open);
    }

    /** Drops the event's entry if it still has {@code mark} (empty: nothing to drop); not waited for. */
    void forget(EventKey key, String mark) {
        if (!mark.isEmpty()) {
            redis.evalAndForget(
                    LuaScript.INDEX_REMOVE,
                    keys.open(key.endpoint()),
                    RecordCodec.ascii(key.eventId()),
                    RecordCodec.ascii(mark));
        }
    }

    /**
     * True when the record scripts that open and settle a record ({@code claim.lua}, {@code complete.lua}) write the
     * event's entry themselves, in the same atomic step: when one server holds the event's hash and the index
     * (standalone, Sentinel), or one cluster slot ({@link RedisStoreConfig#slotPerEndpoint()}). Otherwise, on a
     * cluster, they live in different slots, and the entry is added before the claim ({@link #addThenRun}) and dropped
     * after the completion ({@link #forget}).
     */
    boolean inScript() {
        return !redis.clustered() || keys.slotPerEndpoint();
    }

    /** The keys of a record script that keeps the index itself: the event's hash, then the index if {@link #inScript}. */
    String[] scriptKeys(EventKey key) {
        return inScript() ? new String[] {keys.event(key), keys.open(key.endpoint())} : new String[] {keys.event(key)};
    }

    /** The member such a script adds or drops: the event id if {@link #inScript}, else empty (none). */
    byte[] member(EventKey key) {
        return RecordCodec.ascii(memberText(key));
    }

    /** {@link #member} as text. */
    String memberText(EventKey key) {
        return inScript() ? key.eventId() : "";
    }

    /** Every entry of the endpoint's index: event id and mark. */
    List<IndexPosition> entries(String endpoint) {
        return redis.entries(keys.open(endpoint), 1);
    }
}
