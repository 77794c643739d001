package dev.hookguard.core;

/**
 * What one atomic {@link DueQueue#enqueue} found and did. Handle it with an exhaustive {@code switch}.
 */
public sealed interface EnqueueOutcome {

    /** The record was created now as QUEUED with its payload, due at once. */
    record Queued() implements EnqueueOutcome {}

    /**
     * The event is already waiting or being handled (QUEUED, PROCESSING or FAILED): nothing changed.
     *
     * @param status the record's status
     */
    record Pending(RecordStatus status) implements EnqueueOutcome {}

    /**
     * The event was handled before (SUCCEEDED or REJECTED): replay the stored response.
     *
     * @param status SUCCEEDED or REJECTED
     * @param response the stored response
     */
    record Duplicate(RecordStatus status, StoredResponse response) implements EnqueueOutcome {}

    /** The event id was seen before with a different fingerprint. */
    record Mismatch() implements EnqueueOutcome {}

    /** The event is dead-lettered; only an operator's action changes it. */
    record Dead() implements EnqueueOutcome {}
}
