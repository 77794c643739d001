package dev.hookguard.core;

import dev.hookguard.core.operator.OperatorAction.AuditEntry;
import dev.hookguard.core.operator.OperatorStore;
import java.time.Instant;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A snapshot of one event's stored record, as {@link IdempotencyStore#find}, {@link DueQueue#pick} and
 * {@link OperatorStore#list} return it. Times are the store's.
 *
 * @param key the event
 * @param status its state
 * @param fingerprint the fingerprint of the first delivery
 * @param token the current fencing token (never decreases, never repeats for the key, even across expiry)
 * @param attempts attempts since creation or the last requeue / replay
 * @param leaseUntil when the current lease ends; meaningful only while PROCESSING
 * @param response the stored response of a SUCCEEDED or REJECTED record
 * @param payload the kept delivery of a QUEUED, FAILED, DEAD or REJECTED record
 * @param lastError the last failure's message, or an operator's note after a resolve
 * @param createdAt when the record was created
 * @param updatedAt when the record last changed (a pick's push of the due time does not count)
 * @param errorClass the class of the last failure: set on FAILED, DEAD and REJECTED records, kept through
 *     later reclaims and operator actions, cleared when the handler succeeds
 * @param nextAttemptAt the due time while the record is in the due queue (QUEUED, or FAILED with a
 *     receiver retry), else null
 * @param history the operator actions on the record, oldest first, at most {@link AuditEntry#MAX_HISTORY}
 * @param attemptLog the handler's attempts that recorded a verdict, oldest first, the newest {@link
 *     IdempotencyPolicy#attemptLog()} kept
 */
public record EventRecord(
        EventKey key,
        RecordStatus status,
        Fingerprint fingerprint,
        long token,
        int attempts,
        @Nullable Instant leaseUntil,
        @Nullable StoredResponse response,
        @Nullable Payload payload,
        @Nullable String lastError,
        Instant createdAt,
        Instant updatedAt,
        @Nullable ErrorClass errorClass,
        @Nullable Instant nextAttemptAt,
        List<AuditEntry> history,
        List<Attempt> attemptLog) {

    /** Copies the history and the attempt log. */
    public EventRecord {
        history = List.copyOf(history);
        attemptLog = List.copyOf(attemptLog);
    }

    /** A record without an attempt log. */
    public EventRecord(
            EventKey key,
            RecordStatus status,
            Fingerprint fingerprint,
            long token,
            int attempts,
            @Nullable Instant leaseUntil,
            @Nullable StoredResponse response,
            @Nullable Payload payload,
            @Nullable String lastError,
            Instant createdAt,
            Instant updatedAt,
            @Nullable ErrorClass errorClass,
            @Nullable Instant nextAttemptAt,
            List<AuditEntry> history) {
        this(
                key,
                status,
                fingerprint,
                token,
                attempts,
                leaseUntil,
                response,
                payload,
                lastError,
                createdAt,
                updatedAt,
                errorClass,
                nextAttemptAt,
                history,
                List.of());
    }

    /** This record with this attempt log. */
    public EventRecord withAttemptLog(List<Attempt> log) {
        return new EventRecord(
                key,
                status,
                fingerprint,
                token,
                attempts,
                leaseUntil,
                response,
                payload,
                lastError,
                createdAt,
                updatedAt,
                errorClass,
                nextAttemptAt,
                history,
                log);
    }

    /** True while the record waits in the due queue. */
    public boolean isDue() {
        return nextAttemptAt != null;
    }

    /** This record without its payload (listings that must not carry bodies). */
    public EventRecord withoutPayload() {
        return new EventRecord(
                key,
                status,
                fingerprint,
                token,
                attempts,
                leaseUntil,
                response,
                null,
                lastError,
                createdAt,
                updatedAt,
                errorClass,
                nextAttemptAt,
                history,
                attemptLog);
    }
}
