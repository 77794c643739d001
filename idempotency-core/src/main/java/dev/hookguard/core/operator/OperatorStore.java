package dev.hookguard.core.operator;

import dev.hookguard.core.EventKey;
import dev.hookguard.core.EventRecord;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.internal.OperatorActions;
import dev.hookguard.core.operator.OperatorAction.AuditEntry;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The operator side of the storage SPI (DESIGN.md §9): list and count records by filter, and act on one
 * record. Each action is one atomic operation that checks the record's status, changes it, and appends an
 * {@link AuditEntry} to its history (at most {@link AuditEntry#MAX_HISTORY}, oldest dropped). Stores do not
 * log; {@link OperatorActions} logs every action, runs bulk actions page by page, and appends each action that changed
 * something to the endpoint's audit trail ({@link #appendAudit}), which the store keeps across records for a bounded
 * time and reads newest first ({@link #audit}).
 */
public interface OperatorStore {

    /**
     * A page of the records the filter selects, oldest {@code updatedAt} first (then by key), with their
     * payloads. The cursor is stable: a record that changes after a page was read is either on a later page
     * or no longer selected, never twice on pages of one walk unless it changed in between.
     *
     * @param filter what to select
     * @param cursor null for the first page, else a previous page's {@link RecordPage#nextCursor()}; an
     *     empty or malformed one is an {@link IllegalArgumentException} naming it
     * @param limit the most records on the page, at least 1
     */
    RecordPage list(ListFilter filter, @Nullable String cursor, int limit);

    /** How many records the filter selects now; reads no payload. */
    long count(ListFilter filter);

    /**
     * How many dead letters (DEAD and REJECTED records) the endpoint holds now, in O(1) or one cheap
     * command, reading no payload: meant for a gauge sampled every few seconds.
     */
    long deadLetterCount(String endpoint);

    /**
     * Replays a DEAD, REJECTED or FAILED record: QUEUED, attempts reset to 0, due now, payload kept, kept
     * for {@code policy.retention()}. The dispatcher then redelivers it through the production path.
     *
     * @return {@link AdminOutcome#WRONG_STATE} for any other status, or a record without payload
     */
    AdminOutcome replay(EventKey key, OperatorAction action, IdempotencyPolicy policy);

    /**
     * Turns a DEAD or REJECTED record back into FAILED with its attempts reset, out of the due queue, kept
     * for {@code policy.retention()}: the sender's next delivery runs the handler again.
     */
    AdminOutcome requeue(EventKey key, OperatorAction action, IdempotencyPolicy policy);

    /**
     * Marks a DEAD, REJECTED or FAILED record, or a stalled one (PROCESSING past its lease: its worker is presumed
     * dead, and a late verdict with its token is stale), as fixed by hand: SUCCEEDED with an empty 200 to replay, the
     * note kept as its last error, out of the due queue, kept for {@code policy.retention()}. Duplicates
     * are acknowledged and never run the handler again.
     *
     * @throws IllegalArgumentException when the action carries no note
     */
    AdminOutcome resolve(EventKey key, OperatorAction action, IdempotencyPolicy policy);

    /**
     * Gives up on a DEAD, REJECTED or FAILED record, or a stalled one (PROCESSING past its lease): like {@link
     * #resolve}, but the note is optional (kept as
     * the last error when given) and the history says {@link AuditEntry#SKIP}.
     */
    AdminOutcome skip(EventKey key, OperatorAction action, IdempotencyPolicy policy);

    /**
     * Deletes a dead letter an archive holds: the record only if it is still DEAD or REJECTED and its {@link
     * EventRecord#updatedAt()} equals {@code updatedAt} (it has not changed since it was archived), removed from the
     * store's indexes as its expiry would remove it. One atomic operation. Not an operator's action: it adds no history
     * and no audit line; the archiver that calls it logs it.
     *
     * @param key the record
     * @param updatedAt the {@code updatedAt} the record had when it was archived
     * @return {@link AdminOutcome#UPDATED} when deleted, {@link AdminOutcome#NOT_FOUND} without a record (or past its
     *     retention), {@link AdminOutcome#WRONG_STATE} when it is no dead letter or changed since
     */
    AdminOutcome purge(EventKey key, Instant updatedAt);

    /**
     * Appends one line to the endpoint's audit trail, kept for {@code keepFor} from the line's time; lines older than
     * that may be dropped from then on (by this append or by the store's purge). One cheap write; not atomic with the
     * action it reports, which the record's own history keeps atomically.
     *
     * @param line what was done, by whom, when
     * @param keepFor how long the trail keeps the line, positive
     */
    void appendAudit(AuditLine line, Duration keepFor);

    /**
     * A page of the endpoint's audit trail, in the order of appending, newest first (lines are appended right after
     * their action, so this is newest time first up to the clocks of the nodes that acted). The cursor is stable: lines
     * appended after the first page never show on later pages of one walk.
     *
     * @param query what to select
     * @param cursor null for the first page, else a previous page's {@link AuditPage#nextCursor()}; an empty or
     *     malformed one is an {@link IllegalArgumentException} naming it
     * @param limit the most lines on the page, at least 1
     */
    AuditPage audit(AuditQuery query, @Nullable String cursor, int limit);

    /**
     * One line of an endpoint's audit trail: an operator's action that changed a record or the endpoint's controls.
     *
     * @param endpoint the endpoint
     * @param eventId the record's event id, or null for an endpoint's action ({@link AuditEntry#PAUSE}, {@link
     *     AuditEntry#RESUME})
     * @param entry who did what, when, why (the note, with the ticket id and fix summary the action required)
     */
    public record AuditLine(String endpoint, @Nullable String eventId, AuditEntry entry) {

        /** Checks the endpoint and the event id as an {@link EventKey} would. */
        public AuditLine {
            EventKey.of(endpoint, eventId == null ? "x" : eventId);
        }
    }

    /**
     * What an audit read selects on one endpoint; every criterion set narrows it.
     *
     * @param endpoint the endpoint whose trail to read
     * @param actor only this operator's lines (exact match), when set
     * @param action only this action's lines ({@link AuditEntry#REPLAY}, …), when set
     * @param from only lines at or after this, when set
     * @param to only lines before this, when set
     */
    public record AuditQuery(
            String endpoint,
            @Nullable String actor,
            @Nullable String action,
            @Nullable Instant from,
            @Nullable Instant to) {

        /** Checks the endpoint and the time range; blank actor and action mean any. */
        public AuditQuery {
            EventKey.of(endpoint, "x");
            actor = actor == null || actor.isBlank() ? null : actor;
            action = action == null || action.isBlank() ? null : action;
            if (from != null && to != null && !from.isBefore(to)) {
                throw new IllegalArgumentException("from " + from + " must be before to " + to);
            }
        }

        /** Every line of the endpoint's trail. */
        public static AuditQuery all(String endpoint) {
            return new AuditQuery(endpoint, null, null, null, null);
        }

        /** True when the line is selected; for stores that filter after reading, and for tests. */
        public boolean matches(AuditLine line) {
            AuditEntry entry = line.entry();
            return line.endpoint().equals(endpoint)
                    && (actor == null || actor.equals(entry.actor()))
                    && (action == null || action.equals(entry.action()))
                    && (from == null || !entry.at().isBefore(from))
                    && (to == null || entry.at().isBefore(to));
        }
    }

    /**
     * One page of an audit read ({@link OperatorStore#audit}), newest first.
     *
     * @param lines the lines on this page
     * @param nextCursor the opaque cursor of the next page, or null when this is the last page
     */
    public record AuditPage(List<AuditLine> lines, @Nullable String nextCursor) {

        /** Copies the list. */
        public AuditPage {
            lines = List.copyOf(lines);
        }
    }

    /** The result of an operator's action on one record ({@link OperatorStore}). */
    public enum AdminOutcome {
        /** The record changed as asked, and the action was added to its history. */
        UPDATED,
        /** No record exists for the key (never stored, or past its retention). */
        NOT_FOUND,
        /** The action does not apply to the record's status (or it keeps no payload to replay): nothing changed. */
        WRONG_STATE
    }

    /**
     * What a bulk operator action did to the records its filter selected.
     *
     * @param updated records changed (and audited)
     * @param notFound records gone between listing and acting (expired)
     * @param wrongState records that changed state in between, so the action did not apply
     */
    public record BulkResult(long updated, long notFound, long wrongState) {

        /** Nothing done. */
        public static final BulkResult NONE = new BulkResult(0, 0, 0);

        /** This result with one more outcome counted. */
        public BulkResult plus(AdminOutcome outcome) {
            return switch (outcome) {
                case UPDATED -> new BulkResult(updated + 1, notFound, wrongState);
                case NOT_FOUND -> new BulkResult(updated, notFound + 1, wrongState);
                case WRONG_STATE -> new BulkResult(updated, notFound, wrongState + 1);
            };
        }

        /** How many records the action was tried on. */
        public long total() {
            return updated + notFound + wrongState;
        }
    }

    /**
     * One page of an operator listing ({@link OperatorStore#list}), oldest {@code updatedAt} first.
     *
     * @param records the records on this page, with their payloads
     * @param nextCursor the opaque cursor of the next page, or null when this is the last page
     */
    public record RecordPage(
            List<EventRecord> records, @Nullable String nextCursor) {

        /** Copies the list. */
        public RecordPage {
            records = List.copyOf(records);
        }
    }
}
