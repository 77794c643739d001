package dev.hookguard.redis;

import dev.hookguard.core.EventKey;
import dev.hookguard.core.EventRecord;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.RecordPage;
import dev.hookguard.core.RecordStatus;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The per-endpoint dead-letter index: a sorted set {@code <prefix>:dlq:{<endpoint>}} of event ids, scored
 * by when they became dead letters. On a cluster it lives in another slot than the events' hashes, so no
 * script can update both; the rules that keep it right without that are:
 *
 * <ol>
 *   <li>An event enters the index <em>before</em> the script that turns it DEAD or REJECTED runs (that
 *       script refuses until told so). A crash between the two leaves an extra entry, never a missing one.
 *   <li>The listing reads each entry's hash and shows only dead letters. It drops an entry whose hash is
 *       gone or settled (not PROCESSING, not a dead letter), but only if no entry was added since it read
 *       the index: every add bumps a change counter (member {@code ""}, negative score), and the drop is
 *       one script that checks it. A PROCESSING hash keeps its entry: its worker may be about to kill it.
 *   <li>Resolve and requeue drop the entry after their change, by the same counter check.
 * </ol>
 */
final class DeadLetterIndex {

    /** The index outlives its newest entry's record by this much. */
    static final Duration MARGIN = Duration.ofHours(1);

    private static final int MAX_BATCH = 500;

    private final RedisGateway redis;
    private final RedisKeys keys;

    DeadLetterIndex(RedisGateway redis, RedisKeys keys) {
        this.redis = redis;
        this.keys = keys;
    }

    /** Adds the event, scored now; run before the script that turns it into a dead letter. */
    void add(EventKey key, IdempotencyPolicy policy) {
        Duration longest =
                policy.deadRetention().compareTo(policy.retention()) > 0 ? policy.deadRetention() : policy.retention();
        redis.eval(
                LuaScript.DEAD_LETTER_ADD,
                keys.deadLetters(key.endpoint()),
                RecordCodec.ascii(key.eventId()),
                RecordCodec.ascii(Long.toString(longest.plus(MARGIN).toMillis())));
    }

    /** The endpoint's change counter, to pass to {@link #remove} after a change of the record. */
    long counter(String endpoint) {
        Double counter = redis.zscore(keys.deadLetters(endpoint), "");
        return counter == null ? 0 : counter.longValue();
    }

    /** Drops the event's entry, unless an entry was added since {@code counter} was read. */
    void remove(EventKey key, long counter) {
        prune(key.endpoint(), counter, List.of(key.eventId()));
    }

    /** One page of the endpoint's dead letters, oldest first; drops stale entries met on the way. */
    RecordPage page(String endpoint, @Nullable String cursor, int limit) {
        IndexPosition position = cursor == null ? null : IndexPosition.parse(cursor);
        int batchSize = Math.min(limit + 1, MAX_BATCH);
        List<Listed> listed = new ArrayList<>();
        List<String> stale = new ArrayList<>();
        Long counter = null;
        boolean more = true;
        while (more && listed.size() <= limit) {
            Batch batch = Batch.read(redis, keys.deadLetters(endpoint), position, batchSize);
            counter = counter == null ? batch.counter() : counter;
            List<IndexPosition> entries = batch.entries();
            List<Map<String, byte[]>> hashes = redis.hgetall(entries.stream()
                    .map(e -> keys.event(EventKey.of(endpoint, e.eventId())))
                    .toList());
            for (int i = 0; i < entries.size() && listed.size() <= limit; i++) {
                IndexPosition entry = entries.get(i);
                EventRecord record = RecordCodec.decode(EventKey.of(endpoint, entry.eventId()), hashes.get(i));
                if (record != null && record.status().isDeadLetter()) {
                    listed.add(new Listed(entry, record));
                } else if (record == null || record.status() != RecordStatus.PROCESSING) {
                    stale.add(entry.eventId());
                }
                position = entry;
            }
            more = batch.hasMore();
        }
        if (counter != null && !stale.isEmpty()) {
            prune(endpoint, counter, stale);
        }
        return toPage(listed, limit);
    }

    private void prune(String endpoint, long counter, List<String> eventIds) {
        byte[][] args = new byte[eventIds.size() + 1][];
        args[0] = RecordCodec.ascii(Long.toString(counter));
        for (int i = 0; i < eventIds.size(); i++) {
            args[i + 1] = RecordCodec.ascii(eventIds.get(i));
        }
        redis.eval(LuaScript.DEAD_LETTER_PRUNE, keys.deadLetters(endpoint), args);
    }

    private static RecordPage toPage(List<Listed> listed, int limit) {
        if (listed.size() <= limit) {
            return new RecordPage(listed.stream().map(Listed::record).toList(), null);
        }
        List<Listed> page = listed.subList(0, limit);
        return new RecordPage(
                page.stream().map(Listed::record).toList(),
                page.get(limit - 1).position().cursor());
    }

    private record Listed(IndexPosition position, EventRecord record) {}
}
