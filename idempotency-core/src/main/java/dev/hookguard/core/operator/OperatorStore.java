package dev.hookguard.core.operator;

import dev.hookguard.core.EventKey;
import dev.hookguard.core.EventRecord;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.internal.OperatorActions;
import dev.hookguard.core.operator.OperatorAction.AuditEntry;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The operator side of the storage SPI (DESIGN.md §9): list and count records by filter, and act on one
 * record. Each action is one atomic operation that checks the record's status, changes it, and appends an
 * {@link AuditEntry} to its history (at most {@link AuditEntry#MAX_HISTORY}, oldest dropped). Stores do not
 * log; {@link OperatorActions} logs every action and runs bulk actions page by page.
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
