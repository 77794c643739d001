package dev.hookguard.core;

import java.time.Duration;

/**
 * What one atomic claim of an event found and did. Handle it with an exhaustive {@code switch}.
 */
public sealed interface ClaimOutcome {

    /**
     * The caller holds the event and must run the handler, then {@code complete} or {@code fail} with
     * this token.
     *
     * @param token the fencing token: higher than every token handed out before for this event
     * @param attempt the attempt number since the record was created or last requeued, from 1
     */
    record Acquired(long token, int attempt) implements ClaimOutcome {}

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
