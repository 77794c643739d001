package dev.hookguard.redis;

import static dev.hookguard.redis.internal.Args.ascii;
import static dev.hookguard.redis.internal.Args.millis;
import static dev.hookguard.redis.internal.Args.number;
import static dev.hookguard.redis.internal.Args.utf8;

import dev.hookguard.core.EventKey;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.operator.ListFilter;
import dev.hookguard.core.operator.OperatorAction;
import dev.hookguard.core.operator.OperatorAction.AuditEntry;
import dev.hookguard.core.operator.OperatorStore;
import dev.hookguard.core.operator.OperatorStore.AdminOutcome;
import dev.hookguard.core.operator.OperatorStore.AuditLine;
import dev.hookguard.core.operator.OperatorStore.AuditPage;
import dev.hookguard.core.operator.OperatorStore.AuditQuery;
import dev.hookguard.core.operator.OperatorStore.RecordPage;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The {@link OperatorStore} part of the Redis store. Each action is one script on the event's hash that
 * checks the status, changes it and appends to the history ({@code h}), with the index entries it needs
 * written before (the due-queue entry of a replay, the open-index entry of a requeue) and the ones it
 * ends removed after (the dead-letter entry, fenced by the index's change counter, and the open-index and
 * due-queue entries, fenced by the score the record held). The audit trail is a stream per endpoint ({@link
 * AuditTrail}).
 */
final class RedisOperatorStore implements OperatorStore {

    private final RedisGateway redis;
    private final RedisKeys keys;
    private final DeadLetterIndex deadLetters;
    private final DueIndex due;
    private final OpenIndex open;
    private final IndexFirst indexFirst;
    private final RecordListing listing;
    private final AuditTrail audit;
    private final RedisPurge purge;

    RedisOperatorStore(
            RedisGateway redis,
            RedisKeys keys,
            DeadLetterIndex deadLetters,
            DueIndex due,
            OpenIndex open,
            IndexFirst indexFirst) {
        this.redis = redis;
        this.keys = keys;
        this.deadLetters = deadLetters;
        this.due = due;
        this.open = open;
        this.indexFirst = indexFirst;
        this.listing = new RecordListing(redis, keys, deadLetters, open);
        this.audit = new AuditTrail(redis, keys, Clock.systemUTC());
        this.purge = new RedisPurge(redis, keys, deadLetters, due, open);
    }

    @Override
    public RecordPage list(ListFilter filter, @Nullable String cursor, int limit) {
        return listing.list(filter, cursor, limit);
    }

    @Override
    public long count(ListFilter filter) {
        return listing.count(filter);
    }

    @Override
    public long deadLetterCount(String endpoint) {
        return deadLetters.size(endpoint);
    }

    @Override
    public AdminOutcome replay(EventKey key, OperatorAction action, IdempotencyPolicy policy) {
        long counter = deadLetters.counter(key.endpoint());
        List<Object> reply = indexFirst.runDueFirst(
                LuaScript.REPLAY,
                key,
                policy,
                Duration.ZERO,
                written -> List.of(
                        utf8(action.actor()),
                        utf8(action.note()),
                        ascii(written.dueAt()),
                        millis(policy.retention()),
                        number(AuditEntry.MAX_HISTORY)));
        AdminOutcome outcome = Replies.admin(reply);
        if (outcome == AdminOutcome.UPDATED) {
            open.forget(key, Replies.text(reply.get(1)));
            deadLetters.remove(key, counter);
        }
        return outcome;
    }

    @Override
    public AdminOutcome requeue(EventKey key, OperatorAction action, IdempotencyPolicy policy) {
        long counter = deadLetters.counter(key.endpoint());
        String mark = open.newMark();
        List<Object> reply = open.addThenRun(
                key,
                mark,
                new RedisGateway.Eval(
                        LuaScript.REQUEUE,
                        keys.event(key),
                        utf8(action.actor()),
                        utf8(action.note()),
                        ascii(mark),
                        millis(policy.retention()),
                        number(AuditEntry.MAX_HISTORY)));
        AdminOutcome outcome = Replies.admin(reply);
        if (outcome == AdminOutcome.UPDATED) {
            deadLetters.remove(key, counter);
        } else {
            open.forget(key, mark);
        }
        return outcome;
    }

    @Override
    public AdminOutcome resolve(EventKey key, OperatorAction action, IdempotencyPolicy policy) {
        action.requireNote(AuditEntry.RESOLVE);
        return settle(key, AuditEntry.RESOLVE, action, policy);
    }

    @Override
    public AdminOutcome skip(EventKey key, OperatorAction action, IdempotencyPolicy policy) {
        return settle(key, AuditEntry.SKIP, action, policy);
    }

    @Override
    public void appendAudit(AuditLine line, Duration keepFor) {
        audit.append(line, keepFor);
    }

    @Override
    public AuditPage audit(AuditQuery query, @Nullable String cursor, int limit) {
        return audit.read(query, cursor, limit);
    }

    @Override
    public AdminOutcome purge(EventKey key, Instant updatedAt) {
        return purge.purge(key, updatedAt);
    }

    /** Resolve or skip: SUCCEEDED, then out of every index the record was in. */
    private AdminOutcome settle(EventKey key, String name, OperatorAction action, IdempotencyPolicy policy) {
        long counter = deadLetters.counter(key.endpoint());
        List<Object> reply = redis.eval(
                LuaScript.RESOLVE,
                keys.event(key),
                ascii(name),
                utf8(action.actor()),
                utf8(action.note()),
                millis(policy.retention()),
                number(AuditEntry.MAX_HISTORY));
        AdminOutcome outcome = Replies.admin(reply);
        if (outcome == AdminOutcome.UPDATED) {
            open.forget(key, Replies.text(reply.get(1)));
            due.remove(key, Replies.text(reply.get(2)));
            deadLetters.remove(key, counter);
        }
        return outcome;
    }
}
