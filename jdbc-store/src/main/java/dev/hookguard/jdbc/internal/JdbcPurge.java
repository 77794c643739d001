package dev.hookguard.jdbc.internal;

import dev.hookguard.core.EventKey;
import dev.hookguard.core.operator.OperatorStore.AdminOutcome;
import dev.hookguard.jdbc.internal.sql.PurgeQueries;
import java.time.Instant;

/**
 * {@link dev.hookguard.core.operator.OperatorStore#purge} on the JDBC store: one auto-committed {@code DELETE} guarded
 * by key, status and {@code updated_at} ({@link PurgeQueries#delete}); when it deletes nothing, one read says whether
 * the row is gone (NOT_FOUND) or changed (WRONG_STATE). The row's index entries go with it: the operator index and
 * the due queue are indexes of the table.
 */
public final class JdbcPurge {

    private final JdbcSession session;
    private final PurgeQueries queries;

    public JdbcPurge(JdbcSession session, PurgeQueries queries) {
        this.session = session;
        this.queries = queries;
    }

    public AdminOutcome purge(EventKey key, Instant updatedAt) {
        int deleted = session.autoCommit(
                "purge archived dead letter " + key,
                dsl -> queries.delete(dsl, key, updatedAt).execute());
        if (deleted > 0) {
            return AdminOutcome.UPDATED;
        }
        boolean present =
                session.autoCommit("read purged dead letter " + key, dsl -> dsl.fetchExists(queries.exists(dsl, key)));
        return present ? AdminOutcome.WRONG_STATE : AdminOutcome.NOT_FOUND;
    }
}
