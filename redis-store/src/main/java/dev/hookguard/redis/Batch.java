package dev.hookguard.redis;

import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * One read of a dead-letter index by {@code dead-letter-page.lua}: the entries after a position, in index
 * order, and the index's change counter at the time of the read.
 *
 * @param counter the change counter (see {@link DeadLetterIndex})
 * @param entries the entries after the position
 * @param hasMore true when the index may hold more entries after the last one
 */
record Batch(long counter, List<IndexPosition> entries, boolean hasMore) {

    /** Reads up to {@code size} entries after {@code after} (from the start when null), plus ties. */
    static Batch read(RedisGateway redis, String indexKey, @Nullable IndexPosition after, int size) {
        List<Object> reply = redis.eval(
                LuaScript.DEAD_LETTER_PAGE,
                indexKey,
                RecordCodec.ascii(after == null ? "" : Long.toString(after.score())),
                RecordCodec.ascii(Integer.toString(size)));
        long counter = (long) Double.parseDouble(Replies.text(reply.get(0)));
        List<IndexPosition> entries = new ArrayList<>();
        for (IndexPosition tie : positions(reply.get(1))) {
            if (after == null || tie.compareTo(after) > 0) {
                entries.add(tie);
            }
        }
        List<IndexPosition> later = positions(reply.get(2));
        entries.addAll(later);
        return new Batch(counter, entries, later.size() == size);
    }

    private static List<IndexPosition> positions(Object flat) {
        List<?> pairs = (List<?>) flat;
        List<IndexPosition> positions = new ArrayList<>(pairs.size() / 2);
        for (int i = 0; i + 1 < pairs.size(); i += 2) {
            String eventId = Replies.text(pairs.get(i));
            long score = (long) Double.parseDouble(Replies.text(pairs.get(i + 1)));
            positions.add(new IndexPosition(score, eventId));
        }
        return positions;
    }
}
