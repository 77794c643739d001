package dev.hookguard.jdbc.internal;

import dev.hookguard.core.Completion;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.Failure;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.Payload;
import dev.hookguard.core.RecordStatus;
import dev.hookguard.core.StoredResponse;
import dev.hookguard.core.WriteOutcome;
import dev.hookguard.core.internal.HeadersCodec;
import dev.hookguard.jdbc.JdbcDialect;
import dev.hookguard.jdbc.internal.sql.ClaimQueries;
import dev.hookguard.jdbc.internal.sql.EventsTable;
import dev.hookguard.jdbc.internal.sql.RenderedStatement;
import dev.hookguard.jdbc.internal.sql.WriteQueries;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import org.jooq.DSLContext;
import org.jspecify.annotations.Nullable;

/**
 * Runs the fenced writes of {@link WriteQueries} on a given connection and tells whether they applied. Each statement
 * is rendered once per store and bound per call with plain JDBC. Separate from the store so that a transactional
 * caller can write the verdict inside its own transaction: every method takes the {@link Connection} it runs on and
 * neither commits nor changes its mode.
 */
public final class FencedWrites {

    private final RenderedStatement renew;
    private final RenderedStatement complete;
    private final RenderedStatement completeInTransaction;
    /** PostgreSQL: the one failure statement, with {@code RETURNING status}. */
    private final @Nullable RenderedStatement failReturning;
    /** Elsewhere: the failure that applies only when the row stays FAILED, and the one when it turns DEAD. */
    private final @Nullable RenderedStatement failFailed;

    private final @Nullable RenderedStatement failDead;

    public FencedWrites(JdbcDialect dialect, EventsTable table, WriteQueries queries) {
        DSLContext renderer = JdbcSession.renderer(dialect);
        this.renew = RenderedStatement.of(renderer, queries.renew(), WriteQueries.RENEW_PARAMETERS);
        this.complete = RenderedStatement.of(renderer, queries.complete(), WriteQueries.COMPLETE_PARAMETERS);
        this.completeInTransaction =
                RenderedStatement.of(renderer, queries.completeInTransaction(), WriteQueries.COMPLETE_PARAMETERS);
        if (dialect.upsertReturning()) {
            this.failReturning = RenderedStatement.of(
                    renderer, queries.fail(null).returningResult(table.status), WriteQueries.FAIL_PARAMETERS);
            this.failFailed = null;
            this.failDead = null;
        } else {
            this.failReturning = null;
            this.failFailed =
                    RenderedStatement.of(renderer, queries.fail(RecordStatus.FAILED), WriteQueries.FAIL_PARAMETERS);
            this.failDead =
                    RenderedStatement.of(renderer, queries.fail(RecordStatus.DEAD), WriteQueries.FAIL_PARAMETERS);
        }
    }

    public WriteOutcome renew(Connection connection, EventKey key, long token, IdempotencyPolicy policy)
            throws SQLException {
        return outcome(
                update(
                        renew,
                        connection,
                        key.endpoint(),
                        key.eventId(),
                        token,
                        policy.lease().toMillis(),
                        ClaimQueries.unfinishedRetention(policy).toMillis()),
                RecordStatus.PROCESSING);
    }

    public WriteOutcome complete(
            Connection connection, EventKey key, long token, Completion completion, IdempotencyPolicy policy)
            throws SQLException {
        return complete(complete, connection, key, token, completion, policy);
    }

    /**
     * The verdict in the transaction of the transactional mode's claim ({@link WriteQueries#completeInTransaction()}),
     * on that transaction's connection.
     */
    public WriteOutcome completeInTransaction(
            Connection connection, EventKey key, long token, Completion completion, IdempotencyPolicy policy)
            throws SQLException {
        return complete(completeInTransaction, connection, key, token, completion, policy);
    }

    private static WriteOutcome complete(
            RenderedStatement shape,
            Connection connection,
            EventKey key,
            long token,
            Completion completion,
            IdempotencyPolicy policy)
            throws SQLException {
        StoredResponse response = completion.response();
        Payload payload = completion.payload();
        return outcome(
                update(
                        shape,
                        connection,
                        key.endpoint(),
                        key.eventId(),
                        token,
                        completion.status().code(),
                        response.status(),
                        response.contentType(),
                        response.body(),
                        response.bodyOmitted(),
                        payload == null ? null : payload.body(),
                        payload == null ? null : HeadersCodec.encode(payload.headers()),
                        completion.errorClass() == null
                                ? null
                                : completion.errorClass().code(),
                        policy.retention().toMillis(),
                        WriteQueries.attemptLine(completion.attempt()),
                        WriteQueries.attemptLogChars(policy)),
                completion.status());
    }

    /**
     * As {@link #complete(Connection, EventKey, long, Completion, IdempotencyPolicy)} through jOOQ's connection, for
     * callers that hold a {@link DSLContext} on their transaction.
     */
    public WriteOutcome complete(
            DSLContext dsl, EventKey key, long token, Completion completion, IdempotencyPolicy policy) {
        return dsl.connectionResult(connection -> complete(connection, key, token, completion, policy));
    }

    /**
     * PostgreSQL: one {@code UPDATE … RETURNING status}. Elsewhere two guarded updates, the FAILED one first; a row's
     * attempts change only with its token, so between them the choice cannot turn wrong.
     */
    public WriteOutcome fail(Connection connection, EventKey key, long token, Failure failure, IdempotencyPolicy policy)
            throws SQLException {
        Duration retryIn = failure.retryIn();
        Object[] values = {
            key.endpoint(),
            key.eventId(),
            token,
            failure.payload().body(),
            HeadersCodec.encode(failure.payload().headers()),
            WriteQueries.capped(failure.error()),
            failure.errorClass().code(),
            policy.maxAttempts(),
            retryIn == null ? null : retryIn.toMillis(),
            (retryIn == null ? policy.retention() : retryIn.plus(policy.retention())).toMillis(),
            policy.deadRetention().toMillis(),
            WriteQueries.attemptLine(failure.attempt()),
            WriteQueries.attemptLogChars(policy)
        };
        if (failReturning != null) {
            try (PreparedStatement statement = failReturning.prepare(connection, values);
                    ResultSet rs = statement.executeQuery()) {
                return rs.next()
                        ? new WriteOutcome.Recorded(RecordStatus.fromCode(rs.getString(1)))
                        : new WriteOutcome.Stale();
            }
        }
        if (failFailed == null || failDead == null) {
            throw new IllegalStateException("no failure statements for " + key);
        }
        if (update(failFailed, connection, values) == 1) {
            return new WriteOutcome.Recorded(RecordStatus.FAILED);
        }
        return outcome(update(failDead, connection, values), RecordStatus.DEAD);
    }

    private static int update(RenderedStatement shape, Connection connection, @Nullable Object... values)
            throws SQLException {
        try (PreparedStatement statement = shape.prepare(connection, values)) {
            return statement.executeUpdate();
        }
    }

    private static WriteOutcome outcome(int updated, RecordStatus status) {
        return updated == 1 ? new WriteOutcome.Recorded(status) : new WriteOutcome.Stale();
    }
}
