package dev.hookguard.jdbc.internal;

import dev.hookguard.core.EventKey;
import dev.hookguard.core.EventRecord;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.RecordStatus;
import dev.hookguard.core.internal.AuditHistory;
import dev.hookguard.core.operator.ListFilter;
import dev.hookguard.core.operator.OperatorAction;
import dev.hookguard.core.operator.OperatorAction.AuditEntry;
import dev.hookguard.core.operator.OperatorStore.AdminOutcome;
import dev.hookguard.core.operator.OperatorStore.RecordPage;
import dev.hookguard.jdbc.internal.sql.EventRowMapper;
import dev.hookguard.jdbc.internal.sql.OperatorQueries;
import dev.hookguard.jdbc.internal.sql.RecordCursor;
import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.jooq.DSLContext;
import org.jooq.Record6;
import org.jooq.UpdateSetMoreStep;
import org.jspecify.annotations.Nullable;

/**
 * The {@link dev.hookguard.core.operator.OperatorStore} of the JDBC store over {@link OperatorQueries}. Every action is one
 * short transaction: {@code SELECT status, live, payload present, history, now … FOR UPDATE}, the decision, and one
 * {@code UPDATE} that changes the row and writes its history with the new {@link AuditEntry} appended (at most {@link
 * AuditEntry#MAX_HISTORY}, as the JSON of {@link AuditHistory}), timed by the database's clock.
 */
public final class JdbcOperatorStore {

    private static final Set<RecordStatus> SETTLEABLE =
            EnumSet.of(RecordStatus.DEAD, RecordStatus.REJECTED, RecordStatus.FAILED);
    private static final Set<RecordStatus> REQUEUEABLE = EnumSet.of(RecordStatus.DEAD, RecordStatus.REJECTED);

    private final JdbcSession session;
    private final OperatorQueries queries;
    private final EventRowMapper mapper;

    public JdbcOperatorStore(JdbcSession session, OperatorQueries queries, EventRowMapper mapper) {
        this.session = session;
        this.queries = queries;
        this.mapper = mapper;
    }

    public RecordPage list(ListFilter filter, @Nullable String cursor, int limit) {
        if (limit < 1) {
            throw new IllegalArgumentException("limit must be at least 1 but was " + limit);
        }
        RecordCursor after = cursor == null ? null : RecordCursor.parse(cursor);
        List<EventRecord> found = session.autoCommit(
                "list records of " + filter.endpoint(),
                dsl -> queries.list(dsl, filter, after, limit + 1).fetch(mapper::record));
        if (found.size() <= limit) {
            return new RecordPage(found, null);
        }
        List<EventRecord> page = found.subList(0, limit);
        return new RecordPage(page, RecordCursor.after(page.get(limit - 1)).encode());
    }

    public long count(ListFilter filter) {
        return session.autoCommit(
                "count records of " + filter.endpoint(),
                dsl -> queries.count(dsl, filter).fetchOne(0, Long.class));
    }

    public long deadLetterCount(String endpoint) {
        return session.autoCommit(
                "count dead letters of " + endpoint,
                dsl -> queries.deadLetterCount(dsl, endpoint).fetchOne(0, Long.class));
    }

    public AdminOutcome replay(EventKey key, OperatorAction action, IdempotencyPolicy policy) {
        return act(
                key,
                action,
                AuditEntry.REPLAY,
                SETTLEABLE,
                false,
                true,
                (dsl, history) -> queries.replay(dsl, history, policy));
    }

    public AdminOutcome requeue(EventKey key, OperatorAction action, IdempotencyPolicy policy) {
        return act(
                key,
                action,
                AuditEntry.REQUEUE,
                REQUEUEABLE,
                false,
                false,
                (dsl, history) -> queries.requeue(dsl, history, policy));
    }

    public AdminOutcome resolve(EventKey key, OperatorAction action, IdempotencyPolicy policy) {
        String note = action.requireNote(AuditEntry.RESOLVE);
        return act(
                key,
                action,
                AuditEntry.RESOLVE,
                SETTLEABLE,
                true,
                false,
                (dsl, history) -> queries.settle(dsl, history, policy, note));
    }

    public AdminOutcome skip(EventKey key, OperatorAction action, IdempotencyPolicy policy) {
        return act(
                key,
                action,
                AuditEntry.SKIP,
                SETTLEABLE,
                true,
                false,
                (dsl, history) -> queries.settle(dsl, history, policy, action.note()));
    }

    /**
     * Under the row lock: NOT_FOUND, WRONG_STATE, or the change with the history appended. It applies to a row in
     * one of {@code from}, or with {@code stalledToo} to a stalled one (PROCESSING past its lease).
     */
    private AdminOutcome act(
            EventKey key,
            OperatorAction action,
            String name,
            Set<RecordStatus> from,
            boolean stalledToo,
            boolean needsPayload,
            Change change) {
        return session.transaction(name + " " + key, dsl -> {
            Optional<Record6<String, Boolean, Boolean, String, Instant, Boolean>> row =
                    queries.lock(dsl, key).fetchOptional();
            if (row.isEmpty() || !Boolean.TRUE.equals(row.get().value2())) {
                return AdminOutcome.NOT_FOUND;
            }
            boolean applies = (from.contains(RecordStatus.fromCode(row.get().value1()))
                            || (stalledToo && Boolean.TRUE.equals(row.get().value6())))
                    && (!needsPayload || Boolean.TRUE.equals(row.get().value3()));
            if (!applies) {
                return AdminOutcome.WRONG_STATE;
            }
            List<AuditEntry> history = AuditHistory.append(
                    AuditHistory.decode(row.get().value4()),
                    action.entry(row.get().value5(), name));
            change.update(dsl, history).where(queries.is(key)).execute();
            return AdminOutcome.UPDATED;
        });
    }

    /** The action's update of the locked row, given the history to write. */
    @FunctionalInterface
    private interface Change {
        UpdateSetMoreStep<?> update(DSLContext dsl, List<AuditEntry> history);
    }
}
