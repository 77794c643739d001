package dev.hookguard.redis;

import static dev.hookguard.redis.internal.Args.ascii;
import static dev.hookguard.redis.internal.Args.millis;

import dev.hookguard.core.DueQueue;
import dev.hookguard.core.DueQueue.QueueStats;
import dev.hookguard.core.EnqueueOutcome;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.EventRecord;
import dev.hookguard.core.Fingerprint;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.Payload;
import dev.hookguard.redis.internal.RecordCodec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@link DueQueue} part of the Redis store. A pick is two steps: {@code due-pick.lua} reserves the
 * due entries atomically on the endpoint's due queue (that is what makes concurrent pickers disjoint), then
 * {@code take.lua} moves each reserved record's due time to the end of the window and returns it with its
 * payload, one script per record, all sent together. On a cluster the queue and the records live in
 * different slots, so the two steps cannot be one script; a picker that dies between them leaves reserved
 * entries that come due again when the window ends, exactly as if it had died after the pick.
 */
final class RedisDueQueue implements DueQueue {

    private final RedisGateway redis;
    private final RedisKeys keys;
    private final DueIndex due;
    private final IndexFirst indexFirst;

    RedisDueQueue(RedisGateway redis, RedisKeys keys, DueIndex due, IndexFirst indexFirst) {
        this.redis = redis;
        this.keys = keys;
        this.due = due;
        this.indexFirst = indexFirst;
    }

    @Override
    public EnqueueOutcome enqueue(EventKey key, Fingerprint fingerprint, Payload payload, IdempotencyPolicy policy) {
        List<Object> reply = indexFirst.run(
                LuaScript.ENQUEUE,
                key,
                policy,
                Duration.ZERO,
                written -> List.of(
                        RecordCodec.fingerprint(fingerprint),
                        RecordCodec.headers(payload),
                        payload.body(),
                        millis(policy.retention()),
                        ascii(written.dueAt())));
        return Replies.enqueue(reply);
    }

    @Override
    public List<EventRecord> pick(String endpoint, int limit, Duration window) {
        if (limit < 1) {
            throw new IllegalArgumentException("limit must be at least 1 but was " + limit);
        }
        if (window.toMillis() < 1) {
            throw new IllegalArgumentException("window must be at least 1 ms but was " + window);
        }
        DueIndex.Reservation reserved = due.reserve(endpoint, limit, window);
        List<String> eventKeys = reserved.eventIds().stream()
                .map(id -> keys.event(EventKey.of(endpoint, id)))
                .toList();
        List<List<Object>> taken = redis.evalEach(LuaScript.TAKE, eventKeys, ascii(reserved.until()));
        List<EventRecord> records = new ArrayList<>(taken.size());
        List<String> stale = new ArrayList<>();
        for (int i = 0; i < taken.size(); i++) {
            EventKey key = EventKey.of(endpoint, reserved.eventIds().get(i));
            EventRecord record = Replies.taken(key, taken.get(i));
            if (record == null) {
                stale.add(key.eventId());
            } else {
                records.add(record);
            }
        }
        due.prune(endpoint, reserved.counter(), reserved.until(), stale);
        return records;
    }

    @Override
    public boolean schedule(EventKey key, Duration delay, IdempotencyPolicy policy) {
        if (delay.isNegative()) {
            throw new IllegalArgumentException("delay must not be negative but was " + delay);
        }
        List<Object> reply = indexFirst.run(
                LuaScript.SCHEDULE,
                key,
                policy,
                delay,
                written -> List.of(ascii(written.dueAt()), millis(policy.retention())));
        return "scheduled".equals(Replies.tag(reply));
    }

    /**
     * Per endpoint and reservation, {@code due-release.lua} makes the entries still at the pick's window end due now,
     * then {@code release.lua} moves each record's own due time there, when the record still holds the reservation
     * (the entry first, as everywhere: a record claimed or settled since keeps an entry the next pick finds stale
     * and drops). Counts the records handed back.
     */
    @Override
    public int release(List<EventRecord> picked) {
        Map<String, Map<Long, List<String>>> byReservation = new LinkedHashMap<>();
        for (EventRecord record : picked) {
            if (record.nextAttemptAt() != null) {
                byReservation
                        .computeIfAbsent(record.key().endpoint(), e -> new LinkedHashMap<>())
                        .computeIfAbsent(record.nextAttemptAt().toEpochMilli(), at -> new ArrayList<>())
                        .add(record.key().eventId());
            }
        }
        int released = 0;
        for (Map.Entry<String, Map<Long, List<String>>> endpoint : byReservation.entrySet()) {
            for (Map.Entry<Long, List<String>> reservation : endpoint.getValue().entrySet()) {
                String until = Long.toString(reservation.getKey());
                due.release(endpoint.getKey(), until, reservation.getValue());
                List<String> eventKeys = reservation.getValue().stream()
                        .map(id -> keys.event(EventKey.of(endpoint.getKey(), id)))
                        .toList();
                for (List<Object> reply : redis.evalEach(LuaScript.RELEASE, eventKeys, ascii(until))) {
                    released += ((Long) reply.get(0)).intValue();
                }
            }
        }
        return released;
    }

    @Override
    public QueueStats stats(String endpoint) {
        List<Object> reply = due.stats(endpoint);
        long oldest = (Long) reply.get(2);
        long now = (Long) reply.get(3);
        return new QueueStats(
                (Long) reply.get(0), (Long) reply.get(1), oldest < 0 ? null : Duration.ofMillis(now - oldest));
    }
}
