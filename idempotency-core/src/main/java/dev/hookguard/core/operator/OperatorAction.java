package dev.hookguard.core.operator;

import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * Who carries out an operator's action and why; the store keeps both in the record's history.
 *
 * @param actor who acts, not blank
 * @param note why, or null; blank notes are kept as null
 */
public record OperatorAction(String actor, @Nullable String note) {

    /** Checks the actor; a blank note becomes null. */
    public OperatorAction {
        if (actor == null || actor.isBlank()) {
            throw new IllegalArgumentException("actor must not be blank but was '" + actor + "'");
        }
        if (note != null && note.isBlank()) {
            note = null;
        }
    }

    /** An action without a note. */
    public static OperatorAction by(String actor) {
        return new OperatorAction(actor, null);
    }

    /** An action with a note. */
    public static OperatorAction by(String actor, String note) {
        return new OperatorAction(actor, note);
    }

    /**
     * The note, for actions that require one (resolve).
     *
     * @throws IllegalArgumentException naming the action when there is no note
     */
    public String requireNote(String action) {
        if (note == null) {
            throw new IllegalArgumentException(
                    action + " needs a note saying why, but actor '" + actor + "' gave none");
        }
        return note;
    }

    /** The history entry this action leaves at {@code at}. */
    public AuditEntry entry(Instant at, String action) {
        return new AuditEntry(at, actor, action, note);
    }

    /**
     * One operator action in a record's history, written by the store in the same atomic operation as the
     * action itself. A record keeps its newest {@value #MAX_HISTORY} entries, oldest first.
     *
     * @param at when the store carried the action out, by its own clock
     * @param actor who acted (a user name, a service account)
     * @param action what was done: {@link #REPLAY}, {@link #REQUEUE}, {@link #RESOLVE} or {@link #SKIP}
     *     (or, for an endpoint, {@link #PAUSE} or {@link #RESUME})
     * @param note why, as the operator wrote it; required for a resolve
     */
    public record AuditEntry(
            Instant at,
            String actor,
            String action,
            @Nullable String note) {

        /** The most entries a record keeps; older ones are dropped first. */
        public static final int MAX_HISTORY = 20;

        /** {@link OperatorStore#replay}. */
        public static final String REPLAY = "replay";
        /** {@link OperatorStore#requeue}. */
        public static final String REQUEUE = "requeue";
        /** {@link OperatorStore#resolve}. */
        public static final String RESOLVE = "resolve";
        /** {@link OperatorStore#skip}. */
        public static final String SKIP = "skip";
        /** {@link EndpointControls#pause}: an endpoint's action, kept with the endpoint's controls. */
        public static final String PAUSE = "pause";
        /** {@link EndpointControls#resume}: an endpoint's action, kept with the endpoint's controls. */
        public static final String RESUME = "resume";

        /** Checks that actor and action are not blank. */
        public AuditEntry {
            if (actor == null || actor.isBlank()) {
                throw new IllegalArgumentException("actor must not be blank but was '" + actor + "'");
            }
            if (action == null || action.isBlank()) {
                throw new IllegalArgumentException("action must not be blank but was '" + action + "'");
            }
        }
    }
}
