package dev.hookguard.jdbc.internal.sql;

import static org.jooq.impl.DSL.excluded;
import static org.jooq.impl.DSL.inline;
import static org.jooq.impl.DSL.val;
import static org.jooq.impl.DSL.when;

import dev.hookguard.core.Completion;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.Fingerprint;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.Payload;
import dev.hookguard.core.RecordStatus;
import dev.hookguard.core.StoredResponse;
import dev.hookguard.core.internal.HeadersCodec;
import dev.hookguard.jdbc.JdbcDialect;
import dev.hookguard.jdbc.internal.ClaimDecision;
import dev.hookguard.jdbc.internal.DatabaseTime;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jooq.Condition;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Query;
import org.jooq.Record;
import org.jooq.Record1;
import org.jooq.ResultQuery;
import org.jooq.SQLDialect;
import org.jooq.SelectField;
import org.jooq.Table;
import org.jooq.impl.DSL;
import org.jspecify.annotations.Nullable;

/**
 * The statements of a claim. Status codes and small constants are inlined (so PostgreSQL can match them against
 * partial indexes); the key, fingerprint and durations are always bound.
 */
public final class ClaimQueries {

    static final Field<String> PROCESSING = inline(RecordStatus.PROCESSING.code());
    static final Field<String> FAILED = inline(RecordStatus.FAILED.code());
    static final Field<String> QUEUED = inline(RecordStatus.QUEUED.code());
    static final Field<String> SUCCEEDED = inline(RecordStatus.SUCCEEDED.code());
    /** The response of a fresh row of the transactional claim ({@link #openedInTransaction()}). */
    private static final StoredResponse OPENED_RESPONSE = StoredResponse.empty(200);

    /** Names of the parameters of the claim's shapes, in the order their callers pass them. */
    public static final String ENDPOINT = "endpoint";

    public static final String EVENT_ID = "event_id";
    static final String FINGERPRINT = "fingerprint";
    static final String LEASE_MS = "lease_ms";
    static final String RETENTION_MS = "retention_ms";
    public static final String[] CLAIM_PARAMETERS = {ENDPOINT, EVENT_ID, FINGERPRINT, LEASE_MS, RETENTION_MS};
    /** The claim's parameters when it keeps a payload ({@code withPayload} shapes): the payload's two columns more. */
    public static final String[] CLAIM_WITH_PAYLOAD_PARAMETERS = {
        ENDPOINT, EVENT_ID, FINGERPRINT, LEASE_MS, RETENTION_MS, WriteQueries.PAYLOAD_BODY, WriteQueries.PAYLOAD_HEADERS
    };

    /** The labels of the database's time in a claim's read. */
    public static final String DB_NOW = "db_now";

    public static final String DB_MICROS = "db_micros";

    private final EventsTable t;
    private final DatabaseTime time;
    private final Field<Instant> dbNow;
    private final Field<Long> dbMicros;
    private final List<Field<?>> claimColumns;

    public ClaimQueries(EventsTable table, DatabaseTime time) {
        this.t = table;
        this.time = time;
        this.dbNow = time.now().as(DB_NOW);
        this.dbMicros = time.micros().as(DB_MICROS);
        this.claimColumns = List.of(
                t.status,
                t.fingerprint,
                t.token,
                t.attempts,
                t.leaseUntil,
                t.expiresAt,
                t.nextAttemptAt,
                t.responseStatus,
                t.responseType,
                t.responseBody,
                t.responseBodyOmitted);
    }

    /**
     * PostgreSQL's claim, one statement and one round trip whatever it finds: the guarded upsert of {@code
     * upsert} in a {@code WITH}, and beside it the row it refused. Returns one row of {@link #claimColumns()}
     * with {@code acquired} true (the claimed row), or the existing row with {@code acquired} false; both with
     * {@link #DB_NOW} and {@link #DB_MICROS}. No row at all when the conflicting row was committed after the
     * statement's snapshot (the upsert sees it, the read beside it does not): the caller then reads it with {@link
     * #readForClaim(boolean)}. The read also sees the row as of that snapshot, which may be older than the version the
     * upsert refused; {@link ClaimDecision} then either reports what was true a moment ago or starts over.
     *
     * <p>Parameters: {@link #CLAIM_PARAMETERS}, with {@code withPayload} {@link #CLAIM_WITH_PAYLOAD_PARAMETERS}.
     */
    public ResultQuery<Record> claimOrRead(boolean withPayload) {
        return orRead(upsert(withPayload, PROCESSING));
    }

