package dev.hookguard.core.internal;

import dev.hookguard.core.EventKey;
import dev.hookguard.core.EventRecord;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.operator.ListFilter;
import dev.hookguard.core.operator.OperatorAction;
import dev.hookguard.core.operator.OperatorAction.AuditEntry;
import dev.hookguard.core.operator.OperatorStore;
import dev.hookguard.core.operator.OperatorStore.AdminOutcome;
import dev.hookguard.core.operator.OperatorStore.AuditLine;
import dev.hookguard.core.operator.OperatorStore.BulkResult;
import dev.hookguard.core.operator.OperatorStore.RecordPage;
import java.time.Clock;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Carries out operators' actions on an {@link OperatorStore}, one record or every record a filter selects,
 * and logs each (actor, action, key, outcome, note; never a payload). A bulk action walks the selection
 * page by page ({@value #PAGE_SIZE} records at a time) and acts on each record with the single action, so
 * memory stays flat however many records match, and a record that changed in between is counted, not
 * forced. Every action that changed a record is appended to the endpoint's audit trail right after it ({@link
 * OperatorStore#appendAudit}), kept for the audit retention; an append that fails is logged at WARN with the line
 * and does not undo or fail the action (the record's own history has it). Thread-safe.
 */
public final class OperatorActions {

    /** The page size bulk actions list with. */
    public static final int PAGE_SIZE = 200;

    private static final Logger log = LoggerFactory.getLogger(OperatorActions.class);

    /** How long an audit trail keeps a line unless configured: 90 days. */
    public static final Duration DEFAULT_AUDIT_RETENTION = Duration.ofDays(90);

    private final OperatorStore store;
    private final Duration auditRetention;
    private final Clock clock;

    /**
     * Actions on this store, audited for {@code auditRetention}.
     *
     * @throws IllegalArgumentException when the retention is not positive
     */
    public OperatorActions(OperatorStore store, Duration auditRetention) {
        this(store, auditRetention, Clock.systemUTC());
    }

    /** Actions on this store, audited for {@code auditRetention}, the lines stamped by {@code clock}. */
    public OperatorActions(OperatorStore store, Duration auditRetention, Clock clock) {
        if (auditRetention == null || auditRetention.isNegative() || auditRetention.isZero()) {
            throw new IllegalArgumentException("auditRetention must be positive but was " + auditRetention);
        }
        this.store = store;
        this.auditRetention = auditRetention;
        this.clock = clock;
    }

    /**
     * Appends an endpoint's action (a pause or resume, already kept with the endpoint's controls) to its audit
     * trail.
     */
    public void audited(String endpoint, AuditEntry change) {
        append(new AuditLine(endpoint, null, change));
    }

    /** See {@link OperatorStore#replay}. */
    public AdminOutcome replay(EventKey key, OperatorAction action, IdempotencyPolicy policy) {
        return logged(AuditEntry.REPLAY, key, action, store.replay(key, action, policy));
    }

    /** See {@link OperatorStore#requeue}. */
    public AdminOutcome requeue(EventKey key, OperatorAction action, IdempotencyPolicy policy) {
        return logged(AuditEntry.REQUEUE, key, action, store.requeue(key, action, policy));
    }

    /** See {@link OperatorStore#resolve}; the note is required. */
    public AdminOutcome resolve(EventKey key, OperatorAction action, IdempotencyPolicy policy) {
        action.requireNote(AuditEntry.RESOLVE);
        return logged(AuditEntry.RESOLVE, key, action, store.resolve(key, action, policy));
    }

    /** See {@link OperatorStore#skip}. */
    public AdminOutcome skip(EventKey key, OperatorAction action, IdempotencyPolicy policy) {
        return logged(AuditEntry.SKIP, key, action, store.skip(key, action, policy));
    }

    /** Replays every record the filter selects. */
    public BulkResult replayAll(ListFilter filter, OperatorAction action, IdempotencyPolicy policy) {
        return bulk(AuditEntry.REPLAY, filter, action, key -> store.replay(key, action, policy));
    }

    /** Requeues every record the filter selects. */
    public BulkResult requeueAll(ListFilter filter, OperatorAction action, IdempotencyPolicy policy) {
        return bulk(AuditEntry.REQUEUE, filter, action, key -> store.requeue(key, action, policy));
    }

    /** Resolves every record the filter selects; the note is required. */
    public BulkResult resolveAll(ListFilter filter, OperatorAction action, IdempotencyPolicy policy) {
        action.requireNote(AuditEntry.RESOLVE);
        return bulk(AuditEntry.RESOLVE, filter, action, key -> store.resolve(key, action, policy));
    }

    /** Skips every record the filter selects. */
    public BulkResult skipAll(ListFilter filter, OperatorAction action, IdempotencyPolicy policy) {
        return bulk(AuditEntry.SKIP, filter, action, key -> store.skip(key, action, policy));
    }

    private BulkResult bulk(String name, ListFilter filter, OperatorAction action, SingleAction single) {
        BulkResult result = BulkResult.NONE;
        String cursor = null;
        do {
            RecordPage page = store.list(filter, cursor, PAGE_SIZE);
            for (EventRecord record : page.records()) {
                result = result.plus(logDebug(name, record.key(), action, single.apply(record.key())));
            }
            cursor = page.nextCursor();
        } while (cursor != null);
        log.info(
                "Operator {} did {} on {} records of endpoint {} ({}): {} updated, {} gone, {} in another state",
                action.actor(),
                name,
                result.total(),
                filter.endpoint(),
                action.note() == null ? "no note" : "note: " + action.note(),
                result.updated(),
                result.notFound(),
                result.wrongState());
        return result;
    }

    private AdminOutcome logged(String name, EventKey key, OperatorAction action, AdminOutcome outcome) {
        log.info("Operator {} did {} on {}: {} ({})", action.actor(), name, key, outcome, noteOf(action));
        return audited(name, key, action, outcome);
    }

    private AdminOutcome logDebug(String name, EventKey key, OperatorAction action, AdminOutcome outcome) {
        log.debug("Operator {} did {} on {}: {} ({})", action.actor(), name, key, outcome, noteOf(action));
        return audited(name, key, action, outcome);
    }

    private AdminOutcome audited(String name, EventKey key, OperatorAction action, AdminOutcome outcome) {
        if (outcome == AdminOutcome.UPDATED) {
            append(new AuditLine(key.endpoint(), key.eventId(), action.entry(clock.instant(), name)));
        }
        return outcome;
    }

    private void append(AuditLine line) {
        try {
            store.appendAudit(line, auditRetention);
        } catch (RuntimeException e) {
            log.warn(
                    "The audit trail of endpoint {} missed {} by {} on {} at {} ({}); the record's history keeps it: {}",
                    line.endpoint(),
                    line.entry().action(),
                    line.entry().actor(),
                    line.eventId() == null ? "the endpoint" : line.eventId(),
                    line.entry().at(),
                    line.entry().note() == null
                            ? "no note"
                            : "note: " + line.entry().note(),
                    e.toString());
        }
    }

    private static String noteOf(OperatorAction action) {
        return action.note() == null ? "no note" : "note: " + action.note();
    }

    /** One record's action in a bulk. */
    @FunctionalInterface
    private interface SingleAction {
        AdminOutcome apply(EventKey key);
    }
}
