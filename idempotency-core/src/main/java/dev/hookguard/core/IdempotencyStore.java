package dev.hookguard.core;

import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * The storage SPI: each method is one atomic operation of the backend (one Lua script, one SQL statement
 * or short transaction, one {@code ConcurrentHashMap.compute}). The state machine of DESIGN.md §3 is the
 * contract; {@code store-testkit}'s {@code StoreContractTest} checks it.
 *
 * <p>Rules every implementation keeps:
 *
 * <ul>
 *   <li>Lease expiry and retention are judged by the store's own clock, never by the caller's.
 *   <li>Every write after a claim is fenced by the token the claim returned; a caller whose token is no
 *       longer current gets {@link WriteOutcome.Stale}, never an exception.
 *   <li>A record past its retention behaves as if it had never been stored.
 *   <li>A backend that cannot be reached, or does not answer in time, throws {@link
 *       StoreUnavailableException}; nothing else is thrown for backend failures.
 * </ul>
 */
public interface IdempotencyStore {

    /** The page size {@link #deadLetterCount} reads with. */
    int DEAD_LETTER_COUNT_PAGE = 500;

    /**
     * Claims the event: creates it as PROCESSING, takes over a FAILED record or one whose lease expired,
     * or reports what holds it.
     *
     * @param key the event
     * @param fingerprint the delivery's fingerprint; a different one on an existing record is a mismatch
     * @param policy gives the lease and the retention of an unfinished record
     */
    ClaimOutcome claim(EventKey key, Fingerprint fingerprint, IdempotencyPolicy policy);

    /** Extends the lease of a PROCESSING record held by {@code token} to {@code policy.lease()} from now. */
    WriteOutcome renew(EventKey key, long token, IdempotencyPolicy policy);

    /**
     * Records a terminal verdict (SUCCEEDED or REJECTED) for the record held by {@code token}, kept for
     * {@code policy.retention()}.
     */
    WriteOutcome complete(EventKey key, long token, Completion completion, IdempotencyPolicy policy);

    /**
     * Records a retryable failure for the record held by {@code token}: FAILED while its attempts are below
     * {@code policy.maxAttempts()}, else DEAD (kept for {@code policy.deadRetention()}).
     */
    WriteOutcome fail(EventKey key, long token, Failure failure, IdempotencyPolicy policy);

    /** The event's record, if one is stored and not past its retention. */
    Optional<EventRecord> find(EventKey key);

    /**
     * A page of one endpoint's dead-letter queue (DEAD and REJECTED records), oldest first.
     *
     * @param endpoint the endpoint whose dead letters to list
     * @param cursor null for the first page, else a previous page's {@link DeadLetterPage#nextCursor()}
     * @param limit the most records on the page, at least 1
     */
    DeadLetterPage deadLetters(String endpoint, @Nullable String cursor, int limit);

    /**
     * How many dead letters (DEAD and REJECTED records) the endpoint holds now. The default pages through
     * {@link #deadLetters}; a store with a cheaper exact count overrides it. Meant for a gauge sampled every
     * few seconds, not for a hot path.
     */
    default long deadLetterCount(String endpoint) {
        long count = 0;
        String cursor = null;
        do {
            DeadLetterPage page = deadLetters(endpoint, cursor, DEAD_LETTER_COUNT_PAGE);
            count += page.records().size();
            cursor = page.nextCursor();
        } while (cursor != null);
        return count;
    }

    /**
     * Marks a dead letter as handled by an operator: SUCCEEDED with an empty 200 to replay, the note kept
     * as its last error. Duplicates are acknowledged and never run the handler again.
     */
    AdminOutcome resolve(EventKey key, String note, IdempotencyPolicy policy);

    /** Turns a dead letter back into FAILED with its attempts reset, so the next delivery runs the handler. */
    AdminOutcome requeue(EventKey key, IdempotencyPolicy policy);
}
