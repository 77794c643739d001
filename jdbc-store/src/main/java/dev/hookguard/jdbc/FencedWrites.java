package dev.hookguard.jdbc;

import dev.hookguard.core.Completion;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.Failure;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.RecordStatus;
import dev.hookguard.core.WriteOutcome;
import org.jooq.DSLContext;

/**
 * Runs the fenced writes of {@link WriteQueries} on a given connection and tells whether they applied. Separate from
 * the store so that the transactional mode can complete inside the handler's transaction.
 */
final class FencedWrites {

    private final JdbcDialect dialect;
    private final EventsTable table;
    private final WriteQueries queries;

    FencedWrites(JdbcDialect dialect, EventsTable table, WriteQueries queries) {
        this.dialect = dialect;
        this.table = table;
        this.queries = queries;
    }

    WriteOutcome renew(DSLContext dsl, EventKey key, long token, IdempotencyPolicy policy) {
        return outcome(queries.renew(dsl, key, token, policy).execute(), RecordStatus.PROCESSING);
    }

    WriteOutcome complete(DSLContext dsl, EventKey key, long token, Completion completion, IdempotencyPolicy policy) {
        return outcome(queries.complete(dsl, key, token, completion, policy).execute(), completion.status());
    }

    /**
     * PostgreSQL: one {@code UPDATE … RETURNING status}. Elsewhere two guarded updates, the FAILED one first; a row's
     * attempts change only with its token, so between them the choice cannot turn wrong.
     */
    WriteOutcome fail(DSLContext dsl, EventKey key, long token, Failure failure, IdempotencyPolicy policy) {
        if (dialect.upsertReturning()) {
            return queries.fail(dsl, key, token, failure, policy, null)
                    .returningResult(table.status)
                    .fetchOptional()
                    .<WriteOutcome>map(r -> new WriteOutcome.Recorded(RecordStatus.fromCode(r.value1())))
                    .orElseGet(WriteOutcome.Stale::new);
        }
        if (queries.fail(dsl, key, token, failure, policy, RecordStatus.FAILED).execute() == 1) {
            return new WriteOutcome.Recorded(RecordStatus.FAILED);
        }
        return outcome(
                queries.fail(dsl, key, token, failure, policy, RecordStatus.DEAD)
                        .execute(),
                RecordStatus.DEAD);
    }

    private static WriteOutcome outcome(int updated, RecordStatus status) {
        return updated == 1 ? new WriteOutcome.Recorded(status) : new WriteOutcome.Stale();
    }
}
