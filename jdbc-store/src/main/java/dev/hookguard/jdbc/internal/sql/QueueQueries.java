package dev.hookguard.jdbc.internal.sql;

import static dev.hookguard.jdbc.internal.sql.ClaimQueries.FAILED;
import static dev.hookguard.jdbc.internal.sql.ClaimQueries.PROCESSING;
import static dev.hookguard.jdbc.internal.sql.ClaimQueries.QUEUED;
import static dev.hookguard.jdbc.internal.sql.ClaimQueries.nullOf;
import static org.jooq.impl.DSL.excluded;
import static org.jooq.impl.DSL.inline;
import static org.jooq.impl.DSL.val;

import dev.hookguard.core.ErrorClass;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.Fingerprint;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.Payload;
import dev.hookguard.core.internal.HeadersCodec;
import dev.hookguard.jdbc.internal.DatabaseTime;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jooq.Condition;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Query;
import org.jooq.Record;
import org.jooq.Record1;
import org.jooq.Record4;
import org.jooq.ResultQuery;
import org.jooq.SelectField;
import org.jooq.Table;
import org.jooq.impl.DSL;

/**
 * The due queue's statements: the async intake's enqueue, the dispatcher's pick, the sweeper's schedule and the
 * queue's stats. A row is in the due queue while {@code next_attempt_at} is set, which only QUEUED rows and FAILED rows
 * awaiting a receiver retry are (every statement that sets it sets one of these statuses, every other transition
 * clears it), so the pick selects on {@code next_attempt_at} alone and {@code hookguard_events_due_idx (endpoint,
 * next_attempt_at)} serves it, and the stats, as an index range scan in due order.
 */
public final class QueueQueries {

    /** The pushed due time of picked rows, in the MariaDB/H2 pick's locked select. */
    static final String PUSHED = "pushed";

    private final EventsTable t;
    private final DatabaseTime time;
    private final ClaimQueries claims;
    private final Field<Instant> due;
    private final Field<Instant> dueRead;
    private final Field<Instant> pushedRead;

    public QueueQueries(EventsTable table, DatabaseTime time, ClaimQueries claims) {
        this.t = table;
        this.time = time;
        this.claims = claims;
        this.due = t.nextAttemptAt.as("due");
        this.dueRead = DSL.field(DSL.name("due"), t.nextAttemptAt.getDataType());
        this.pushedRead = DSL.field(DSL.name(PUSHED), t.nextAttemptAt.getDataType());
    }

    /** Every column of a new QUEUED row: due now, attempts 0, the payload kept, no lease. */
    public Map<Field<?>, Field<?>> queuedRow(EventKey key, Fingerprint fp, Payload payload, IdempotencyPolicy policy) {
        Map<Field<?>, Field<?>> row = claims.freshRow(key, fp, policy);
        row.put(t.status, QUEUED);
        row.put(t.attempts, inline(0));
        row.put(t.leaseUntil, nullOf(t.leaseUntil));
        row.put(t.expiresAt, time.after(policy.retention()));
        row.put(t.nextAttemptAt, time.now());
        row.put(t.payloadBody, val(payload.body(), t.payloadBody));
        row.put(t.payloadHeaders, val(HeadersCodec.encode(payload.headers()), t.payloadHeaders));
        return row;
    }

    /**
     * PostgreSQL's enqueue, one statement: insert a QUEUED row or, on conflict, start a row past its retention over
     * as one; returns the token, or no row when a live row was there.
     */
    public ResultQuery<? extends Record> upsert(
            DSLContext dsl, EventKey key, Fingerprint fp, Payload payload, IdempotencyPolicy policy) {
        Map<Field<?>, Field<?>> row = queuedRow(key, fp, payload, policy);
        Map<Field<?>, Field<?>> set = new LinkedHashMap<>(claims.clearedResponse());
        for (Field<?> column : row.keySet()) {
            if (column != t.endpoint && column != t.eventId) {
                set.put(column, excluded(column));
            }
        }
        set.put(t.token, DSL.greatest(t.token.plus(inline(1L)), excluded(t.token)));
        set.put(t.lastError, nullOf(t.lastError));
        set.put(t.errorClass, nullOf(t.errorClass));
        set.put(t.history, nullOf(t.history));
        set.put(t.attemptLog, nullOf(t.attemptLog));
        set.put(t.completedAt, nullOf(t.completedAt));
        return dsl.insertInto(t.table)
                .set(row)
                .onConflict(t.endpoint, t.eventId)
                .doUpdate()
                .set(set)
                .where(claims.expired())
                .returningResult(t.token);
    }

