package dev.hookguard.jdbc;

import static dev.hookguard.jdbc.ClaimQueries.nullOf;
import static org.jooq.impl.DSL.inline;
import static org.jooq.impl.DSL.row;
import static org.jooq.impl.DSL.val;

import dev.hookguard.core.EventKey;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.RecordStatus;
import dev.hookguard.core.StoredResponse;
import org.jooq.Condition;
import org.jooq.DSLContext;
import org.jooq.Query;
import org.jooq.Record2;
import org.jooq.ResultQuery;

/** Operators' statements (resolve, requeue, under a row lock) and the purge of expired rows in bounded batches. */
final class AdminQueries {

    private final EventsTable t;
    private final DatabaseTime time;
    private final ClaimQueries claims;
    private final WriteQueries writes;

    AdminQueries(EventsTable table, DatabaseTime time, ClaimQueries claims, WriteQueries writes) {
        this.t = table;
        this.time = time;
        this.claims = claims;
        this.writes = writes;
    }

    /** The row's status and whether it is still within its retention, locked for the operator's change. */
    ResultQuery<Record2<String, Boolean>> lock(DSLContext dsl, EventKey key) {
        return dsl.select(t.status, org.jooq.impl.DSL.field(claims.live()))
                .from(t.table)
                .where(claims.is(key))
                .forUpdate();
    }

    /** The dead letter turns SUCCEEDED with an empty 200 to replay; the note becomes its last error. */
    Query resolve(DSLContext dsl, EventKey key, String note, IdempotencyPolicy policy) {
        return dsl.update(t.table)
                .set(writes.response(StoredResponse.empty(200)))
                .set(t.status, inline(RecordStatus.SUCCEEDED.code()))
                .set(t.lastError, val(WriteQueries.capped(note)))
                .set(t.leaseUntil, nullOf(t.leaseUntil))
                .set(t.expiresAt, time.after(policy.retention()))
                .set(t.updatedAt, time.now())
                .set(t.completedAt, time.now())
                .where(claims.is(key));
    }

    /** The dead letter turns FAILED with its attempts reset; its payload and last error stay. */
    Query requeue(DSLContext dsl, EventKey key, IdempotencyPolicy policy) {
        return dsl.update(t.table)
                .set(writes.response(null))
                .set(t.status, ClaimQueries.FAILED)
                .set(t.attempts, inline(0))
                .set(t.leaseUntil, nullOf(t.leaseUntil))
                .set(t.expiresAt, time.after(policy.retention()))
                .set(t.updatedAt, time.now())
                .where(claims.is(key));
    }

    /** Past its retention and neither queued nor in the due queue: purge never deletes what still has to run. */
    private Condition purgeable() {
        return claims.expired().and(t.status.ne(ClaimQueries.QUEUED));
    }

    /**
     * Deletes at most {@code limit} rows past their retention. MariaDB/MySQL: {@code DELETE … ORDER BY expires_at
     * LIMIT n}. PostgreSQL and H2: by primary key from a limited sub-select (PostgreSQL's locked with {@code SKIP
     * LOCKED}, so the purge never waits for a claim), with the expiry checked again on the row being deleted, so a row
     * that a claim took over in between is kept.
     */
    Query purgeBatch(DSLContext dsl, JdbcDialect dialect, int limit) {
        return switch (dialect) {
            case MARIADB, MYSQL ->
                dsl.deleteFrom(t.table).where(purgeable()).orderBy(t.expiresAt).limit(val(limit));
            case POSTGRESQL, H2 -> {
                var expired = dsl.select(t.endpoint, t.eventId)
                        .from(t.table)
                        .where(purgeable())
                        .limit(val(limit));
                yield dsl.deleteFrom(t.table)
                        .where(purgeable())
                        .and(row(t.endpoint, t.eventId)
                                .in(
                                        dialect == JdbcDialect.POSTGRESQL
                                                ? expired.forUpdate().skipLocked()
                                                : expired));
            }
        };
    }
}
