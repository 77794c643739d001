package dev.hookguard.core;

import dev.hookguard.core.operator.OperatorStore;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * The hot path of the storage SPI, what every delivery calls: claim, renew, complete, fail, find. Each
 * method is one atomic operation of the backend (one Lua script, one SQL statement or short transaction,
 * one {@code ConcurrentHashMap.compute}). The state machine of DESIGN.md §3 is the contract; {@code
 * store-testkit}'s {@code StoreContractTest} checks it. The due queue ({@link DueQueue}) and the operator
 * side ({@link OperatorStore}) are separate parts; every shipped store implements all three as a {@link
 * RecoveryStore}.
 *
 * <p>A caller that acquired a claim can hold what the writes need as one {@link Claim} ({@link
 * ClaimOutcome.Acquired#claim}) and call {@link #complete(Claim, Completion)}, {@link #fail(Claim, Failure)} and
 * {@link #renew(Claim)}: default methods over the ones below, so every store has them.
 *
 * <p>Rules every implementation keeps:
 *
 * <ul>
 *   <li>Lease expiry and retention are judged by the store's own clock, never by the caller's.
 *   <li>Every write after a claim is fenced by the token the claim returned; a caller whose token is no
 *       longer current gets {@link WriteOutcome.Stale}, never an exception.
 *   <li>Tokens never repeat for one key, even after the record expired or was purged: a new record starts
 *       at the store's time in microseconds and every claim sets {@code token = max(old + 1, now_us)}.
 *   <li>A record past its retention behaves as if it had never been stored. A record in the due queue is
 *       never past its retention: its expiry is at least its due time plus the retention it was given.
 *   <li>A backend that cannot be reached, or does not answer in time, throws {@link
 *       StoreUnavailableException}; nothing else is thrown for backend failures.
 * </ul>
 */
public interface IdempotencyStore {

    /**
     * Claims the event: creates it as PROCESSING, takes over a QUEUED or FAILED record (taking it out of
     * the due queue) or one whose lease expired, or reports what holds it. A takeover adds one attempt and
     * sets a new token; the payload and last error stay with the record.
     *
     * @param key the event
     * @param fingerprint the delivery's fingerprint; a different one on an existing record is a mismatch
     * @param policy gives the lease and the retention of an unfinished record
     */
    ClaimOutcome claim(EventKey key, Fingerprint fingerprint, IdempotencyPolicy policy);

    /**
     * {@link #claim(EventKey, Fingerprint, IdempotencyPolicy)}, keeping {@code payload} with the record in the same
     * atomic operation where the claim creates the record or takes over one that keeps no payload (a record's kept
     * payload is never replaced). For endpoints whose sender does not redeliver (DESIGN.md §8): a record whose
     * worker died keeps what a redelivery needs, so the sweeper can schedule it once its lease ends ({@link
     * DueQueue#schedule}). Callers pass a payload only where it is needed; with null this is the plain claim.
     *
     * <p>The default ignores the payload (a store that keeps none: its lapsed records are listed as stalled, never
     * scheduled); every store Hookguard ships overrides it in its one claim operation.
     */
    default ClaimOutcome claim(
            EventKey key, Fingerprint fingerprint, @Nullable Payload payload, IdempotencyPolicy policy) {
        return claim(key, fingerprint, policy);
    }

    /**
     * Prepares the store for its first deliveries, so that they do not pay for a cold start (opening connections,
     * loading scripts, the first run of each hot statement) within their store timeout: called once at start-up, by
     * the filter, before it takes traffic, bounded in time by the caller. Reads only (a find of a key that does not
     * exist); never writes a record. The default does nothing.
     *
     * @throws StoreUnavailableException when the backend cannot be reached; the caller logs it and goes on
     */
    default void warmUp() {}

    /** Extends the lease of a PROCESSING record held by {@code token} to {@code policy.lease()} from now. */
    WriteOutcome renew(EventKey key, long token, IdempotencyPolicy policy);

    /**
     * Records a terminal verdict (SUCCEEDED or REJECTED, with its error class) for the record held by
     * {@code token}, kept for {@code policy.retention()}.
     */
    WriteOutcome complete(EventKey key, long token, Completion completion, IdempotencyPolicy policy);

    /**
     * Records a retryable failure and its error class for the record held by {@code token}: FAILED while
     * its attempts are below {@code policy.maxAttempts()}, else DEAD (kept for {@code
     * policy.deadRetention()}). A FAILED record with {@link Failure#retryIn()} enters the due queue, due at
     * the store's now plus that delay, and is kept at least until then plus {@code policy.retention()};
     * without it, it stays out of the due queue. DEAD never enters it.
     */
    WriteOutcome fail(EventKey key, long token, Failure failure, IdempotencyPolicy policy);

    /** The event's record, if one is stored and not past its retention. */
    Optional<EventRecord> find(EventKey key);

    /**
     * {@link #renew(EventKey, long, IdempotencyPolicy)} with the claim's key, token and policy: extends its lease
     * to {@code policy.lease()} from now.
     */
    default WriteOutcome renew(Claim claim) {
        return renew(claim.key(), claim.token(), claim.policy());
    }

    /**
     * {@link #complete(EventKey, long, Completion, IdempotencyPolicy)} with the claim's key, token and policy:
     * records the terminal verdict.
     */
    default WriteOutcome complete(Claim claim, Completion completion) {
        return complete(claim.key(), claim.token(), completion, claim.policy());
    }

    /**
     * {@link #fail(EventKey, long, Failure, IdempotencyPolicy)} with the claim's key, token and policy: records a
     * retryable failure (DEAD on the policy's last attempt).
     */
    default WriteOutcome fail(Claim claim, Failure failure) {
        return fail(claim.key(), claim.token(), failure, claim.policy());
    }
}
