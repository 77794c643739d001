package dev.hookguard.jdbc.internal.sql;

import static dev.hookguard.jdbc.internal.sql.ClaimQueries.PROCESSING;
import static dev.hookguard.jdbc.internal.sql.ClaimQueries.nullOf;
import static org.jooq.impl.DSL.inline;
import static org.jooq.impl.DSL.val;
import static org.jooq.impl.DSL.when;

import dev.hookguard.core.Attempt;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.RecordStatus;
import dev.hookguard.core.StoredResponse;
import dev.hookguard.core.internal.AttemptLog;
import dev.hookguard.jdbc.internal.DatabaseTime;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jooq.Condition;
import org.jooq.Field;
import org.jooq.UpdateConditionStep;
import org.jooq.impl.DSL;
import org.jooq.impl.SQLDataType;
import org.jspecify.annotations.Nullable;

/**
 * The fenced writes after a claim: each is one {@code UPDATE} whose {@code WHERE} holds only while the row is
 * PROCESSING under the caller's token and not past its retention, so a worker that lost its lease changes nothing.
 */
public final class WriteQueries {

    /** Longest stored error or operator note, in characters; longer ones are cut. */
    static final int MAX_ERROR_LENGTH = 4000;

    private final EventsTable t;
    private final DatabaseTime time;
    private final ClaimQueries claims;

    public WriteQueries(EventsTable table, DatabaseTime time, ClaimQueries claims) {
        this.t = table;
        this.time = time;
        this.claims = claims;
    }

    /** Parameter names of the fenced writes' shapes. */
    static final String TOKEN = "token";

    static final String LEASE_MS = ClaimQueries.LEASE_MS;
    static final String RETENTION_MS = ClaimQueries.RETENTION_MS;
    static final String STATUS = "status";
    static final String RESPONSE_STATUS = "response_status";
    static final String RESPONSE_TYPE = "response_type";
    static final String RESPONSE_BODY = "response_body";
    static final String RESPONSE_BODY_OMITTED = "response_body_omitted";
    static final String PAYLOAD_BODY = "payload_body";
    static final String PAYLOAD_HEADERS = "payload_headers";
    static final String ERROR_CLASS = "error_class";
    static final String LAST_ERROR = "last_error";
    static final String MAX_ATTEMPTS = "max_attempts";
    static final String RETRY_MS = "retry_ms";
    static final String FAILED_RETENTION_MS = "failed_retention_ms";
    static final String DEAD_RETENTION_MS = "dead_retention_ms";
    static final String ATTEMPT = "attempt";
    static final String ATTEMPT_LOG_CHARS = "attempt_log_chars";
    /**
     * Characters of attempt log a row keeps per attempt of the policy's {@code attemptLog}: the longest line of an
     * attempt (its message and stack trace bounded by {@link dev.hookguard.core.Attempt}, JSON-escaped).
     */
    public static final int ATTEMPT_LOG_CHARS_PER_ATTEMPT = 20_000;

    /** The parameters of {@link #renew()}, in the order callers pass them. */
    public static final String[] RENEW_PARAMETERS = {
        ClaimQueries.ENDPOINT, ClaimQueries.EVENT_ID, TOKEN, LEASE_MS, RETENTION_MS
    };

    /** The parameters of {@link #complete()}, in the order callers pass them. */
    public static final String[] COMPLETE_PARAMETERS = {
        ClaimQueries.ENDPOINT,
        ClaimQueries.EVENT_ID,
        TOKEN,
        STATUS,
        RESPONSE_STATUS,
        RESPONSE_TYPE,
        RESPONSE_BODY,
        RESPONSE_BODY_OMITTED,
        PAYLOAD_BODY,
        PAYLOAD_HEADERS,
        ERROR_CLASS,
        RETENTION_MS,
        ATTEMPT,
        ATTEMPT_LOG_CHARS
    };

    /** The parameters of {@link #fail(RecordStatus)}, in the order callers pass them. */
    public static final String[] FAIL_PARAMETERS = {
        ClaimQueries.ENDPOINT,
        ClaimQueries.EVENT_ID,
        TOKEN,
        PAYLOAD_BODY,
        PAYLOAD_HEADERS,
        LAST_ERROR,
        ERROR_CLASS,
        MAX_ATTEMPTS,
        RETRY_MS,
        FAILED_RETENTION_MS,
        DEAD_RETENTION_MS,
        ATTEMPT,
        ATTEMPT_LOG_CHARS
    };

