package dev.hookguard.core;

import java.time.Duration;
import java.util.function.Function;

/**
 * What one atomic claim of an event found and did. Sealed: the five records below are every outcome. On Java 17,
 * where {@code switch} cannot match types, {@link #match} takes one function per outcome, so no case is forgotten and
 * no cast is written; on Java 21+ a pattern-matching {@code switch} works as well.
 */
public sealed interface ClaimOutcome {

    /**
     * The result of the function for this outcome: exactly one of them is applied.
     *
     * @param <R> what every function returns
     */
    default <R> R match(
            Function<? super Acquired, ? extends R> acquired,
            Function<? super Duplicate, ? extends R> duplicate,
            Function<? super InProgress, ? extends R> inProgress,
            Function<? super Mismatch, ? extends R> mismatch,
            Function<? super Dead, ? extends R> dead) {
        if (this instanceof Acquired a) {
            return acquired.apply(a);
        }
        if (this instanceof Duplicate d) {
            return duplicate.apply(d);
        }
        if (this instanceof InProgress i) {
            return inProgress.apply(i);
        }
        if (this instanceof Mismatch m) {
            return mismatch.apply(m);
        }
        return dead.apply((Dead) this);
    }

    /**
     * The caller holds the event and must run the handler, then {@code complete} or {@code fail} with
     * this token: most simply with the handle {@link #claim(EventKey, IdempotencyPolicy)} gives.
     *
     * @param token the fencing token: higher than every token handed out before for this event
     * @param attempt the attempt number since the record was created or last requeued, from 1
     */
    record Acquired(long token, int attempt) implements ClaimOutcome {

        /**
         * The handle that {@link IdempotencyStore#complete(Claim, Completion)}, {@link IdempotencyStore#fail(Claim,
         * Failure)} and {@link IdempotencyStore#renew(Claim)} take: this token with the key and the policy that
         * were given to {@link IdempotencyStore#claim}.
         */
        public Claim claim(EventKey key, IdempotencyPolicy policy) {
            return new Claim(key, token, policy);
        }
    }

    /**
     * The event was handled before (SUCCEEDED or REJECTED): replay the stored response.
     *
     * @param status SUCCEEDED or REJECTED
     * @param response the stored response
     */
    record Duplicate(RecordStatus status, StoredResponse response) implements ClaimOutcome {}

    /**
     * Another worker holds a live lease on the event.
     *
     * @param remaining the time left on that lease, by the store's clock
     */
    record InProgress(Duration remaining) implements ClaimOutcome {}

    /** The event id was seen before with a different fingerprint. */
    record Mismatch() implements ClaimOutcome {}

    /** The event is dead-lettered; only an operator's requeue or resolve changes it. */
    record Dead() implements ClaimOutcome {}
}