    /**
     * The transactional mode's claim on PostgreSQL: {@link #claimOrRead(boolean)} without payload, whose fresh row is
     * written as its success leaves it ({@link #openedInTransaction()}). A row taken over is PROCESSING as in every
     * claim. Same parameters and result.
     */
    public ResultQuery<Record> claimOrReadInTransaction() {
        return orRead(upsert(false, openedInTransaction()));
    }

    /**
     * The status of a fresh row that the transactional mode's claim writes: SUCCEEDED, the status its success leaves.
     * The row is the one a first attempt answered with an empty 200 leaves ({@link #leavesOpenedRow}), so the
     * verdict of such an attempt writes nothing, and it is a whole record even to a caller that commits without a
     * verdict. Nobody else sees the row before its transaction commits, and it commits only with the verdict (a
     * failure rolls it back), so the PROCESSING state would never show; written as SUCCEEDED, the row enters no index
     * that a success leaves (PostgreSQL's operator index holds every status but SUCCEEDED), and any other verdict in
     * the same transaction changes no indexed column: on PostgreSQL it is a HOT update (same transaction, same {@code
     * now}, so {@code updated_at} and {@code expires_at} keep their values, the claim having written the retention).
     */
    public static Field<String> openedInTransaction() {
        return SUCCEEDED;
    }

    /** True when {@code status}, as a claim returned it, is that of a fresh row of the transactional claim. */
    public static boolean openedInTransaction(String status) {
        return RecordStatus.SUCCEEDED.code().equals(status);
    }

    /**
     * True when {@code completion} would leave a fresh row of the transactional claim as that claim wrote it: the
     * first attempt's success with an empty 200, nothing to log, no error class, no payload. Its verdict is then no
     * statement at all: the commit makes the row final.
     */
    public static boolean leavesOpenedRow(Completion completion) {
        return completion.status() == RecordStatus.SUCCEEDED
                && completion.response().equals(OPENED_RESPONSE)
                && completion.attempt() == null
                && completion.errorClass() == null
                && completion.payload() == null;
    }

    /**
     * PostgreSQL's first try of a claim: {@link #claimOrRead(boolean)} with {@code on conflict do nothing} in place of
     * the guarded update, so that a claim that finds the row (a duplicate, a delivery in progress, a dead letter, a
     * mismatch) neither locks it nor writes anything, and its auto-committed statement commits without a WAL flush. A
     * row that the claim may take over (past its retention, FAILED, QUEUED, an expired lease) is reported like the
     * others, and the caller takes it over with {@link #claimOrRead(boolean)}. Same parameters and result.
     */
    public ResultQuery<Record> insertOrRead(boolean withPayload) {
        return orRead(DSL.insertInto(t.table)
                .set(parameterRow(withPayload, PROCESSING))
                .onConflict(t.endpoint, t.eventId)
                .doNothing()
                .returningResult(claimColumns));
    }

    /** {@code claim} in a {@code WITH}, and beside it the row it did not return (see {@link #claimOrRead}). */
    private ResultQuery<Record> orRead(ResultQuery<Record> claim) {
        List<Field<?>> fromClaimed = new ArrayList<>();
        for (Field<?> column : claimColumns) {
            fromClaimed.add(DSL.field(DSL.name("claimed", column.getName()), column.getDataType()));
        }
        return DSL.resultQuery(
                "with claimed as ({0}) select true as acquired, {1}, {2} as " + DB_NOW + ", {3} as " + DB_MICROS
                        + " from claimed union all select false, {4}, {2}, {3} from {5} where {6}"
                        + " and not exists (select 1 from claimed)",
                claim,
                DSL.list(fromClaimed),
                time.now(),
                time.micros(),
                DSL.list(claimColumns),
                t.table,
                isParameter());
    }

