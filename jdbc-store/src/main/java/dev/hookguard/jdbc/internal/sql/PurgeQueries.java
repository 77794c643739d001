package dev.hookguard.jdbc.internal.sql;

import static org.jooq.impl.DSL.inline;
import static org.jooq.impl.DSL.val;

import dev.hookguard.core.EventKey;
import dev.hookguard.core.RecordStatus;
import java.time.Instant;
import org.jooq.DSLContext;
import org.jooq.Query;
import org.jooq.Select;

/**
 * The archiver's delete of an archived dead letter ({@link dev.hookguard.core.operator.OperatorStore#purge}): {@code
 * DELETE … WHERE endpoint = ? AND event_id = ? AND status IN ('D', 'R') AND updated_at = ?} on a live row, and the read
 * that tells an absent row from a changed one when nothing was deleted.
 */
public final class PurgeQueries {

    private final EventsTable t;
    private final ClaimQueries claims;

    public PurgeQueries(EventsTable table, ClaimQueries claims) {
        this.t = table;
        this.claims = claims;
    }

    /** Deletes the row if it is still a dead letter last changed at {@code updatedAt}. */
    public Query delete(DSLContext dsl, EventKey key, Instant updatedAt) {
        return dsl.deleteFrom(t.table)
                .where(claims.is(key))
                .and(claims.live())
                .and(t.status.in(inline(RecordStatus.DEAD.code()), inline(RecordStatus.REJECTED.code())))
                .and(t.updatedAt.eq(val(updatedAt, t.updatedAt)));
    }

    /** One row when the key has a live row, none otherwise. */
    public Select<?> exists(DSLContext dsl, EventKey key) {
        return dsl.select(t.status).from(t.table).where(claims.is(key)).and(claims.live());
    }
}
