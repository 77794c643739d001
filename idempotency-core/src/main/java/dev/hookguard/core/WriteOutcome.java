package dev.hookguard.core;

/**
 * The result of a fenced write ({@code complete}, {@code fail}, {@code renew}): recorded, or refused
 * because the caller's token no longer holds the record.
 */
public sealed interface WriteOutcome {

    /**
     * The write took effect.
     *
     * @param status the record's status after the write
     */
    record Recorded(RecordStatus status) implements WriteOutcome {}

    /** The caller's token is not the record's current token, or the record is no longer PROCESSING. */
    record Stale() implements WriteOutcome {}
}
