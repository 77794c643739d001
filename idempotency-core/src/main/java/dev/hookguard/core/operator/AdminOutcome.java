package dev.hookguard.core.operator;

/** The result of an operator's action on one record ({@link OperatorStore}). */
public enum AdminOutcome {
    /** The record changed as asked, and the action was added to its history. */
    UPDATED,
    /** No record exists for the key (never stored, or past its retention). */
    NOT_FOUND,
    /** The action does not apply to the record's status (or it keeps no payload to replay): nothing changed. */
    WRONG_STATE
}
