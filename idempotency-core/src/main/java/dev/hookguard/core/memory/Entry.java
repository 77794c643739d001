package dev.hookguard.core.memory;

import dev.hookguard.core.Attempt;
import dev.hookguard.core.ClaimOutcome;
import dev.hookguard.core.Completion;
import dev.hookguard.core.EnqueueOutcome;
import dev.hookguard.core.ErrorClass;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.EventRecord;
import dev.hookguard.core.Failure;
import dev.hookguard.core.Fingerprint;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.Payload;
import dev.hookguard.core.RecordStatus;
import dev.hookguard.core.StoredResponse;
import dev.hookguard.core.operator.OperatorAction;
import dev.hookguard.core.operator.OperatorAction.AuditEntry;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HexFormat;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * One immutable in-memory record and its expiry; every transition returns a new entry. The transitions
 * are those of DESIGN.md §3 and §8; guards (token, status) are checked by {@link InMemoryStore}.
 *
 * <p>A settled success with nothing pending (no payload, lease or due time: nearly every record a store keeps for
 * its retention) is kept compact: its fields in this one object, the fingerprint as four {@code long}s and the times
 * as numbers, where the {@link EventRecord} form takes seven objects more (the record, its fingerprint and that
 * fingerprint's string and bytes, three {@code Instant}s). The record is made again when it is read ({@link
 * #record()}); the store's hot paths read the fields they need without making it ({@link #status()}, {@link
 * #token()}, {@link #hasFingerprint}, {@link #nextAttemptAt()}). Fewer objects per kept record is less for the
 * garbage collector to copy while the records are young. Entries compare by identity: the store replaces or drops
 * "the same entry" only.
 */
final class Entry {

    private static final HexFormat HEX = HexFormat.of();

    /** The record, for every entry but a compact one. */
    private final @Nullable EventRecord full;

    private final long expiresSecond;
    private final int expiresNano;

    // a compact success (full == null): the record's fields
    private final @Nullable EventKey key;
    private final long fingerprint0;
    private final long fingerprint1;
    private final long fingerprint2;
    private final long fingerprint3;
    private final long token;
    private final int attempts;
    private final long createdSecond;
    private final int createdNano;
    private final long updatedSecond;
    private final int updatedNano;
    private final @Nullable StoredResponse response;
    private final @Nullable ErrorClass errorClass;
    private final @Nullable String lastError;
    private final @Nullable List<AuditEntry> history;
    private final @Nullable List<Attempt> attemptLog;

    private Entry(EventRecord r, Instant expiresAt) {
        this.expiresSecond = expiresAt.getEpochSecond();
        this.expiresNano = expiresAt.getNano();
        this.token = r.token();
        boolean compact = r.status() == RecordStatus.SUCCEEDED
                && r.payload() == null
                && r.leaseUntil() == null
                && r.nextAttemptAt() == null;
        if (!compact) {
            this.full = r;
            this.key = null;
            this.fingerprint0 = this.fingerprint1 = this.fingerprint2 = this.fingerprint3 = 0;
            this.attempts = 0;
            this.createdSecond = this.updatedSecond = 0;
            this.createdNano = this.updatedNano = 0;
            this.response = null;
            this.errorClass = null;
            this.lastError = null;
            this.history = null;
            this.attemptLog = null;
            return;
        }
        this.full = null;
        this.key = r.key();
        String hex = r.fingerprint().hex();
        this.fingerprint0 = hexLong(hex, 0);
        this.fingerprint1 = hexLong(hex, 16);
        this.fingerprint2 = hexLong(hex, 32);
        this.fingerprint3 = hexLong(hex, 48);
        this.attempts = r.attempts();
        this.createdSecond = r.createdAt().getEpochSecond();
        this.createdNano = r.createdAt().getNano();
        this.updatedSecond = r.updatedAt().getEpochSecond();
        this.updatedNano = r.updatedAt().getNano();
        this.response = r.response();
        this.errorClass = r.errorClass();
        this.lastError = r.lastError();
        this.history = r.history();
        this.attemptLog = r.attemptLog();
    }

    /** The record as it is now; a compact entry makes it again. */
    EventRecord record() {
        if (full != null) {
            return full;
        }
        return new EventRecord(
                key,
                RecordStatus.SUCCEEDED,
                new Fingerprint(HEX.toHexDigits(fingerprint0)
                        + HEX.toHexDigits(fingerprint1)
                        + HEX.toHexDigits(fingerprint2)
                        + HEX.toHexDigits(fingerprint3)),
                token,
                attempts,
                null,
                response,
                null,
                lastError,
                Instant.ofEpochSecond(createdSecond, createdNano),
                Instant.ofEpochSecond(updatedSecond, updatedNano),
                errorClass,
                null,
                history,
                attemptLog);
    }

    Instant expiresAt() {
        return Instant.ofEpochSecond(expiresSecond, expiresNano);
    }

    EventKey key() {
        return full != null ? full.key() : key;
    }

    RecordStatus status() {
        return full != null ? full.status() : RecordStatus.SUCCEEDED;
    }

    long token() {
        return token;
    }

    @Nullable
    Instant nextAttemptAt() {
        return full != null ? full.nextAttemptAt() : null;
    }

    /** Whether the record's fingerprint is {@code fingerprint}, without making the record. */
    boolean hasFingerprint(Fingerprint fingerprint) {
        if (full != null) {
            return full.fingerprint().equals(fingerprint);
        }
        String hex = fingerprint.hex();
        return hexLong(hex, 0) == fingerprint0
                && hexLong(hex, 16) == fingerprint1
                && hexLong(hex, 32) == fingerprint2
                && hexLong(hex, 48) == fingerprint3;
    }

    /** Sixteen lower-case hex digits of a validated fingerprint, from {@code from}, as a number. */
    private static long hexLong(String hex, int from) {
        long value = 0;
        for (int i = from; i < from + 16; i++) {
            char c = hex.charAt(i);
            value = (value << 4) | (c <= '9' ? c - '0' : c - 'a' + 10);
        }
        return value;
    }

    /** A new PROCESSING record; {@code previous} is the expired record it replaces, if any. */
    static Entry created(
            EventKey key,
            Fingerprint fingerprint,
            @Nullable Payload payload,
            @Nullable Entry previous,
            Instant now,
            IdempotencyPolicy policy) {
        EventRecord r = new EventRecord(
                key,
                RecordStatus.PROCESSING,
                fingerprint,
                nextToken(previous == null ? 0 : previous.token, now),
                1,
                now.plus(policy.lease()),
                null,
                payload,
                null,
                now,
                now,
                null,
                null,
                List.of());
        return new Entry(r, unfinishedExpiry(now, policy));
    }

    /** A new QUEUED record with its payload, due now. */
    static Entry queued(
            EventKey key,
            Fingerprint fingerprint,
            Payload payload,
            @Nullable Entry previous,
            Instant now,
            IdempotencyPolicy policy) {
        EventRecord r = new EventRecord(
                key,
                RecordStatus.QUEUED,
                fingerprint,
                nextToken(previous == null ? 0 : previous.token, now),
                0,
                null,
                null,
                payload,
                null,
                now,
                now,
                null,
                now,
                List.of());
        return new Entry(r, now.plus(policy.retention()));
    }

    boolean expired(Instant now) {
        long second = now.getEpochSecond();
        return second > expiresSecond || (second == expiresSecond && now.getNano() >= expiresNano);
    }

    /** What a claim with a matching fingerprint finds in this record. */
    ClaimOutcome outcomeOfClaim(Instant now) {
        if (full == null) {
            return new ClaimOutcome.Duplicate(RecordStatus.SUCCEEDED, response);
        }
        EventRecord r = full;
        return switch (r.status()) {
            case PROCESSING ->
                r.leaseUntil() != null && now.isBefore(r.leaseUntil())
                        ? new ClaimOutcome.InProgress(Duration.between(now, r.leaseUntil()))
                        : acquired(now);
            case FAILED, QUEUED -> acquired(now);
            case SUCCEEDED, REJECTED -> new ClaimOutcome.Duplicate(r.status(), r.response());
            case DEAD -> new ClaimOutcome.Dead();
        };
    }

    /** What an enqueue with a matching fingerprint finds in this record. */
    EnqueueOutcome outcomeOfEnqueue() {
        if (full == null) {
            return new EnqueueOutcome.Duplicate(RecordStatus.SUCCEEDED, response);
        }
        EventRecord record = full;
        return switch (record.status()) {
            case QUEUED, PROCESSING, FAILED -> new EnqueueOutcome.Pending(record.status());
            case SUCCEEDED, REJECTED -> new EnqueueOutcome.Duplicate(record.status(), record.response());
            case DEAD -> new EnqueueOutcome.Dead();
        };
    }

    private ClaimOutcome.Acquired acquired(Instant now) {
        return new ClaimOutcome.Acquired(nextToken(token, now), record().attempts() + 1);
    }

    /** Taken over by a claim; {@code payload} is kept only when the record keeps none. */
    Entry reclaimed(ClaimOutcome.Acquired claim, @Nullable Payload payload, Instant now, IdempotencyPolicy policy) {
        return new Entry(
                draft(now)
                        .payload(record().payload() == null ? payload : record().payload())
                        .status(RecordStatus.PROCESSING)
                        .token(claim.token())
                        .attempts(claim.attempt())
                        .leaseUntil(now.plus(policy.lease()))
                        .response(null)
                        .nextAttemptAt(null)
                        .build(),
                unfinishedExpiry(now, policy));
    }

    Entry renewed(Instant now, IdempotencyPolicy policy) {
        return new Entry(draft(now).leaseUntil(now.plus(policy.lease())).build(), unfinishedExpiry(now, policy));
    }

    Entry completed(Completion c, Instant now, IdempotencyPolicy policy) {
        return new Entry(
                draft(now)
                        .status(c.status())
                        .leaseUntil(null)
                        .response(c.response())
                        .payload(c.payload())
                        .errorClass(c.errorClass())
                        .attempt(c.attempt(), policy.attemptLog())
                        .build(),
                now.plus(policy.retention()));
    }

    Entry failed(Failure f, Instant now, IdempotencyPolicy policy) {
        boolean dead = record().attempts() >= policy.maxAttempts();
        Instant due = dead || f.retryIn() == null ? null : now.plus(f.retryIn());
        Instant expiry = dead ? now.plus(policy.deadRetention()) : (due == null ? now : due).plus(policy.retention());
        return new Entry(
                draft(now)
                        .status(dead ? RecordStatus.DEAD : RecordStatus.FAILED)
                        .leaseUntil(null)
                        .payload(f.payload())
                        .lastError(f.error())
                        .errorClass(f.errorClass())
                        .nextAttemptAt(due)
                        .attempt(f.attempt(), policy.attemptLog())
                        .build(),
                expiry);
    }

    /** In the due queue at now + delay; a PROCESSING record past its lease becomes FAILED, unrecorded. */
    Entry scheduled(Duration delay, Instant now, IdempotencyPolicy policy) {
        Instant due = now.plus(delay);
        Draft draft = draft(now).nextAttemptAt(due);
        if (status() == RecordStatus.PROCESSING) {
            draft.status(RecordStatus.FAILED)
                    .leaseUntil(null)
                    .errorClass(ErrorClass.UNRECORDED)
                    .lastError("lease expired without a verdict");
        }
        return new Entry(draft.build(), later(expiresAt(), due.plus(policy.retention())));
    }

    /** Reserved by a picker until now + window; the expiry moves as far as the due time. */
    Entry picked(Instant now, Duration window) {
        Instant due = now.plus(window);
        Duration push = Duration.between(nextAttemptAt(), due);
        return new Entry(
                draft(now).nextAttemptAt(due).keepUpdatedAt().build(),
                expiresAt().plus(push));
    }

    /** A reservation handed back: due now; the expiry stays where the pick moved it. */
    Entry released(Instant now) {
        return new Entry(draft(now).nextAttemptAt(now).keepUpdatedAt().build(), expiresAt());
    }

    Entry replayed(OperatorAction action, String name, Instant now, IdempotencyPolicy policy) {
        return new Entry(
                draft(now)
                        .status(RecordStatus.QUEUED)
                        .attempts(0)
                        .leaseUntil(null)
                        .response(null)
                        .nextAttemptAt(now)
                        .audit(action.entry(now, name))
                        .build(),
                now.plus(policy.retention()));
    }

    Entry requeued(OperatorAction action, String name, Instant now, IdempotencyPolicy policy) {
        return new Entry(
                draft(now)
                        .status(RecordStatus.FAILED)
                        .attempts(0)
                        .response(null)
                        .nextAttemptAt(null)
                        .audit(action.entry(now, name))
                        .build(),
                now.plus(policy.retention()));
    }

    /** SUCCEEDED by an operator (resolve or skip): an empty 200 to replay, the note as last error if any. */
    Entry settled(OperatorAction action, String name, Instant now, IdempotencyPolicy policy) {
        return new Entry(
                draft(now)
                        .status(RecordStatus.SUCCEEDED)
                        .leaseUntil(null)
                        .response(StoredResponse.empty(200))
                        .lastError(action.note() == null ? record().lastError() : action.note())
                        .nextAttemptAt(null)
                        .audit(action.entry(now, name))
                        .build(),
                now.plus(policy.retention()));
    }

    private Draft draft(Instant now) {
        return new Draft(record(), now);
    }

    /** {@code max(previous + 1, now in microseconds)}: tokens never repeat for a key, even across expiry. */
    static long nextToken(long previous, Instant now) {
        long micros = ChronoUnit.MICROS.between(Instant.EPOCH, now);
        return Math.max(previous + 1, micros);
    }

    /** A PROCESSING or FAILED record lives at least its retention, and never less than its lease. */
    private static Instant unfinishedExpiry(Instant now, IdempotencyPolicy policy) {
        Duration keep = policy.retention().compareTo(policy.lease()) > 0 ? policy.retention() : policy.lease();
        return now.plus(keep);
    }

    private static Instant later(Instant a, Instant b) {
        return a.isAfter(b) ? a : b;
    }
}