    /** Extends a held lease: {@code lease_until} and {@code expires_at} from now. */
    public UpdateConditionStep<?> renew() {
        return DSL.update(t.table)
                .set(t.leaseUntil, time.after(DSL.param(LEASE_MS, Long.class)))
                .set(t.expiresAt, time.after(DSL.param(RETENTION_MS, Long.class)))
                .set(t.updatedAt, time.now())
                .where(held());
    }

    /** Records SUCCEEDED or REJECTED ({@code status}) with the response to replay, kept for {@code retention_ms}. */
    public UpdateConditionStep<?> complete() {
        return complete(held());
    }

    /**
     * {@link #complete()} in the transaction of the transactional mode's claim, fenced by its token: the row is the
     * one that claim wrote, PROCESSING when it took a row over, SUCCEEDED when it opened a fresh one ({@link
     * ClaimQueries#openedInTransaction()}). The claim's transaction holds the row's lock, so no other writer can have
     * changed it. Same parameters.
     */
    public UpdateConditionStep<?> completeInTransaction() {
        return complete(
                fence(t.status.cast(SQLDataType.VARCHAR(1)).in(PROCESSING, ClaimQueries.openedInTransaction())));
    }

    private UpdateConditionStep<?> complete(Condition fence) {
        Map<Field<?>, Field<?>> set = new LinkedHashMap<>(responseParameters());
        set.putAll(payloadParameters());
        set.put(t.status, ClaimQueries.param(STATUS, t.status));
        set.put(t.errorClass, ClaimQueries.param(ERROR_CLASS, t.errorClass));
        set.put(t.leaseUntil, nullOf(t.leaseUntil));
        set.put(t.expiresAt, time.after(DSL.param(RETENTION_MS, Long.class)));
        set.put(t.updatedAt, time.now());
        set.put(t.completedAt, time.now());
        set.put(t.attemptLog, attemptAppended());
        return DSL.update(t.table).set(set).where(fence);
    }

    /**
     * Records a failure: FAILED below {@code max_attempts}, else DEAD with the dead-letter retention. A FAILED row with
     * a {@code retry_ms} (null: none) enters the due queue at now + retry and is kept for {@code failed_retention_ms}
     * (the retry plus the retention). With {@code only} null the status is chosen in the statement (PostgreSQL returns
     * it); with FAILED or DEAD the statement applies only when the attempts lead to that status, for databases without
     * {@code UPDATE … RETURNING}. Parameters: {@link #FAIL_PARAMETERS}.
     */
    public UpdateConditionStep<?> fail(@Nullable RecordStatus only) {
        Condition dead = t.attempts.ge(DSL.param(MAX_ATTEMPTS, Integer.class));
        Field<Instant> due = time.after(DSL.param(RETRY_MS, Long.class));
        Field<Instant> failedExpiry = time.after(DSL.param(FAILED_RETENTION_MS, Long.class));
        Field<Instant> deadExpiry = time.after(DSL.param(DEAD_RETENTION_MS, Long.class));
        Map<Field<?>, Field<?>> set = new LinkedHashMap<>(response(null));
        set.putAll(payloadParameters());
        set.put(t.lastError, ClaimQueries.param(LAST_ERROR, t.lastError));
        set.put(t.errorClass, ClaimQueries.param(ERROR_CLASS, t.errorClass));
        set.put(t.leaseUntil, nullOf(t.leaseUntil));
        set.put(t.updatedAt, time.now());
        set.put(t.attemptLog, attemptAppended());
        if (only == null) {
            set.put(t.status, when(dead, inline(RecordStatus.DEAD.code())).otherwise(ClaimQueries.FAILED));
            set.put(t.expiresAt, when(dead, deadExpiry).otherwise(failedExpiry));
            set.put(t.nextAttemptAt, when(dead, nullOf(t.nextAttemptAt)).otherwise(due));
            return DSL.update(t.table).set(set).where(held());
        }
        boolean toDead = only == RecordStatus.DEAD;
        set.put(t.status, inline(only.code()));
        set.put(t.expiresAt, toDead ? deadExpiry : failedExpiry);
        set.put(t.nextAttemptAt, toDead ? nullOf(t.nextAttemptAt) : due);
        return DSL.update(t.table).set(set).where(held()).and(toDead ? dead : DSL.not(dead));
    }