    /**
     * PostgreSQL's guarded upsert: insert a fresh row or, on conflict, take the existing one over when it is past its
     * retention, FAILED or QUEUED, or PROCESSING with an expired lease (same fingerprint). Returns {@link
     * #claimColumns()} of the claimed row, or no row when the guard refused. Parameters: {@link #CLAIM_PARAMETERS}.
     * With {@code withPayload} ({@link #CLAIM_WITH_PAYLOAD_PARAMETERS}) a fresh row, or a row taken over that keeps no
     * payload, keeps the one given; a kept payload is never replaced. A fresh row has the status {@code opened}
     * (PROCESSING, or SUCCEEDED for the transactional mode: {@link #openedInTransaction()}); a row taken over is
     * PROCESSING.
     */
    private ResultQuery<Record> upsert(boolean withPayload, Field<String> opened) {
        Condition expired = expired();
        Condition reclaimable = t.fingerprint
                .eq(excluded(t.fingerprint))
                .and(t.status.in(FAILED, QUEUED).or(t.status.eq(PROCESSING).and(t.leaseUntil.le(time.now()))));
        Map<Field<?>, Field<?>> set = new LinkedHashMap<>(clearedResponse());
        set.put(t.status, PROCESSING);
        set.put(t.token, DSL.greatest(t.token.plus(inline(1L)), excluded(t.token)));
        set.put(t.nextAttemptAt, nullOf(t.nextAttemptAt));
        set.put(t.errorClass, when(expired, nullOf(t.errorClass)).otherwise(t.errorClass));
        set.put(t.history, when(expired, nullOf(t.history)).otherwise(t.history));
        set.put(t.attemptLog, when(expired, nullOf(t.attemptLog)).otherwise(t.attemptLog));
        set.put(t.attempts, when(expired, inline(1)).otherwise(t.attempts.plus(inline(1))));
        set.put(t.fingerprint, excluded(t.fingerprint));
        // a fresh lease, not the proposed row's: the transactional claim's fresh row has none
        set.put(t.leaseUntil, time.after(DSL.param(LEASE_MS, Long.class)));
        set.put(t.expiresAt, excluded(t.expiresAt));
        if (withPayload) {
            set.put(
                    t.payloadBody,
                    when(expired, excluded(t.payloadBody))
                            .otherwise(DSL.coalesce(t.payloadBody, excluded(t.payloadBody))));
            set.put(
                    t.payloadHeaders,
                    when(expired, excluded(t.payloadHeaders))
                            .otherwise(DSL.coalesce(t.payloadHeaders, excluded(t.payloadHeaders))));
        } else {
            set.put(t.payloadBody, when(expired, nullOf(t.payloadBody)).otherwise(t.payloadBody));
            set.put(t.payloadHeaders, when(expired, nullOf(t.payloadHeaders)).otherwise(t.payloadHeaders));
        }
        set.put(t.lastError, when(expired, nullOf(t.lastError)).otherwise(t.lastError));
        set.put(t.createdAt, when(expired, excluded(t.createdAt)).otherwise(t.createdAt));
        set.put(t.updatedAt, excluded(t.updatedAt));
        set.put(t.completedAt, nullOf(t.completedAt));
        return DSL.insertInto(t.table)
                .set(parameterRow(withPayload, opened))
                .onConflict(t.endpoint, t.eventId)
                .doUpdate()
                .set(set)
                .where(expired.or(reclaimable))
                .returningResult(claimColumns);
    }

    /**
     * H2's and MariaDB's first step of a claim: insert a fresh row unless the key exists, returning its token (see
     * {@link #insertIfAbsent(DSLContext, EventKey, Map)}). Parameters: {@link #CLAIM_PARAMETERS}; with {@code
     * withPayload} the new row keeps the payload given ({@link #CLAIM_WITH_PAYLOAD_PARAMETERS}).
     */
    public ResultQuery<Record1<Long>> insertIfAbsent(boolean withPayload) {
        return insertIfAbsent(withPayload, PROCESSING);
    }

    /**
     * The transactional mode's first step of a claim on H2 and MariaDB/MySQL: {@link #insertIfAbsent(boolean)} without
     * payload, whose fresh row is written as its success leaves it ({@link #openedInTransaction()}).
     */
    public ResultQuery<Record1<Long>> insertIfAbsentInTransaction() {
        return insertIfAbsent(false, openedInTransaction());
    }

    private ResultQuery<Record1<Long>> insertIfAbsent(boolean withPayload, Field<String> opened) {
        Map<Field<?>, Field<?>> row = parameterRow(withPayload, opened);
        if (time.dialect() == JdbcDialect.H2) {
            return mergeIfAbsent(DSL.using(SQLDialect.H2), row, isParameter());
        }
        return DSL.insertInto(t.table).set(row).onDuplicateKeyIgnore().returningResult(t.token);
    }

    /**
     * The row's claim columns and the database's current time as {@link #DB_NOW} and {@link #DB_MICROS}; locked when
     * {@code forUpdate}. Parameters: {@code endpoint}, {@code event_id}.
     */
    public ResultQuery<Record> readForClaim(boolean forUpdate) {
        List<SelectField<?>> fields = new ArrayList<>(claimColumns);
        fields.add(dbNow);
        fields.add(dbMicros);
        var select = DSL.select(fields).from(t.table).where(isParameter());
        return forUpdate ? select.forUpdate() : select;
    }

