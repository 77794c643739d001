package dev.hookguard.jdbc;

import static org.jooq.impl.DSL.inline;
import static org.jooq.impl.DSL.row;
import static org.jooq.impl.DSL.val;

import dev.hookguard.core.EventKey;
import dev.hookguard.core.RecordStatus;
import org.jooq.Condition;
import org.jooq.DSLContext;
import org.jooq.Record;
import org.jooq.Record1;
import org.jooq.ResultQuery;
import org.jooq.impl.DSL;
import org.jspecify.annotations.Nullable;

/** The reads: one record by key, and a page of one endpoint's dead letters. Expired rows are never returned. */
final class ReadQueries {

    private final EventsTable t;
    private final DatabaseTime time;
    private final ClaimQueries claims;

    ReadQueries(EventsTable table, DatabaseTime time, ClaimQueries claims) {
        this.t = table;
        this.time = time;
        this.claims = claims;
    }

    ResultQuery<Record> find(DSLContext dsl, EventKey key) {
        return dsl.select(t.columns).from(t.table).where(claims.is(key)).and(claims.live());
    }

    /**
     * Up to {@code limit} dead letters (DEAD and REJECTED) of the endpoint after the cursor, oldest first. The
     * inlined status codes let PostgreSQL use its partial dead-letter index.
     */
    ResultQuery<Record> deadLetters(DSLContext dsl, String endpoint, @Nullable DeadLetterCursor after, int limit) {
        Condition page = after == null
                ? DSL.noCondition()
                : row(t.updatedAt, t.eventId).gt(row(val(after.updatedAt(), t.updatedAt), val(after.eventId())));
        return dsl.select(t.columns)
                .from(t.table)
                .where(isDeadLetterOf(endpoint))
                .and(page)
                .orderBy(t.updatedAt, t.eventId)
                .limit(val(limit));
    }

    /** How many dead letters the endpoint holds, on the same index as {@link #deadLetters}. */
    ResultQuery<Record1<Integer>> deadLetterCount(DSLContext dsl, String endpoint) {
        return dsl.selectCount().from(t.table).where(isDeadLetterOf(endpoint));
    }

    private Condition isDeadLetterOf(String endpoint) {
        return t.endpoint
                .eq(val(endpoint))
                .and(t.status.in(inline(RecordStatus.DEAD.code()), inline(RecordStatus.REJECTED.code())))
                .and(t.expiresAt.gt(time.now()));
    }
}
