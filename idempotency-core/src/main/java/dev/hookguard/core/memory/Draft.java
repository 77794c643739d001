package dev.hookguard.core.memory;

import dev.hookguard.core.Attempt;
import dev.hookguard.core.ErrorClass;
import dev.hookguard.core.EventRecord;
import dev.hookguard.core.Payload;
import dev.hookguard.core.RecordStatus;
import dev.hookguard.core.StoredResponse;
import dev.hookguard.core.internal.AttemptLog;
import dev.hookguard.core.internal.AuditHistory;
import dev.hookguard.core.operator.OperatorAction.AuditEntry;
import java.time.Instant;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A record being changed by one transition: starts as a copy of the current record, each setter changes one
 * field, {@link #build} makes the new immutable {@link EventRecord}. Used inside one {@code compute} only.
 */
final class Draft {
    private final EventRecord from;
    private RecordStatus status;
    private long token;
    private int attempts;
    private @Nullable Instant leaseUntil;
    private @Nullable StoredResponse response;
    private @Nullable Payload payload;
    private @Nullable String lastError;
    private Instant updatedAt;
    private @Nullable ErrorClass errorClass;
    private @Nullable Instant nextAttemptAt;
    private List<AuditEntry> history;
    private List<Attempt> attemptLog;

    Draft(EventRecord from, Instant now) {
        this.from = from;
        this.status = from.status();
        this.token = from.token();
        this.attempts = from.attempts();
        this.leaseUntil = from.leaseUntil();
        this.response = from.response();
        this.payload = from.payload();
        this.lastError = from.lastError();
        this.updatedAt = now;
        this.errorClass = from.errorClass();
        this.nextAttemptAt = from.nextAttemptAt();
        this.history = from.history();
        this.attemptLog = from.attemptLog();
    }

    Draft status(RecordStatus status) {
        this.status = status;
        return this;
    }

    Draft token(long token) {
        this.token = token;
        return this;
    }

    Draft attempts(int attempts) {
        this.attempts = attempts;
        return this;
    }

    Draft leaseUntil(@Nullable Instant leaseUntil) {
        this.leaseUntil = leaseUntil;
        return this;
    }

    Draft response(@Nullable StoredResponse response) {
        this.response = response;
        return this;
    }

    Draft payload(@Nullable Payload payload) {
        this.payload = payload;
        return this;
    }

    Draft lastError(@Nullable String lastError) {
        this.lastError = lastError;
        return this;
    }

    Draft errorClass(@Nullable ErrorClass errorClass) {
        this.errorClass = errorClass;
        return this;
    }

    Draft nextAttemptAt(@Nullable Instant nextAttemptAt) {
        this.nextAttemptAt = nextAttemptAt;
        return this;
    }

    Draft keepUpdatedAt() {
        this.updatedAt = from.updatedAt();
        return this;
    }

    Draft audit(AuditEntry entry) {
        this.history = AuditHistory.append(history, entry);
        return this;
    }

    /** Appends the verdict's attempt, keeping the newest {@code max}. */
    Draft attempt(@Nullable Attempt attempt, int max) {
        this.attemptLog = AttemptLog.append(attemptLog, attempt, max);
        return this;
    }

    EventRecord build() {
        return new EventRecord(
                from.key(),
                status,
                from.fingerprint(),
                token,
                attempts,
                leaseUntil,
                response,
                payload,
                lastError,
                from.createdAt(),
                updatedAt,
                errorClass,
                nextAttemptAt,
                history,
                attemptLog);
    }
}