    /** A new row of the claim's parameters, its status {@code opened}, with the payload's when {@code withPayload}. */
    private Map<Field<?>, Field<?>> parameterRow(boolean withPayload, Field<String> opened) {
        Map<Field<?>, Field<?>> row = freshRow(
                param(ENDPOINT, t.endpoint),
                param(EVENT_ID, t.eventId),
                param(FINGERPRINT, t.fingerprint),
                DSL.param(LEASE_MS, Long.class),
                DSL.param(RETENTION_MS, Long.class));
        row.put(t.status, opened);
        if (opened == SUCCEEDED) { // the row an empty 200 of the first attempt leaves; the verdict writes any other
            row.put(t.responseStatus, inline(OPENED_RESPONSE.status()));
            row.put(t.leaseUntil, nullOf(t.leaseUntil));
            row.put(t.completedAt, time.now());
        }
        if (withPayload) {
            row.put(t.payloadBody, param(WriteQueries.PAYLOAD_BODY, t.payloadBody));
            row.put(t.payloadHeaders, param(WriteQueries.PAYLOAD_HEADERS, t.payloadHeaders));
        }
        return row;
    }

    /** MySQL's read of a new row's token. Parameters: {@code endpoint}, {@code event_id}. */
    public ResultQuery<Record1<Long>> tokenOf() {
        return DSL.select(t.token).from(t.table).where(isParameter());
    }

    /** The columns a claim decides by ({@link ClaimRow}); never the payload, the error or the history. */
    List<Field<?>> claimColumns() {
        return claimColumns;
    }

    /** The key condition with the parameters {@code endpoint} and {@code event_id}. */
    Condition isParameter() {
        return t.endpoint.eq(param(ENDPOINT, t.endpoint)).and(t.eventId.eq(param(EVENT_ID, t.eventId)));
    }

    static <T> Field<T> param(String name, Field<T> column) {
        return DSL.param(name, column.getDataType());
    }

    /**
     * Inserts {@code row} unless the key exists, without an error, and returns its token (no row when one existed):
     * {@code INSERT IGNORE … RETURNING token} on MariaDB, {@code SELECT token FROM FINAL TABLE (MERGE …)} on H2.
     */
    public ResultQuery<Record1<Long>> insertIfAbsent(DSLContext dsl, EventKey key, Map<Field<?>, Field<?>> row) {
        if (dsl.dialect().family() == SQLDialect.H2) {
            return mergeIfAbsent(dsl, row, is(key));
        }
        return dsl.insertInto(t.table).set(row).onDuplicateKeyIgnore().returningResult(t.token);
    }

    /** H2: {@code SELECT token FROM FINAL TABLE (MERGE … WHEN NOT MATCHED THEN INSERT …)}. */
    private ResultQuery<Record1<Long>> mergeIfAbsent(DSLContext dsl, Map<Field<?>, Field<?>> row, Condition key) {
        var merge = dsl.mergeInto(t.table)
                .using(DSL.selectOne())
                .on(key)
                .whenNotMatchedThenInsert(row.keySet())
                .values(row.values());
        Table<?> inserted = DSL.finalTable(merge);
        return dsl.select(DSL.field(t.token.getUnqualifiedName(), Long.class)).from(inserted);
    }

    /**
     * The row (all columns) and the database's current time as {@link #dbNow} and {@link #dbMicros}; locked when
     * {@code forUpdate}.
     */
    public ResultQuery<Record> read(DSLContext dsl, EventKey key, boolean forUpdate) {
        List<SelectField<?>> fields = new ArrayList<>(t.columns);
        fields.add(dbNow);
        fields.add(dbMicros);
        var select = dsl.select(fields).from(t.table).where(is(key));
        return forUpdate ? select.forUpdate() : select;
    }

    /** The row's token. */
    public ResultQuery<Record1<Long>> token(DSLContext dsl, EventKey key) {
        return dsl.select(t.token).from(t.table).where(is(key));
    }

    /** The database's time in the row that {@link #read} returns. */
    public Instant dbNow(Record row) {
        return row.get(dbNow);
    }

    /** The database's time in microseconds in the row that {@link #read} returns: the floor of a new token. */
    public long dbMicros(Record row) {
        return row.get(dbMicros);
    }

    /**
     * Past its retention, so it behaves as absent: {@code expires_at <= now}, unless the row is in the due queue
     * ({@code next_attempt_at} set), which keeps it alive whatever its expiry (rule 6: nothing queued expires unseen).
     */
    Condition expired() {
        return t.expiresAt.le(time.now()).and(t.nextAttemptAt.isNull());
    }

    /** Not {@link #expired()}. */
    Condition live() {
        return t.expiresAt.gt(time.now()).or(t.nextAttemptAt.isNotNull());
    }

