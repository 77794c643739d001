package dev.hookguard.redis;

import dev.hookguard.core.EventKey;
import dev.hookguard.core.operator.OperatorStore.AdminOutcome;
import dev.hookguard.redis.internal.Args;
import java.time.Instant;
import java.util.List;

/**
 * {@link dev.hookguard.core.operator.OperatorStore#purge} on Redis: one script ({@code purge.lua}) deletes the event's
 * hash if it is still DEAD or REJECTED with the given updated time, then the entries it had are dropped as after a
 * resolve: the open-index entry by its mark, the due-queue entry by its due time, the dead-letter entry fenced by the
 * index's change counter. A crash in between leaves stale index entries, which listings prune as they do after an
 * expiry.
 */
final class RedisPurge {

    /** Never an updated time: a time with a fraction of a millisecond matches no record. */
    private static final String NONE = "-1";

    private final RedisGateway redis;
    private final RedisKeys keys;
    private final DeadLetterIndex deadLetters;
    private final DueIndex due;
    private final OpenIndex open;

    RedisPurge(RedisGateway redis, RedisKeys keys, DeadLetterIndex deadLetters, DueIndex due, OpenIndex open) {
        this.redis = redis;
        this.keys = keys;
        this.deadLetters = deadLetters;
        this.due = due;
        this.open = open;
    }

    AdminOutcome purge(EventKey key, Instant updatedAt) {
        long counter = deadLetters.counter(key.endpoint());
        String millis = updatedAt.getNano() % 1_000_000 == 0 ? Long.toString(updatedAt.toEpochMilli()) : NONE;
        List<Object> reply = redis.eval(LuaScript.PURGE, keys.event(key), Args.ascii(millis));
        AdminOutcome outcome = Replies.admin(reply);
        if (outcome == AdminOutcome.UPDATED) {
            open.forget(key, Replies.text(reply.get(1)));
            due.remove(key, Replies.text(reply.get(2)));
            deadLetters.remove(key, counter);
        }
        return outcome;
    }
}