    /**
     * The fence: the row is PROCESSING under the parameter {@code token} and not past its retention. The status is
     * compared as a cast, not as the bare column, so that no index can answer it: on PostgreSQL the ops index
     * ({@code endpoint, status, updated_at, event_id}, every status but SUCCEEDED) otherwise looked cheapest for
     * {@code endpoint = ? and status = 'P' and event_id = ?}, and its scan walks every PROCESSING entry of the
     * endpoint, including the dead one each finished event leaves until VACUUM, so each fenced write cost more as
     * events were finished (the benchmark's pairs/s halved within ten seconds). The primary key reads the one row.
     */
    Condition held() {
        return fence(t.status.cast(SQLDataType.VARCHAR(1)).eq(PROCESSING));
    }

    /**
     * The row of the parameters {@code endpoint} and {@code event_id}, under the parameter {@code token}, in {@code
     * status}, not past its retention.
     */
    private Condition fence(Condition status) {
        return claims.isParameter()
                .and(t.token.eq(DSL.param(TOKEN, Long.class)))
                .and(status)
                .and(t.expiresAt.gt(time.now()));
    }

    /**
     * The attempt log with the parameter {@code attempt} (one line, or empty) appended, cut from the front to {@code
     * attempt_log_chars} characters: one statement on every dialect; the reader skips a cut first line and keeps
     * the newest lines.
     */
    private Field<String> attemptAppended() {
        return DSL.right(
                DSL.concat(DSL.coalesce(t.attemptLog, inline("")), ClaimQueries.param(ATTEMPT, t.attemptLog)),
                DSL.param(ATTEMPT_LOG_CHARS, Integer.class));
    }

    /** The attempt's line for the parameter {@code attempt}: empty when there is none. */
    public static String attemptLine(@Nullable Attempt attempt) {
        return attempt == null ? "" : AttemptLog.line(attempt);
    }

    /** The parameter {@code attempt_log_chars} for this policy. */
    public static int attemptLogChars(IdempotencyPolicy policy) {
        return policy.attemptLog() * ATTEMPT_LOG_CHARS_PER_ATTEMPT;
    }

    /** The response columns as the parameters of {@link #complete()}. */
    private Map<Field<?>, Field<?>> responseParameters() {
        Map<Field<?>, Field<?>> set = new LinkedHashMap<>();
        set.put(t.responseStatus, ClaimQueries.param(RESPONSE_STATUS, t.responseStatus));
        set.put(t.responseType, ClaimQueries.param(RESPONSE_TYPE, t.responseType));
        set.put(t.responseBody, ClaimQueries.param(RESPONSE_BODY, t.responseBody));
        set.put(t.responseBodyOmitted, ClaimQueries.param(RESPONSE_BODY_OMITTED, t.responseBodyOmitted));
        return set;
    }

    /** The kept payload's columns as parameters. */
    private Map<Field<?>, Field<?>> payloadParameters() {
        Map<Field<?>, Field<?>> set = new LinkedHashMap<>();
        set.put(t.payloadBody, ClaimQueries.param(PAYLOAD_BODY, t.payloadBody));
        set.put(t.payloadHeaders, ClaimQueries.param(PAYLOAD_HEADERS, t.payloadHeaders));
        return set;
    }

    /** The response columns set to {@code response}, or cleared when it is null. */
    Map<Field<?>, Field<?>> response(@Nullable StoredResponse response) {
        Map<Field<?>, Field<?>> set = new LinkedHashMap<>();
        set.put(t.responseStatus, response == null ? nullOf(t.responseStatus) : val(response.status()));
        set.put(
                t.responseType,
                response == null ? nullOf(t.responseType) : val(response.contentType(), t.responseType));
        set.put(t.responseBody, response == null ? nullOf(t.responseBody) : val(response.body(), t.responseBody));
        set.put(t.responseBodyOmitted, inline(response != null && response.bodyOmitted()));
        return set;
    }

    /** The text cut to {@value #MAX_ERROR_LENGTH} characters, never between the halves of a surrogate pair. */
    public static String capped(String text) {
        if (text.length() <= MAX_ERROR_LENGTH) {
            return text;
        }
        int end =
                Character.isHighSurrogate(text.charAt(MAX_ERROR_LENGTH - 1)) ? MAX_ERROR_LENGTH - 1 : MAX_ERROR_LENGTH;
        return text.substring(0, end);
    }
}