    /**
     * Takes over the row that {@link #read} locked and {@link ClaimDecision} released; with a {@code payload}, a row
     * that keeps none (or starts afresh) keeps that one.
     */
    public Query takeOver(
            DSLContext dsl,
            EventKey key,
            Fingerprint fp,
            @Nullable Payload payload,
            IdempotencyPolicy policy,
            ClaimDecision.TakeOver to) {
        Map<Field<?>, Field<?>> set = new LinkedHashMap<>(clearedResponse());
        set.put(t.status, PROCESSING);
        set.put(t.token, val(to.acquired().token()));
        set.put(t.nextAttemptAt, nullOf(t.nextAttemptAt));
        set.put(t.attempts, val(to.acquired().attempt()));
        set.put(t.leaseUntil, time.after(policy.lease()));
        set.put(t.expiresAt, time.after(unfinishedRetention(policy)));
        set.put(t.updatedAt, time.now());
        set.put(t.completedAt, nullOf(t.completedAt));
        if (to.fresh()) {
            set.put(t.fingerprint, val(fp.hex()));
            set.put(t.payloadBody, nullOf(t.payloadBody));
            set.put(t.payloadHeaders, nullOf(t.payloadHeaders));
            set.put(t.lastError, nullOf(t.lastError));
            set.put(t.errorClass, nullOf(t.errorClass));
            set.put(t.history, nullOf(t.history));
            set.put(t.attemptLog, nullOf(t.attemptLog));
            set.put(t.createdAt, time.now());
        }
        if (payload != null) {
            Field<byte[]> body = val(payload.body(), t.payloadBody);
            Field<String> headers = val(HeadersCodec.encode(payload.headers()), t.payloadHeaders);
            set.put(t.payloadBody, to.fresh() ? body : DSL.coalesce(t.payloadBody, body));
            set.put(t.payloadHeaders, to.fresh() ? headers : DSL.coalesce(t.payloadHeaders, headers));
        }
        return dsl.update(t.table).set(set).where(is(key)).and(t.token.eq(val(to.previousToken())));
    }

    /** The condition that selects the event's row by primary key. */
    Condition is(EventKey key) {
        return t.endpoint.eq(val(key.endpoint())).and(t.eventId.eq(val(key.eventId())));
    }

    /** A PROCESSING row lives at least its retention, and never less than its lease. */
    public static Duration unfinishedRetention(IdempotencyPolicy policy) {
        return policy.retention().compareTo(policy.lease()) > 0 ? policy.retention() : policy.lease();
    }

    static <T> Field<T> nullOf(Field<T> column) {
        return DSL.inline(null, column);
    }

    /** Every column of a new PROCESSING row: token of the database's time in µs, attempt 1, a fresh lease. */
    public Map<Field<?>, Field<?>> freshRow(EventKey key, Fingerprint fp, IdempotencyPolicy policy) {
        return freshRow(
                val(key.endpoint()),
                val(key.eventId()),
                val(fp.hex()),
                val(policy.lease().toMillis()),
                val(unfinishedRetention(policy).toMillis()));
    }

    /** As {@link #freshRow(EventKey, Fingerprint, IdempotencyPolicy)}, of any fields (parameters of a shape). */
    public Map<Field<?>, Field<?>> freshRow(
            Field<String> endpoint,
            Field<String> eventId,
            Field<String> fingerprint,
            Field<Long> leaseMillis,
            Field<Long> retentionMillis) {
        Map<Field<?>, Field<?>> row = new LinkedHashMap<>();
        row.put(t.endpoint, endpoint);
        row.put(t.eventId, eventId);
        row.put(t.formatVersion, inline(EventsTable.FORMAT_VERSION));
        row.put(t.status, PROCESSING);
        row.put(t.fingerprint, fingerprint);
        row.put(t.token, time.micros());
        row.put(t.attempts, inline(1));
        row.put(t.leaseUntil, time.after(leaseMillis));
        row.put(t.expiresAt, time.after(retentionMillis));
        row.put(t.responseBodyOmitted, inline(false));
        row.put(t.createdAt, time.now());
        row.put(t.updatedAt, time.now());
        return row;
    }

    /** The response columns cleared. */
    Map<Field<?>, Field<?>> clearedResponse() {
        Map<Field<?>, Field<?>> set = new LinkedHashMap<>();
        set.put(t.responseStatus, nullOf(t.responseStatus));
        set.put(t.responseType, nullOf(t.responseType));
        set.put(t.responseBody, nullOf(t.responseBody));
        set.put(t.responseBodyOmitted, inline(false));
        return set;
    }
}