    /** Starts the locked row, past its retention, over as a QUEUED row (H2, MariaDB). */
    public Query restart(
            DSLContext dsl, EventKey key, Fingerprint fp, Payload payload, IdempotencyPolicy policy, long token) {
        Map<Field<?>, Field<?>> set = new LinkedHashMap<>(queuedRow(key, fp, payload, policy));
        set.remove(t.endpoint);
        set.remove(t.eventId);
        set.putAll(claims.clearedResponse());
        set.put(t.token, val(token));
        set.put(t.lastError, nullOf(t.lastError));
        set.put(t.errorClass, nullOf(t.errorClass));
        set.put(t.history, nullOf(t.history));
        set.put(t.attemptLog, nullOf(t.attemptLog));
        set.put(t.completedAt, nullOf(t.completedAt));
        return dsl.update(t.table).set(set).where(claims.is(key));
    }

    /**
     * PostgreSQL's pick, one statement: {@code UPDATE … SET next_attempt_at = now + window FROM (SELECT … ORDER BY
     * next_attempt_at FETCH NEXT n ROWS ONLY FOR UPDATE SKIP LOCKED) picked WHERE <key = picked key> RETURNING <all
     * columns>, picked.due}; concurrent pickers skip each other's rows.
     */
    public ResultQuery<Record> pickReturning(DSLContext dsl, String endpoint, int limit, Duration window) {
        Table<?> picked = dueRows(dsl, endpoint, limit, List.of(t.endpoint, t.eventId, due))
                .forUpdate()
                .skipLocked()
                .asTable("picked");
        Field<String> pickedEndpoint = picked.field(t.endpoint.getUnqualifiedName(), String.class);
        Field<String> pickedEventId = picked.field(t.eventId.getUnqualifiedName(), String.class);
        List<SelectField<?>> returned = new ArrayList<>(t.columns);
        returned.add(picked.field(dueRead));
        return dsl.update(t.table)
                .set(t.nextAttemptAt, time.after(window))
                .from(picked)
                .where(t.endpoint.eq(pickedEndpoint))
                .and(t.eventId.eq(pickedEventId))
                .returningResult(returned);
    }

    /**
     * The MariaDB pick's first statement, in a short transaction: the due rows (all columns, their due time, and the
     * pushed due time {@code now + window}) locked with {@code FOR UPDATE SKIP LOCKED}.
     */
    public ResultQuery<Record> pickLocked(DSLContext dsl, String endpoint, int limit, Duration window) {
        return dueRows(dsl, endpoint, limit, lockedFields(window)).forUpdate().skipLocked();
    }

    /**
     * The H2 pick's first statement: the ids of the first due rows, unlocked. H2 locks every row its {@code FOR
     * UPDATE} reads, and it reads every due row before it sorts and cuts them to the limit (no index gives the pick's
     * order), so a locked select of the due rows would write a new version of the whole backlog at every pick.
     */
    public ResultQuery<Record1<String>> dueIds(DSLContext dsl, String endpoint, int limit) {
        return dsl.select(t.eventId)
                .from(t.table)
                .where(t.endpoint.eq(val(endpoint)))
                .and(t.nextAttemptAt.le(time.now()))
                .orderBy(t.nextAttemptAt, t.eventId)
                .limit(val(limit));
    }

    /**
     * The H2 pick's second statement: those of the {@link #dueIds} rows still due, locked with {@code FOR UPDATE SKIP
     * LOCKED} through the primary key (so only they are), with the columns of {@link #pickLocked}. H2 checks the
     * condition again on a row that another picker changed meanwhile.
     */
    public ResultQuery<Record> pickLockedIds(
            DSLContext dsl, String endpoint, Collection<String> eventIds, Duration window) {
        return dsl.select(lockedFields(window))
                .from(t.table)
                .where(t.endpoint.eq(val(endpoint)))
                .and(t.eventId.in(eventIds.stream().map(DSL::val).toList()))
                .and(t.nextAttemptAt.le(time.now()))
                .forUpdate()
                .skipLocked();
    }

