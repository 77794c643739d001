package dev.hookguard.core.memory;

import dev.hookguard.core.ClaimOutcome;
import dev.hookguard.core.Completion;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.EventRecord;
import dev.hookguard.core.Failure;
import dev.hookguard.core.Fingerprint;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.Payload;
import dev.hookguard.core.RecordStatus;
import dev.hookguard.core.StoredResponse;
import java.time.Duration;
import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * One immutable in-memory record and its expiry; every transition returns a new entry. The transitions
 * are those of DESIGN.md §3; guards (token, status) are checked by {@link InMemoryStore}.
 */
record Entry(EventRecord record, Instant expiresAt) {

    static Entry created(EventKey key, Fingerprint fingerprint, Instant now, IdempotencyPolicy policy) {
        EventRecord r = new EventRecord(
                key, RecordStatus.PROCESSING, fingerprint, 1, 1, now.plus(policy.lease()), null, null, null, now, now);
        return new Entry(r, unfinishedExpiry(now, policy));
    }

    boolean expired(Instant now) {
        return !now.isBefore(expiresAt);
    }

    /** What a claim with a matching fingerprint finds in this record. */
    ClaimOutcome outcomeOfClaim(Instant now) {
        EventRecord r = record;
        return switch (r.status()) {
            case PROCESSING ->
                r.leaseUntil() != null && now.isBefore(r.leaseUntil())
                        ? new ClaimOutcome.InProgress(Duration.between(now, r.leaseUntil()))
                        : new ClaimOutcome.Acquired(r.token() + 1, r.attempts() + 1);
            case FAILED -> new ClaimOutcome.Acquired(r.token() + 1, r.attempts() + 1);
            case SUCCEEDED, REJECTED -> new ClaimOutcome.Duplicate(r.status(), r.response());
            case DEAD -> new ClaimOutcome.Dead();
        };
    }

    Entry reclaimed(Instant now, IdempotencyPolicy policy) {
        EventRecord r = record;
        return next(RecordStatus.PROCESSING, r.token() + 1, r.attempts() + 1, now.plus(policy.lease()), null)
                .kept(r.payload(), r.lastError(), now, unfinishedExpiry(now, policy));
    }

    Entry renewed(Instant now, IdempotencyPolicy policy) {
        EventRecord r = record;
        return next(r.status(), r.token(), r.attempts(), now.plus(policy.lease()), null)
                .kept(r.payload(), r.lastError(), now, unfinishedExpiry(now, policy));
    }

    Entry completed(Completion c, Instant now, IdempotencyPolicy policy) {
        EventRecord r = record;
        return next(c.status(), r.token(), r.attempts(), null, c.response())
                .kept(c.payload(), r.lastError(), now, now.plus(policy.retention()));
    }

    Entry failed(Failure f, Instant now, IdempotencyPolicy policy) {
        EventRecord r = record;
        boolean dead = r.attempts() >= policy.maxAttempts();
        return next(dead ? RecordStatus.DEAD : RecordStatus.FAILED, r.token(), r.attempts(), null, null)
                .kept(f.payload(), f.error(), now, now.plus(dead ? policy.deadRetention() : policy.retention()));
    }

    Entry resolved(String note, Instant now, IdempotencyPolicy policy) {
        EventRecord r = record;
        return next(RecordStatus.SUCCEEDED, r.token(), r.attempts(), null, StoredResponse.empty(200))
                .kept(r.payload(), note, now, now.plus(policy.retention()));
    }

    Entry requeued(Instant now, IdempotencyPolicy policy) {
        EventRecord r = record;
        return next(RecordStatus.FAILED, r.token(), 0, null, null)
                .kept(r.payload(), r.lastError(), now, now.plus(policy.retention()));
    }

    /** The first half of a transition: the new state, fencing and response. */
    private Next next(
            RecordStatus status,
            long token,
            int attempts,
            @Nullable Instant leaseUntil,
            @Nullable StoredResponse response) {
        return new Next(record, status, token, attempts, leaseUntil, response);
    }

    /** A transition in the making; {@link #kept} adds what is kept and when it expires. */
    private record Next(
            EventRecord from,
            RecordStatus status,
            long token,
            int attempts,
            @Nullable Instant leaseUntil,
            @Nullable StoredResponse response) {

        Entry kept(@Nullable Payload payload, @Nullable String lastError, Instant now, Instant expiresAt) {
            EventRecord r = new EventRecord(
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
                    now);
            return new Entry(r, expiresAt);
        }
    }

    /** A PROCESSING or FAILED record lives at least its retention, and never less than its lease. */
    private static Instant unfinishedExpiry(Instant now, IdempotencyPolicy policy) {
        Duration keep = policy.retention().compareTo(policy.lease()) > 0 ? policy.retention() : policy.lease();
        return now.plus(keep);
    }
}
