package dev.hookguard.jdbc;

import static dev.hookguard.jdbc.ClaimQueries.PROCESSING;
import static dev.hookguard.jdbc.ClaimQueries.nullOf;
import static org.jooq.impl.DSL.inline;
import static org.jooq.impl.DSL.val;
import static org.jooq.impl.DSL.when;

import dev.hookguard.core.Completion;
import dev.hookguard.core.ErrorClass;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.Failure;
import dev.hookguard.core.HeadersCodec;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.Payload;
import dev.hookguard.core.RecordStatus;
import dev.hookguard.core.StoredResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jooq.Condition;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.UpdateConditionStep;
import org.jooq.impl.DSL;
import org.jspecify.annotations.Nullable;

/**
 * The fenced writes after a claim: each is one {@code UPDATE} whose {@code WHERE} holds only while the row is
 * PROCESSING under the caller's token and not past its retention, so a worker that lost its lease changes nothing.
 */
final class WriteQueries {

    /** Longest stored error or operator note, in characters; longer ones are cut. */
    static final int MAX_ERROR_LENGTH = 4000;

    private final EventsTable t;
    private final DatabaseTime time;
    private final ClaimQueries claims;

    WriteQueries(EventsTable table, DatabaseTime time, ClaimQueries claims) {
        this.t = table;
        this.time = time;
        this.claims = claims;
    }

    UpdateConditionStep<?> renew(DSLContext dsl, EventKey key, long token, IdempotencyPolicy policy) {
        return dsl.update(t.table)
                .set(t.leaseUntil, time.after(policy.lease()))
                .set(t.expiresAt, time.after(ClaimQueries.unfinishedRetention(policy)))
                .set(t.updatedAt, time.now())
                .where(held(key, token));
    }

    UpdateConditionStep<?> complete(
            DSLContext dsl, EventKey key, long token, Completion completion, IdempotencyPolicy policy) {
        Map<Field<?>, Field<?>> set = new LinkedHashMap<>(response(completion.response()));
        set.putAll(payload(completion.payload()));
        set.put(t.status, inline(completion.status().code()));
        set.put(t.errorClass, errorClass(completion.errorClass()));
        set.put(t.leaseUntil, nullOf(t.leaseUntil));
        set.put(t.expiresAt, time.after(policy.retention()));
        set.put(t.updatedAt, time.now());
        set.put(t.completedAt, time.now());
        return dsl.update(t.table).set(set).where(held(key, token));
    }

    /**
     * Records a failure: FAILED below {@code maxAttempts}, else DEAD with the dead-letter retention. A FAILED row with
     * {@link Failure#retryIn()} enters the due queue at now + retryIn and is kept until then plus the retention. With
     * {@code only} null the status is chosen in the statement (PostgreSQL returns it); with FAILED or DEAD the
     * statement applies only when the attempts lead to that status, for databases without {@code UPDATE … RETURNING}.
     */
    UpdateConditionStep<?> fail(
            DSLContext dsl,
            EventKey key,
            long token,
            Failure failure,
            IdempotencyPolicy policy,
            @Nullable RecordStatus only) {
        Condition dead = t.attempts.ge(val(policy.maxAttempts()));
        Duration retryIn = failure.retryIn();
        Field<Instant> due = retryIn == null ? nullOf(t.nextAttemptAt) : time.after(retryIn);
        Field<Instant> failedExpiry =
                time.after(retryIn == null ? policy.retention() : retryIn.plus(policy.retention()));
        Map<Field<?>, Field<?>> set = new LinkedHashMap<>(response(null));
        set.putAll(payload(failure.payload()));
        set.put(t.lastError, val(capped(failure.error())));
        set.put(t.errorClass, errorClass(failure.errorClass()));
        set.put(t.leaseUntil, nullOf(t.leaseUntil));
        set.put(t.updatedAt, time.now());
        if (only == null) {
            set.put(t.status, when(dead, inline(RecordStatus.DEAD.code())).otherwise(ClaimQueries.FAILED));
            set.put(t.expiresAt, when(dead, time.after(policy.deadRetention())).otherwise(failedExpiry));
            // both branches null would be typed text on PostgreSQL: without a retry the column is simply null
            set.put(
                    t.nextAttemptAt,
                    retryIn == null ? due : when(dead, nullOf(t.nextAttemptAt)).otherwise(due));
            return dsl.update(t.table).set(set).where(held(key, token));
        }
        boolean toDead = only == RecordStatus.DEAD;
        set.put(t.status, inline(only.code()));
        set.put(t.expiresAt, toDead ? time.after(policy.deadRetention()) : failedExpiry);
        set.put(t.nextAttemptAt, toDead ? nullOf(t.nextAttemptAt) : due);
        return dsl.update(t.table).set(set).where(held(key, token)).and(toDead ? dead : DSL.not(dead));
    }

    /** The stored code of an error class, or null. */
    Field<String> errorClass(@Nullable ErrorClass errorClass) {
        return errorClass == null ? nullOf(t.errorClass) : inline(errorClass.code());
    }

    /** The fence: the row is PROCESSING under {@code token} and not past its retention. */
    Condition held(EventKey key, long token) {
        return claims.is(key)
                .and(t.token.eq(val(token)))
                .and(t.status.eq(PROCESSING))
                .and(t.expiresAt.gt(time.now()));
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

    private Map<Field<?>, Field<?>> payload(@Nullable Payload payload) {
        Map<Field<?>, Field<?>> set = new LinkedHashMap<>();
        set.put(t.payloadBody, payload == null ? nullOf(t.payloadBody) : val(payload.body(), t.payloadBody));
        set.put(
                t.payloadHeaders,
                payload == null
                        ? nullOf(t.payloadHeaders)
                        : val(HeadersCodec.encode(payload.headers()), t.payloadHeaders));
        return set;
    }

    /** The text cut to {@value #MAX_ERROR_LENGTH} characters, never between the halves of a surrogate pair. */
    static String capped(String text) {
        if (text.length() <= MAX_ERROR_LENGTH) {
            return text;
        }
        int end =
                Character.isHighSurrogate(text.charAt(MAX_ERROR_LENGTH - 1)) ? MAX_ERROR_LENGTH - 1 : MAX_ERROR_LENGTH;
        return text.substring(0, end);
    }
}
