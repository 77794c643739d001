package dev.hookguard.jdbc.internal.sql;

import static dev.hookguard.jdbc.internal.sql.ClaimQueries.nullOf;
import static org.jooq.impl.DSL.inline;
import static org.jooq.impl.DSL.row;
import static org.jooq.impl.DSL.val;

import dev.hookguard.core.ErrorClass;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.RecordStatus;
import dev.hookguard.core.StoredResponse;
import dev.hookguard.core.internal.AuditHistory;
import dev.hookguard.core.operator.ListFilter;
import dev.hookguard.core.operator.ListFilter.Listing;
import dev.hookguard.core.operator.OperatorAction.AuditEntry;
import dev.hookguard.jdbc.internal.DatabaseTime;
import java.time.Instant;
import java.util.List;
import org.jooq.Condition;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Record;
import org.jooq.Record1;
import org.jooq.Record6;
import org.jooq.ResultQuery;
import org.jooq.UpdateSetMoreStep;
import org.jooq.impl.DSL;
import org.jspecify.annotations.Nullable;

/**
 * The operators' statements: listings and counts by {@link ListFilter} (on {@code hookguard_events_ops_idx}), the
 * locked read an action decides on, and one {@code UPDATE} per action that also writes the appended history. Status
 * codes are inlined, so PostgreSQL can match its partial operator index; every value is bound.
 */
public final class OperatorQueries {

    private final EventsTable t;
    private final DatabaseTime time;
    private final ClaimQueries claims;
    private final WriteQueries writes;

    public OperatorQueries(EventsTable table, DatabaseTime time, ClaimQueries claims, WriteQueries writes) {
        this.t = table;
        this.time = time;
        this.claims = claims;
        this.writes = writes;
    }

    /** Up to {@code limit} records (all columns) the filter selects after the cursor, oldest update first. */
    public ResultQuery<Record> list(DSLContext dsl, ListFilter filter, @Nullable RecordCursor after, int limit) {
        Condition page = after == null
                ? DSL.noCondition()
                : row(t.updatedAt, t.eventId).gt(row(val(after.updatedAt(), t.updatedAt), val(after.eventId())));
        return dsl.select(t.columns)
                .from(t.table)
                .where(selects(filter))
                .and(page)
                .orderBy(t.updatedAt, t.eventId)
                .limit(val(limit));
    }

    /** How many records the filter selects, reading no payload. */
    public ResultQuery<Record1<Integer>> count(DSLContext dsl, ListFilter filter) {
        return dsl.selectCount().from(t.table).where(selects(filter));
    }

    /**
     * The endpoint's DEAD and REJECTED records; with the inlined codes, {@code expires_at} in the operator index and
     * no other column read, an index-only scan on PostgreSQL and a covering-index read on MariaDB.
     */
    public ResultQuery<Record1<Integer>> deadLetterCount(DSLContext dsl, String endpoint) {
        return dsl.selectCount()
                .from(t.table)
                .where(t.endpoint.eq(val(endpoint)))
                .and(t.status.in(code(RecordStatus.DEAD), code(RecordStatus.REJECTED)))
                .and(t.expiresAt.gt(time.now()));
    }

    /**
     * The row's status, whether it is live, whether it keeps a payload, its history, the database's now, and whether it
     * is stalled (PROCESSING past its lease); locked.
     */
    public ResultQuery<Record6<String, Boolean, Boolean, String, Instant, Boolean>> lock(DSLContext dsl, EventKey key) {
        return dsl.select(
                        t.status,
                        DSL.field(claims.live()),
                        DSL.field(t.payloadBody.isNotNull()),
                        t.history,
                        time.now(),
                        DSL.field(t.status.eq(ClaimQueries.PROCESSING).and(t.leaseUntil.le(time.now()))))
                .from(t.table)
                .where(claims.is(key))
                .forUpdate();
    }

    /** DEAD/REJECTED/FAILED → QUEUED, due now, attempts reset, payload and error kept. */
    public UpdateSetMoreStep<?> replay(DSLContext dsl, List<AuditEntry> history, IdempotencyPolicy policy) {
        return changed(dsl, history, policy)
                .set(writes.response(null))
                .set(t.status, ClaimQueries.QUEUED)
                .set(t.attempts, inline(0))
                .set(t.nextAttemptAt, val(at(history), t.nextAttemptAt))
                .set(t.completedAt, nullOf(t.completedAt));
    }

