package dev.hookguard.jdbc;

import dev.hookguard.core.Completion;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.Failure;
import dev.hookguard.core.Fingerprint;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.Payload;
import dev.hookguard.core.RecordStatus;
import dev.hookguard.core.StoreUnavailableException;
import dev.hookguard.core.StoredResponse;
import dev.hookguard.core.WriteOutcome;
import dev.hookguard.core.executor.Execution;
import dev.hookguard.core.executor.Verdict;
import dev.hookguard.core.internal.executor.Classification;
import dev.hookguard.jdbc.internal.StoreErrors;
import dev.hookguard.jdbc.internal.sql.TransactionalStatements;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The transactional mode: runs a {@link TransactionalHandler} inside the one database transaction that also claims
 * the event and records its verdict ({@link TransactionalClaim}), so the handler's own writes and the SUCCEEDED (or
 * REJECTED) record commit together, in one commit, or not at all — the exactly-once effect Stripe gets for its
 * idempotency keys by recording the key's progress with the work it guards.
 *
 * <ol>
 *   <li>The claim is the transaction's first statement and keeps the event's row locked: a concurrent duplicate
 *       waits at most {@link #lockWait()} for it, then is told IN_PROGRESS (409); once the holder committed it gets
 *       DUPLICATE.
 *   <li>The handler runs on the same connection; the verdict is written in the same transaction with the claim's
 *       token, and the transaction commits once.
 *   <li>An exception, a retryable status, or a handler that outlived its lease rolls everything back (claim
 *       included), and the failure is recorded with its payload in a short transaction of its own.
 * </ol>
 *
 * <p>Guaranteed: no commit of the handler's database writes without the record, nor of the record without the writes,
 * even when the JVM dies at any point. Not guaranteed: calls the handler makes to other systems (HTTP, queues, e-mail)
 * are still at-least-once, since a rolled-back or retried run has made them already.
 *
 * <p>Thread-safe; share one per application. {@link #close()} does nothing and is kept for try-with-resources.
 */
public final class JdbcIdempotentExecutor implements AutoCloseable {

    /**
     * Default bound on a duplicate's wait for the holder's row lock: 500 ms, below the servlet filter's default store
     * timeout (1 s), so that a waiting duplicate is answered 409 rather than 503.
     */
    public static final Duration DEFAULT_LOCK_WAIT = Duration.ofMillis(500);

    private static final Logger log = LoggerFactory.getLogger(JdbcIdempotentExecutor.class);

    private final JdbcIdempotencyStore store;
    private final TransactionalStatements statements;

    /** An executor whose duplicates wait at most {@link #DEFAULT_LOCK_WAIT} for the holder. */
    public JdbcIdempotentExecutor(JdbcIdempotencyStore store) {
        this(store, DEFAULT_LOCK_WAIT);
    }

    /**
     * An executor whose concurrent duplicates wait at most {@code lockWait} for the holder's row lock before they are
     * told IN_PROGRESS (PostgreSQL: to the millisecond; MariaDB: in whole seconds, at least one; H2 and MySQL: the
     * connection's own lock timeout).
     *
     * @throws IllegalArgumentException when {@code lockWait} is not positive
     */
    public JdbcIdempotentExecutor(JdbcIdempotencyStore store, Duration lockWait) {
        this.store = store;
        this.statements = store.transactionalStatements(lockWait);
    }

    /** How long a concurrent duplicate waits for the holder's row lock. */
    public Duration lockWait() {
        return statements.lockWait().bound();
    }

    /**
     * Claims the event and, if acquired, runs the handler, all in one transaction of the executor's own on a pooled
     * connection (at the pool's isolation, which must be READ COMMITTED), committed once with the verdict.
     *
     * @throws StoreUnavailableException when the database fails; if it fails at commit, the failure is recorded when
     *     the database lets it (a commit that did land makes that a no-op), and the caller answers 503
     * @throws Exception whatever the handler threw, after its writes were rolled back and the failure recorded
     */
    public Execution executeInTransaction(
            EventKey key,
            Fingerprint fingerprint,
            Payload payload,
            IdempotencyPolicy policy,
            TransactionalHandler handler)
            throws Exception {
        try (Own own = Own.open(store)) {
            TransactionalClaim claim =
                    TransactionalClaim.begin(store, statements, own.connection, null, key, fingerprint, policy);
            return run(claim, own, payload, policy, handler);
        }
    }

    /**
     * As {@link #executeInTransaction(EventKey, Fingerprint, Payload, IdempotencyPolicy, TransactionalHandler)}, but
     * in the caller's open transaction on {@code connection} (for example one managed by Spring on the same
     * database): the claim, the handler and the verdict follow a savepoint, rolled back to on failure, and become
     * final only when the caller commits; until then the event's row stays locked. If the caller rolls back instead,
     * nothing of the event stays and a redelivery runs the handler again.
     *
     * @param connection a connection with auto-commit off; the caller commits, rolls back and closes it
     * @throws IllegalArgumentException when {@code connection} is in auto-commit mode
     */
    public Execution executeInTransaction(
            EventKey key,
            Fingerprint fingerprint,
            Payload payload,
            IdempotencyPolicy policy,
            Connection connection,
            TransactionalHandler handler)
            throws Exception {
        requireTransaction(connection);
        Joined joined = Joined.open(connection);
        TransactionalClaim claim;
        try {
            claim = TransactionalClaim.begin(store, statements, connection, joined.savepoint, key, fingerprint, policy);
        } catch (StoreUnavailableException e) {
            rollbackAfter(joined, e);
            throw e;
        }
        return run(claim, joined, payload, policy, handler);
    }

    /** Nothing to release: kept so that existing try-with-resources blocks compile. */
    @Override
    public void close() {
        // no threads or connections of its own
    }

    private Execution run(
            TransactionalClaim claim,
            Scope scope,
            Payload payload,
            IdempotencyPolicy policy,
            TransactionalHandler handler)
            throws Exception {
        if (!claim.acquired()) {
            scope.rollback();
            return new Execution.NotRun(claim.outcome());
        }
        StoredResponse response;
        try {
            response = handler.handle(scope.transaction(store));
        } catch (Exception | Error e) {
            rollbackAfter(scope, e);
            recordFailure(
                    claim, payload, e.getClass().getName() + (e.getMessage() == null ? "" : ": " + e.getMessage()));
            throw e;
        }
        StoredResponse kept = response.capped(policy.responseBodyCap());
        Verdict verdict = switch (Classification.of(response.status())) {
            case SUCCESS -> complete(claim, scope, payload, Completion.succeeded(kept));
            case REJECTED -> complete(claim, scope, payload, Completion.rejected(kept, payload));
            case RETRYABLE -> {
                scope.rollback();
                yield recordFailure(claim, payload, "HTTP " + response.status());
            }
        };
        return new Execution.Handled(response, verdict);
    }

    private Verdict complete(TransactionalClaim claim, Scope scope, Payload payload, Completion completion) {
        WriteOutcome written;
        try {
            written = claim.complete(completion);
        } catch (StoreUnavailableException e) {
            rollbackAfter(scope, e);
            throw e;
        }
        if (written instanceof WriteOutcome.Stale) {
            scope.rollback();
            return recordFailure(claim, payload, "the handler ran longer than its lease; its writes were rolled back");
        }
        try {
            scope.commit();
        } catch (StoreUnavailableException e) {
            // if the commit did land, the event is final and this finds it so; if not, the failure is kept
            recordFailure(claim, payload, "the transaction's commit failed: " + e.getMessage());
            throw e;
        }
        return completion.status() == RecordStatus.SUCCEEDED ? Verdict.PROCESSED : Verdict.REJECTED;
    }

    /** Records a retryable failure in a transaction of its own; the handler's writes were rolled back already. */
    private Verdict recordFailure(TransactionalClaim claim, Payload payload, String error) {
        try {
            WriteOutcome written = claim.recordFailure(new Failure(payload, error));
            if (written instanceof WriteOutcome.Recorded recorded) {
                return recorded.status() == RecordStatus.DEAD ? Verdict.DEAD_LETTERED : Verdict.FAILED;
            }
            log.warn("Another delivery holds or finished the event since; its failure was not recorded");
            return Verdict.STALE;
        } catch (StoreUnavailableException e) {
            log.error("Could not record a handler's failure; a redelivery runs it again", e);
            return Verdict.UNRECORDED;
        }
    }

    private static void rollbackAfter(Scope scope, Throwable cause) {
        try {
            scope.rollback();
        } catch (StoreUnavailableException e) {
            cause.addSuppressed(e);
        }
    }

    static void requireTransaction(Connection connection) {
        try {
            if (connection.getAutoCommit()) {
                throw new IllegalArgumentException(
                        "connection must have an open transaction (autoCommit false) but is in auto-commit mode");
            }
        } catch (SQLException e) {
            throw StoreErrors.unavailable("inspect the caller's connection", e);
        }
    }

    /** Where the event's transaction ends: a transaction of the executor's own, or a savepoint in the caller's. */
    private sealed interface Scope permits Own, Joined {

        Connection connection();

        default JdbcTransaction transaction(JdbcIdempotencyStore store) {
            return new JdbcTransaction(connection(), store.dialect().sqlDialect());
        }

        void rollback();

        void commit();
    }

    /** A pooled connection with auto-commit off for the event; closing it rolls back what did not end. */
    private record Own(Connection connection, boolean autoCommit) implements Scope, AutoCloseable {

        static Own open(JdbcIdempotencyStore store) {
            Connection connection;
            try {
                connection = store.session().dataSource().getConnection();
            } catch (SQLException e) {
                throw StoreErrors.unavailable("open the event's transaction", e);
            }
            try {
                boolean autoCommit = connection.getAutoCommit();
                if (autoCommit) {
                    connection.setAutoCommit(false);
                }
                return new Own(connection, autoCommit);
            } catch (SQLException e) {
                try {
                    connection.close();
                } catch (SQLException closing) {
                    e.addSuppressed(closing);
                }
                throw StoreErrors.unavailable("open the event's transaction", e);
            }
        }

        @Override
        public void rollback() {
            try {
                connection.rollback();
            } catch (SQLException e) {
                throw StoreErrors.unavailable("roll back the event's transaction", e);
            }
        }

        @Override
        public void commit() {
            try {
                connection.commit();
            } catch (SQLException e) {
                throw StoreErrors.unavailable("commit the event's transaction; its outcome is unknown", e);
            }
        }

        @Override
        public void close() {
            try (connection) {
                connection.rollback(); // a no-op once committed or rolled back; else nothing of the event stays
                if (autoCommit) {
                    connection.setAutoCommit(true);
                }
            } catch (SQLException e) {
                // a broken connection is dropped by the pool
            }
        }
    }

    /** A savepoint in the caller's open transaction, which the caller commits. */
    private record Joined(Connection connection, java.sql.Savepoint savepoint) implements Scope {

        static Joined open(Connection connection) {
            try {
                return new Joined(connection, connection.setSavepoint());
            } catch (SQLException e) {
                throw StoreErrors.unavailable("set a savepoint in the caller's transaction", e);
            }
        }

        @Override
        public void rollback() {
            try {
                connection.rollback(savepoint);
            } catch (SQLException e) {
                throw StoreErrors.unavailable("roll back to the savepoint in the caller's transaction", e);
            }
        }

        @Override
        public void commit() {
            try {
                connection.releaseSavepoint(savepoint);
            } catch (SQLException e) {
                throw StoreErrors.unavailable("release the savepoint in the caller's transaction", e);
            }
        }
    }
}
