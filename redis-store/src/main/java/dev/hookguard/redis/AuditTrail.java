package dev.hookguard.redis;

import dev.hookguard.core.operator.OperatorStore;
import dev.hookguard.core.operator.OperatorStore.AuditLine;
import dev.hookguard.core.operator.OperatorStore.AuditPage;
import dev.hookguard.core.operator.OperatorStore.AuditQuery;
import dev.hookguard.redis.AuditStream.Kept;
import io.lettuce.core.Range;
import io.lettuce.core.Range.Boundary;
import io.lettuce.core.StreamMessage;
import io.lettuce.core.XAddArgs;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The endpoints' audit trails ({@link OperatorStore#appendAudit}, {@link OperatorStore#audit}), one Redis stream per
 * endpoint in the format of {@link AuditStream}; the stream shares the endpoint's hash tag, so it works on a cluster.
 * Times are kept to the millisecond.
 *
 * <p>An append is one {@code XADD <key> MINID ~ <now - keepFor> * …}: the server gives the entry its id, and the same
 * command drops the stream's oldest entries whose ids (their appends' times) are more than {@code keepFor} before now
 * by this client's clock, whole stream nodes at a time, so some stay a little longer. The trim follows the {@code
 * keepFor} of each append: a shorter retention drops older lines at the next append. It is not followed by {@code
 * WAIT}: no answer depends on it, and the record's history keeps the action atomically.
 *
 * <p>A read walks the stream newest first, below the cursor, with {@code XREVRANGE … COUNT max(2 × limit, 100)}. It
 * skips lines past their expiry by this client's clock (the clock that stamped their times; a line may outlive its
 * expiry in the stream, never in a read) and lines the query does not select, and looks past a full page for one more
 * matching line: a page ends with a cursor, the stream id of its last line, only when another line matches. A
 * query's time range narrows the ids read, widened by {@link #ID_MARGIN} on each side (a line's id is its append's
 * time, its time the action's, a moment before); a line dated further from its append would be missed by a time
 * range. A read scans at most {@link #MAX_SCAN} entries: when it reaches that bound it returns the lines it found,
 * possibly fewer than asked for or none, with the id of the last entry it scanned as the cursor to go on from.
 */
final class AuditTrail {

    /** The most stream entries one read scans. */
    static final int MAX_SCAN = 10_000;

    /** How far a line's time may lie from its stream id for a time-ranged read to still find it. */
    static final Duration ID_MARGIN = Duration.ofDays(1);

    private static final int MIN_BATCH = 100;
    private static final Instant LOWEST_NARROWED = Instant.EPOCH.plus(ID_MARGIN);
    private static final Instant HIGHEST_NARROWED =
            Instant.ofEpochMilli(Long.MAX_VALUE).minus(ID_MARGIN);

    private final RedisGateway redis;
    private final RedisKeys keys;
    private final Clock clock;

    AuditTrail(RedisGateway redis, RedisKeys keys, Clock clock) {
        this.redis = redis;
        this.keys = keys;
        this.clock = clock;
    }

    void append(AuditLine line, Duration keepFor) {
        if (keepFor == null || keepFor.isNegative() || keepFor.isZero()) {
            throw new IllegalArgumentException("keepFor must be positive but was " + keepFor);
        }
        long keep = keepFor.compareTo(Duration.ofMillis(Long.MAX_VALUE)) >= 0 ? Long.MAX_VALUE : keepFor.toMillis();
        long at = line.entry().at().toEpochMilli();
        long expiresAt = at > Long.MAX_VALUE - keep ? Long.MAX_VALUE : at + keep;
        long oldest = Math.max(0, clock.millis() - keep);
        redis.xadd(
                keys.audit(line.endpoint()),
                new XAddArgs().minId(Long.toString(oldest)).approximateTrimming(),
                AuditStream.encode(line, expiresAt));
    }

    AuditPage read(AuditQuery query, @Nullable String cursor, int limit) {
        if (limit < 1) {
            throw new IllegalArgumentException("limit must be at least 1 but was " + limit);
        }
        Range<String> range = range(query, cursor);
        if (range == null) {
            return new AuditPage(List.of(), null);
        }
        String key = keys.audit(query.endpoint());
        long now = clock.millis();
        int batch = (int) Math.min(MAX_SCAN, Math.max(2L * limit, MIN_BATCH));
        List<AuditLine> lines = new ArrayList<>();
        String lastLine = null;
        int scanned = 0;
        while (true) {
            int count = Math.min(batch, MAX_SCAN - scanned);
            List<StreamMessage<String, byte[]>> entries = redis.xrevrange(key, range, count);
            for (StreamMessage<String, byte[]> entry : entries) {
                Kept kept = AuditStream.decode(query.endpoint(), entry);
                if (kept.expiresAt() <= now || !query.matches(kept.line())) {
                    continue;
                }
                if (lines.size() == limit) {
                    return new AuditPage(lines, lastLine); // a further line matches
                }
                lines.add(kept.line());
                lastLine = kept.id();
            }
            scanned += entries.size();
            if (entries.size() < count) {
                return new AuditPage(lines, null);
            }
            String lastScanned = entries.get(entries.size() - 1).getId();
            if (scanned >= MAX_SCAN) {
                return new AuditPage(lines, lastScanned);
            }
            range = Range.from(range.getLower(), Boundary.excluding(lastScanned));
        }
    }

    /**
     * The ids a read looks at: below the cursor, within the query's time range widened by {@link #ID_MARGIN}; null
     * when no id can match.
     */
    private static @Nullable Range<String> range(AuditQuery query, @Nullable String cursor) {
        AuditStream.StreamId before = cursor == null ? null : AuditStream.cursor(cursor);
        if (before != null && before.isZero()) {
            return null;
        }
        Boundary<String> upper = cursor == null ? Boundary.unbounded() : Boundary.excluding(cursor);
        Instant to = query.to();
        if (to != null && !to.isAfter(HIGHEST_NARROWED)) {
            Instant highest = to.plus(ID_MARGIN);
            if (highest.isBefore(Instant.EPOCH)) {
                return null;
            }
            if (before == null || highest.toEpochMilli() < before.millis()) {
                upper = Boundary.including(Long.toString(highest.toEpochMilli()));
            }
        }
        Instant from = query.from();
        Boundary<String> lower = from == null || from.isBefore(LOWEST_NARROWED)
                ? Boundary.unbounded()
                : Boundary.including(Long.toString(from.minus(ID_MARGIN).toEpochMilli()));
        return Range.from(lower, upper);
    }
}