    /** DEAD/REJECTED → FAILED out of the due queue, attempts reset: the sender's next delivery runs the handler. */
    public UpdateSetMoreStep<?> requeue(DSLContext dsl, List<AuditEntry> history, IdempotencyPolicy policy) {
        return changed(dsl, history, policy)
                .set(writes.response(null))
                .set(t.status, ClaimQueries.FAILED)
                .set(t.attempts, inline(0))
                .set(t.nextAttemptAt, nullOf(t.nextAttemptAt))
                .set(t.completedAt, nullOf(t.completedAt));
    }

    /** → SUCCEEDED with an empty 200 to replay; the note, when given, becomes the last error. */
    public UpdateSetMoreStep<?> settle(
            DSLContext dsl, List<AuditEntry> history, IdempotencyPolicy policy, @Nullable String note) {
        return changed(dsl, history, policy)
                .set(writes.response(StoredResponse.empty(200)))
                .set(t.status, code(RecordStatus.SUCCEEDED))
                .set(t.lastError, note == null ? t.lastError : val(WriteQueries.capped(note)))
                .set(t.nextAttemptAt, nullOf(t.nextAttemptAt))
                .set(t.completedAt, val(at(history), t.completedAt));
    }

    /** The condition of the row: its key. To be added to every action's update. */
    public Condition is(EventKey key) {
        return claims.is(key);
    }

    /**
     * The columns every action sets; {@code updated_at} is the new entry's time (the locked read's {@code now}), so
     * record and history agree also where each statement has its own {@code now} (MariaDB).
     */
    private UpdateSetMoreStep<?> changed(DSLContext dsl, List<AuditEntry> history, IdempotencyPolicy policy) {
        return dsl.update(t.table)
                .set(t.history, val(AuditHistory.encode(history), t.history))
                .set(t.leaseUntil, nullOf(t.leaseUntil))
                .set(t.expiresAt, time.after(policy.retention()))
                .set(t.updatedAt, val(at(history), t.updatedAt));
    }

    private static Instant at(List<AuditEntry> history) {
        return history.get(history.size() - 1).at();
    }

    private Condition selects(ListFilter filter) {
        Condition condition = t.endpoint.eq(val(filter.endpoint())).and(claims.live());
        condition = condition.and(
                DSL.or(filter.listings().stream().map(l -> listing(l, filter)).toList()));
        if (!filter.errorClasses().isEmpty()) {
            condition = condition.and(t.errorClass.in(filter.errorClasses().stream()
                    .map(ErrorClass::code)
                    .map(DSL::val)
                    .toList()));
        }
        if (filter.from() != null) {
            condition = condition.and(t.updatedAt.ge(val(filter.from(), t.updatedAt)));
        }
        if (filter.to() != null) {
            condition = condition.and(t.updatedAt.lt(val(filter.to(), t.updatedAt)));
        }
        if (filter.text() != null) {
            condition = condition.and(t.eventId
                    .containsIgnoreCase(val(filter.text()))
                    .or(t.lastError.containsIgnoreCase(val(filter.text()))));
        }
        return condition;
    }

    private Condition listing(Listing listing, ListFilter filter) {
        return switch (listing) {
            case DEAD -> t.status.eq(code(RecordStatus.DEAD));
            case REJECTED -> t.status.eq(code(RecordStatus.REJECTED));
            case FAILED -> t.status.eq(ClaimQueries.FAILED);
            case QUEUED -> t.status.eq(ClaimQueries.QUEUED);
            case STALLED ->
                t.status
                        .eq(ClaimQueries.PROCESSING)
                        .and(t.leaseUntil.le(time.now()))
                        .or(t.status
                                .eq(ClaimQueries.FAILED)
                                .and(t.nextAttemptAt.isNull())
                                .and(t.updatedAt.le(time.before(filter.stalledAfter()))));
        };
    }

    private static Field<String> code(RecordStatus status) {
        return inline(status.code());
    }
}
