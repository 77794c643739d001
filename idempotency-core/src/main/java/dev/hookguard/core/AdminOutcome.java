package dev.hookguard.core;

/** The result of an operator's action on a dead letter. */
public enum AdminOutcome {
    /** The record changed as asked. */
    UPDATED,
    /** No record exists for the key (never stored, or past its retention). */
    NOT_FOUND,
    /** The record exists but is not a dead letter (DEAD or REJECTED), so nothing changed. */
    NOT_DEAD_LETTER
}
