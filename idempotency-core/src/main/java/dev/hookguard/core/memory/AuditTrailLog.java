package dev.hookguard.core.memory;

import dev.hookguard.core.operator.OperatorStore.AuditLine;
import dev.hookguard.core.operator.OperatorStore.AuditPage;
import dev.hookguard.core.operator.OperatorStore.AuditQuery;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import org.jspecify.annotations.Nullable;

/**
 * The in-memory store's audit trails, one per endpoint: lines in the order they were appended, each with a sequence
 * number (the page cursor) and the time it may be dropped. An append drops the expired lines at the old end; a read
 * walks from the new end and skips lines that expired. Each trail is guarded by its own lock.
 */
final class AuditTrailLog {

    private final ConcurrentHashMap<String, Deque<Kept>> trails = new ConcurrentHashMap<>();
    private final Clock clock;
    private long sequence;

    AuditTrailLog(Clock clock) {
        this.clock = clock;
    }

    void append(AuditLine line, Duration keepFor) {
        if (keepFor == null || keepFor.isNegative() || keepFor.isZero()) {
            throw new IllegalArgumentException("keepFor must be positive but was " + keepFor);
        }
        Deque<Kept> trail = trails.computeIfAbsent(line.endpoint(), e -> new ArrayDeque<>());
        Instant now = clock.instant();
        synchronized (trail) {
            while (!trail.isEmpty() && !trail.peekFirst().expiresAt().isAfter(now)) {
                trail.pollFirst();
            }
            trail.addLast(new Kept(next(), line, line.entry().at().plus(keepFor)));
        }
    }

    AuditPage read(AuditQuery query, @Nullable String cursor, int limit) {
        if (limit < 1) {
            throw new IllegalArgumentException("limit must be at least 1 but was " + limit);
        }
        long before = cursor == null ? Long.MAX_VALUE : parse(cursor);
        Deque<Kept> trail = trails.get(query.endpoint());
        if (trail == null) {
            return new AuditPage(List.of(), null);
        }
        Instant now = clock.instant();
        List<AuditLine> lines = new ArrayList<>();
        synchronized (trail) {
            for (Iterator<Kept> newest = trail.descendingIterator(); newest.hasNext(); ) {
                Kept kept = newest.next();
                if (kept.sequence() >= before || !kept.expiresAt().isAfter(now) || !query.matches(kept.line())) {
                    continue;
                }
                if (lines.size() == limit) {
                    return new AuditPage(lines, Long.toString(before));
                }
                lines.add(kept.line());
                before = kept.sequence();
            }
        }
        return new AuditPage(lines, null);
    }

    private synchronized long next() {
        return ++sequence;
    }

    private static long parse(String cursor) {
        try {
            long value = Long.parseLong(cursor);
            if (value > 0) {
                return value;
            }
        } catch (NumberFormatException e) {
            // named below
        }
        throw new IllegalArgumentException("cursor is not an audit page's cursor: '" + cursor + "'");
    }

    private record Kept(long sequence, AuditLine line, Instant expiresAt) {}
}
