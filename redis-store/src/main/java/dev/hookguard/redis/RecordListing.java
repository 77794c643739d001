package dev.hookguard.redis;

import dev.hookguard.core.EventKey;
import dev.hookguard.core.EventRecord;
import dev.hookguard.core.RecordStatus;
import dev.hookguard.core.operator.ListFilter;
import dev.hookguard.core.operator.ListFilter.Listing;
import dev.hookguard.core.operator.OperatorStore.RecordPage;
import dev.hookguard.redis.internal.RecordCodec;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Lists and counts an endpoint's records for operators. Redis has no secondary index over hashes, so the
 * candidates come from the endpoint's indexes, as far as the filter's listings need them: the dead-letter
 * index (DEAD, REJECTED), the due queue (QUEUED, FAILED retried by the receiver) and the open index
 * (FAILED, and PROCESSING for STALLED). Their records' small fields (never the payload, body or history) are
 * read in one pipelined batch of {@code HMGET}, matched with {@link ListFilter#matches} at the server's
 * time, and ordered by updated time, then event id; only a page's records are read whole. A listing costs
 * one read per entry of those indexes. On the way it drops dead-letter entries whose records settled
 * (fenced by the change counter read before) and open-index entries of records that are no longer open
 * (fenced by their mark).
 */
final class RecordListing {

    private static final String[] SMALL_FIELDS = {"m", "f", "n", "l", "e", "x"};

    private final RedisGateway redis;
    private final RedisKeys keys;
    private final DeadLetterIndex deadLetters;
    private final OpenIndex open;

    RecordListing(RedisGateway redis, RedisKeys keys, DeadLetterIndex deadLetters, OpenIndex open) {
        this.redis = redis;
        this.keys = keys;
        this.deadLetters = deadLetters;
        this.open = open;
    }

    /** A page of the matching records, oldest updated first, strictly after the cursor. */
    RecordPage list(ListFilter filter, @Nullable String cursor, int limit) {
        if (limit < 1) {
            throw new IllegalArgumentException("limit must be at least 1 but was " + limit);
        }
        IndexPosition after = cursor == null ? null : IndexPosition.parse(cursor);
        List<IndexPosition> matches = matches(filter).stream()
                .filter(m -> after == null || m.compareTo(after) > 0)
                .limit(limit + 1L)
                .toList();
        List<IndexPosition> page = matches.subList(0, Math.min(limit, matches.size()));
        List<Map<String, byte[]>> hashes =
                redis.hgetall(page.stream().map(p -> event(filter, p.eventId())).toList());
        List<EventRecord> records = new ArrayList<>(page.size());
        for (int i = 0; i < page.size(); i++) {
            EventRecord record = RecordCodec.decode(
                    EventKey.of(filter.endpoint(), page.get(i).eventId()), hashes.get(i));
            if (record != null) {
                records.add(record);
            }
        }
        String next = matches.size() > limit ? page.get(limit - 1).cursor() : null;
        return new RecordPage(records, next);
    }

    /** How many records match; reads no payload. */
    long count(ListFilter filter) {
        return matches(filter).size();
    }

    /** The matching records as positions (updated time in ms, event id), in order. */
    private List<IndexPosition> matches(ListFilter filter) {
        Candidates candidates = candidates(filter);
        List<String> ids = new ArrayList<>(candidates.ids().keySet());
        List<Map<String, byte[]>> hashes =
                redis.hmget(ids.stream().map(id -> event(filter, id)).toList(), SMALL_FIELDS);
        Instant now = redis.time();
        List<IndexPosition> matches = new ArrayList<>();
        List<String> settledDeadLetters = new ArrayList<>();
        for (int i = 0; i < ids.size(); i++) {
            String id = ids.get(i);
            EventRecord record = RecordCodec.decode(EventKey.of(filter.endpoint(), id), hashes.get(i));
            RecordStatus status = record == null ? null : record.status();
            dropStale(filter, id, status, candidates, settledDeadLetters);
            if (record != null && filter.matches(record, now)) {
                matches.add(new IndexPosition(record.updatedAt().toEpochMilli(), id));
            }
        }
        if (candidates.deadLetterCounter() != null && !settledDeadLetters.isEmpty()) {
            deadLetters.prune(filter.endpoint(), candidates.deadLetterCounter(), settledDeadLetters);
        }
        matches.sort(Comparator.naturalOrder());
        return matches;
    }

    private void dropStale(
            ListFilter filter,
            String id,
            @Nullable RecordStatus status,
            Candidates candidates,
            List<String> settledDeadLetters) {
        Long mark = candidates.ids().get(id);
        if (mark != null && status != RecordStatus.PROCESSING && status != RecordStatus.FAILED) {
            open.forget(EventKey.of(filter.endpoint(), id), Long.toString(mark));
        }
        if (candidates.deadLetterIds().contains(id)
                && (status == null || !(status.isDeadLetter() || status == RecordStatus.PROCESSING))) {
            settledDeadLetters.add(id);
        }
    }

    /** Event ids from the indexes the listings need, each with its open-index mark (null if not open). */
    private Candidates candidates(ListFilter filter) {
        Set<Listing> listings = filter.listings();
        String endpoint = filter.endpoint();
        Map<String, @Nullable Long> ids = new LinkedHashMap<>();
        Long counter = null;
        Set<String> deadLetterIds = Set.of();
        if (listings.contains(Listing.DEAD) || listings.contains(Listing.REJECTED)) {
            counter = deadLetters.counter(endpoint);
            deadLetterIds = new java.util.HashSet<>();
            for (IndexPosition entry : redis.entries(keys.deadLetters(endpoint), 0)) {
                ids.put(entry.eventId(), null);
                deadLetterIds.add(entry.eventId());
            }
        }
        if (listings.contains(Listing.QUEUED) || listings.contains(Listing.FAILED)) {
            redis.entries(keys.due(endpoint), 0).forEach(e -> ids.putIfAbsent(e.eventId(), null));
        }
        if (listings.contains(Listing.FAILED) || listings.contains(Listing.STALLED)) {
            open.entries(endpoint).forEach(e -> ids.put(e.eventId(), e.score()));
        }
        return new Candidates(ids, counter, deadLetterIds);
    }

    private String event(ListFilter filter, String eventId) {
        return keys.event(EventKey.of(filter.endpoint(), eventId));
    }

    /**
     * The ids a listing looks at.
     *
     * @param ids event ids, each with its open-index mark or null
     * @param deadLetterCounter the dead-letter index's change counter, read before its entries, if read
     * @param deadLetterIds the ids that came from the dead-letter index
     */
    private record Candidates(
            Map<String, @Nullable Long> ids, @Nullable Long deadLetterCounter, Set<String> deadLetterIds) {}
}
