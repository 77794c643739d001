package dev.hookguard.jdbc.internal;

import dev.hookguard.core.operator.OperatorAction.AuditEntry;
import dev.hookguard.core.operator.OperatorStore;
import dev.hookguard.core.operator.OperatorStore.AuditLine;
import dev.hookguard.core.operator.OperatorStore.AuditPage;
import dev.hookguard.core.operator.OperatorStore.AuditQuery;
import dev.hookguard.jdbc.internal.sql.AuditQueries;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The audit trail of the JDBC store ({@link OperatorStore#appendAudit}, {@link OperatorStore#audit}) over {@link
 * AuditQueries}, on the table {@code <table>_audit} of the migration {@code V6__audit_trail.sql}. An append is one
 * auto-committed {@code INSERT}: the line's time in milliseconds and its expiry (that time + {@code keepFor}, at the
 * latest {@link #LAST_EXPIRY}, the last time every dialect stores). A page is one auto-committed {@code SELECT} of up
 * to {@code limit + 1} live lines by descending id (the order of appending); the cursor is the decimal id of the page's
 * last line, given only when the extra line exists. The purge deletes expired lines in bounded batches.
 */
public final class JdbcAuditTrail {

    /** The latest expiry a line gets: the end of MariaDB's {@code DATETIME} range. */
    static final Instant LAST_EXPIRY = Instant.parse("9999-12-31T23:59:59.999Z");

    private final JdbcSession session;
    private final AuditQueries queries;

    public JdbcAuditTrail(JdbcSession session, AuditQueries queries) {
        this.session = session;
        this.queries = queries;
    }

    public void append(AuditLine line, Duration keepFor) {
        if (keepFor == null || keepFor.isNegative() || keepFor.isZero()) {
            throw new IllegalArgumentException("keepFor must be positive but was " + keepFor);
        }
        Instant at = line.entry().at().truncatedTo(ChronoUnit.MILLIS);
        Instant until = keepFor.compareTo(Duration.between(at, LAST_EXPIRY)) >= 0
                ? LAST_EXPIRY
                : at.plus(keepFor).truncatedTo(ChronoUnit.MILLIS);
        session.autoCommit(
                "append to the audit trail of " + line.endpoint(),
                dsl -> queries.append(dsl, line, at, until).execute());
    }

    public AuditPage read(AuditQuery query, @Nullable String cursor, int limit) {
        if (limit < 1) {
            throw new IllegalArgumentException("limit must be at least 1 but was " + limit);
        }
        Long before = cursor == null ? null : parse(cursor);
        int fetch = limit == Integer.MAX_VALUE ? limit : limit + 1;
        List<Numbered> found = session.autoCommit(
                "read the audit trail of " + query.endpoint(),
                dsl -> queries.page(dsl, query, before, fetch)
                        .fetch(row -> new Numbered(
                                row.value1(),
                                new AuditLine(
                                        query.endpoint(),
                                        row.value2(),
                                        new AuditEntry(row.value3(), row.value4(), row.value5(), row.value6())))));
        List<AuditLine> lines = found.stream().limit(limit).map(Numbered::line).toList();
        return found.size() > limit
                ? new AuditPage(lines, Long.toString(found.get(limit - 1).id()))
                : new AuditPage(lines, null);
    }

    /** Deletes at most {@code limit} expired lines in one auto-committed statement; returns how many it deleted. */
    public int purgeBatch(int limit) {
        return session.autoCommit(
                "purge expired audit lines",
                dsl -> queries.purgeBatch(dsl, limit).execute());
    }

    /** The id a previous page's cursor names; anything but a positive decimal long is refused, naming it. */
    private static long parse(String cursor) {
        try {
            long id = Long.parseLong(cursor);
            if (id > 0) {
                return id;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException(
                "cursor must be a nextCursor of this store's audit trail but was '" + cursor + "'");
    }

    /** A line read with its id. */
    private record Numbered(long id, AuditLine line) {}
}