    private List<SelectField<?>> lockedFields(Duration window) {
        List<SelectField<?>> fields = new ArrayList<>(t.columns);
        fields.add(due);
        fields.add(time.after(window).as(PUSHED));
        return fields;
    }

    /** The MariaDB/H2 pick's last statement: the locked rows' due time pushed. */
    public Query push(DSLContext dsl, String endpoint, Collection<String> eventIds, Instant pushed) {
        return dsl.update(t.table)
                .set(t.nextAttemptAt, val(pushed, t.nextAttemptAt))
                .where(t.endpoint.eq(val(endpoint)))
                .and(t.eventId.in(eventIds.stream().map(DSL::val).toList()));
    }

    /** The due time before the pick of a row that {@link #pickReturning} or {@link #pickLocked} returned. */
    public Instant due(Record row) {
        return row.get(dueRead);
    }

    /** The pushed due time in the rows {@link #pickLocked} returned. */
    public Instant pushed(Record row) {
        return row.get(pushedRead);
    }

    /** Sets the pushed due time into a row {@link #pickLocked} returned, as the update wrote it. */
    public void markPushed(Record row, Instant pushed) {
        row.set(t.nextAttemptAt, pushed);
    }

    /**
     * Puts a FAILED row, or a PROCESSING one past its lease (which turns FAILED with error class {@code unrecorded}:
     * its holder is presumed dead and its fenced writes now find the row changed), in the due queue at now + delay,
     * kept until then plus the retention; only a row that keeps a payload to redeliver. The error class is set before
     * the status because MariaDB evaluates {@code SET} from left to right on the new values.
     */
    public Query schedule(DSLContext dsl, EventKey key, Duration delay, IdempotencyPolicy policy) {
        Condition abandoned = t.status.eq(PROCESSING).and(t.leaseUntil.le(time.now()));
        return dsl.update(t.table)
                .set(
                        t.errorClass,
                        DSL.when(t.status.eq(PROCESSING), inline(ErrorClass.UNRECORDED.code()))
                                .otherwise(t.errorClass))
                .set(t.status, FAILED)
                .set(t.nextAttemptAt, time.after(delay))
                .set(t.expiresAt, time.after(delay.plus(policy.retention())))
                .set(t.leaseUntil, nullOf(t.leaseUntil))
                .set(t.updatedAt, time.now())
                .where(claims.is(key))
                .and(claims.live())
                .and(t.payloadBody.isNotNull())
                .and(t.status.eq(FAILED).or(abandoned));
    }

    /**
     * Hands back one picked row: due now, if it still holds the pick's reservation ({@code next_attempt_at} at the
     * pushed due time, QUEUED or FAILED, the reservation not over yet).
     */
    public Query release(DSLContext dsl, EventKey key, Instant reserved) {
        return dsl.update(t.table)
                .set(t.nextAttemptAt, time.now())
                .where(claims.is(key))
                .and(t.nextAttemptAt.eq(val(reserved, t.nextAttemptAt)))
                .and(t.nextAttemptAt.gt(time.now()))
                .and(t.status.in(QUEUED, FAILED));
    }

    /** Depth, due now, the oldest due time and the database's now: one pass over the endpoint's due index. */
    public ResultQuery<Record4<Integer, Integer, Instant, Instant>> stats(DSLContext dsl, String endpoint) {
        return dsl.select(
                        DSL.count(),
                        DSL.count(t.nextAttemptAt).filterWhere(t.nextAttemptAt.le(time.now())),
                        DSL.min(t.nextAttemptAt),
                        time.now())
                .from(t.table)
                .where(t.endpoint.eq(val(endpoint)))
                .and(t.nextAttemptAt.isNotNull());
    }

    private org.jooq.SelectForUpdateStep<Record> dueRows(
            DSLContext dsl, String endpoint, int limit, List<? extends SelectField<?>> fields) {
        return dsl.select(fields)
                .from(t.table)
                .where(t.endpoint.eq(val(endpoint)))
                .and(t.nextAttemptAt.le(time.now()))
                .orderBy(t.nextAttemptAt, t.eventId)
                .limit(val(limit));
    }
}
