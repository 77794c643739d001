package dev.hookguard.redis;

import dev.hookguard.core.EventKey;
import dev.hookguard.core.IdempotencyPolicy;
import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Runs a record script that may need an index entry written first. On a cluster the endpoint's indexes
 * live in another slot than the event's hash, so one script cannot write both; instead the record script
 * changes nothing and answers {@code index} (the record would become a dead letter) or {@code due} (it
 * would enter the due queue). This class then writes that entry and runs the script again, now told the
 * entry exists (and, for the due queue, its due time). A crash in between leaves an extra entry, which the
 * listing or the next pick drops, never a record missing from its index. A pick or a pruning listing that
 * looks between the entry and the record script sees a record not due (or not dead) yet and may drop the
 * entry; so once the record script has run, the entry is written again if it is missing ({@code
 * index-ensure.lua}, which also bumps the change counter so that such a prune still in flight is refused).
 * Writes that need no entry take one round trip.
 */
final class IndexFirst {

    private static final Consumer<List<Object>> NO_FOLLOW_UP = reply -> {};

    private final RedisGateway redis;
    private final RedisKeys keys;
    private final DeadLetterIndex deadLetters;
    private final DueIndex due;

    IndexFirst(RedisGateway redis, RedisKeys keys, DeadLetterIndex deadLetters, DueIndex due) {
        this.redis = redis;
        this.keys = keys;
        this.deadLetters = deadLetters;
        this.due = due;
    }

    /**
     * The script's final reply.
     *
     * @param delay when the record would be due, from the due queue's now
     * @param args the script's arguments, given what has been written so far
     */
    List<Object> run(
            LuaScript script,
            EventKey key,
            IdempotencyPolicy policy,
            Duration delay,
            Function<Prerequisites, List<byte[]>> args) {
        return run(script, key, policy, delay, Prerequisites.NONE, args, NO_FOLLOW_UP);
    }

    /**
     * Like {@link #run(LuaScript, EventKey, IdempotencyPolicy, Duration, Function)}, and hands every reply of the
     * script to {@code followUp} as it arrives, on Lettuce's I/O thread ({@link RedisGateway#evalThen}): for a
     * cleanup that the caller need not wait for. {@code followUp} sees the replies that ask for an index entry too
     * and must ignore them.
     */
    List<Object> run(
            LuaScript script,
            EventKey key,
            IdempotencyPolicy policy,
            Duration delay,
            Function<Prerequisites, List<byte[]>> args,
            Consumer<List<Object>> followUp) {
        return run(script, key, policy, delay, Prerequisites.NONE, args, followUp);
    }

    /**
     * Like {@link #run(LuaScript, EventKey, IdempotencyPolicy, Duration, Function)}, with the script's keys given:
     * the event's hash first, then keys of the same server that the script writes in the same step (the open
     * index, {@link OpenIndex#scriptKeys}).
     */
    List<Object> run(
            LuaScript script,
            EventKey key,
            String[] scriptKeys,
            IdempotencyPolicy policy,
            Duration delay,
            Function<Prerequisites, List<byte[]>> args) {
        return run(script, key, scriptKeys, policy, delay, Prerequisites.NONE, args, NO_FOLLOW_UP);
    }

    /**
     * Like {@link #run(LuaScript, EventKey, IdempotencyPolicy, Duration, Function)}, but writes the due-queue
     * entry before the first run: for a script that always needs it when it changes anything (a replay),
     * which saves the round trip of asking.
     */
    List<Object> runDueFirst(
            LuaScript script,
            EventKey key,
            IdempotencyPolicy policy,
            Duration delay,
            Function<Prerequisites, List<byte[]>> args) {
        return run(
                script,
                key,
                new String[] {keys.event(key)},
                policy,
                delay,
                Prerequisites.NONE.withDueAt(due.add(key, delay, policy)),
                args,
                NO_FOLLOW_UP);
    }

    private List<Object> run(
            LuaScript script,
            EventKey key,
            IdempotencyPolicy policy,
            Duration delay,
            Prerequisites already,
            Function<Prerequisites, List<byte[]>> args,
            Consumer<List<Object>> followUp) {
        return run(script, key, new String[] {keys.event(key)}, policy, delay, already, args, followUp);
    }

    private List<Object> run(
            LuaScript script,
            EventKey key,
            String[] scriptKeys,
            IdempotencyPolicy policy,
            Duration delay,
            Prerequisites already,
            Function<Prerequisites, List<byte[]>> args,
            Consumer<List<Object>> followUp) {
        Prerequisites written = already;
        List<Object> reply = eval(script, scriptKeys, args.apply(written), followUp);
        for (int round = 0; round < 2 && Replies.needsIndex(reply); round++) {
            written = Replies.NEEDS_INDEX.equals(Replies.tag(reply))
                    ? written.withDeadLetterEntry(deadLetters.add(key, policy))
                    : written.withDueAt(due.add(key, delay, policy));
            reply = eval(script, scriptKeys, args.apply(written), followUp);
        }
        if (!Replies.needsIndex(reply)) {
            if (!written.dueAt().isEmpty()) {
                due.ensure(key, written.dueAt(), delay, policy);
            }
            if (written.deadLetterIndexed()) {
                deadLetters.ensure(key, policy);
            }
        }
        return reply;
    }

    private List<Object> eval(
            LuaScript script, String[] scriptKeys, List<byte[]> args, Consumer<List<Object>> followUp) {
        byte[][] values = args.toArray(byte[][]::new);
        return followUp == NO_FOLLOW_UP
                ? redis.eval(script, scriptKeys, values)
                : redis.evalThen(script, scriptKeys, values, followUp);
    }

    /**
     * The index entries written for one record script so far.
     *
     * @param deadLetterIndexed the event is in its endpoint's dead-letter index
     * @param dueAt the due time of its due-queue entry (epoch ms), or empty
     */
    record Prerequisites(boolean deadLetterIndexed, String dueAt) {

        static final Prerequisites NONE = new Prerequisites(false, "");

        Prerequisites withDeadLetterEntry(boolean added) {
            return new Prerequisites(added, dueAt);
        }

        Prerequisites withDueAt(String due) {
            return new Prerequisites(deadLetterIndexed, due);
        }
    }
}
