package dev.hookguard.jdbc;

import dev.hookguard.core.ClaimOutcome;
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
import dev.hookguard.core.executor.Classification;
import dev.hookguard.core.executor.Execution;
import dev.hookguard.core.executor.Verdict;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.Supplier;
import org.jooq.exception.DataAccessException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The transactional mode: runs a {@link TransactionalHandler} inside the database transaction that also records its
 * verdict, so the handler's own writes and the SUCCEEDED (or REJECTED) record commit together or not at all — the
 * exactly-once effect Stripe gets for its idempotency keys by recording the key's progress with the work it guards.
 *
 * <ol>
 *   <li>The claim commits on its own, as in {@link JdbcIdempotencyStore#claim}: duplicates meanwhile get IN_PROGRESS,
 *       and the lease is renewed while the handler runs.
 *   <li>The handler runs in one transaction; the verdict is written in that transaction with the claim's token.
 *   <li>2xx and final 4xx commit the handler's writes with the record. An exception or a retryable status rolls them
 *       back, and the failure is recorded in a separate transaction. If the lease was taken over meanwhile, the fenced
 *       write finds nothing and everything rolls back ({@link Verdict#STALE}): the new holder's run is the one that
 *       counts.
 * </ol>
 *
 * <p>Guaranteed: no commit of the handler's database writes without the record, nor of the record without the writes,
 * even when the JVM dies at any point. Not guaranteed: calls the handler makes to other systems (HTTP, queues, e-mail)
 * are still at-least-once, since a rolled-back or retried run has made them already.
 *
 * <p>Thread-safe; share one per application and {@link #close()} it on shutdown.
 */
public final class JdbcIdempotentExecutor implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(JdbcIdempotentExecutor.class);

    private final JdbcIdempotencyStore store;
    private final ScheduledExecutorService renewals;
    private final boolean ownsRenewals;

    /** An executor with its own single daemon thread for lease renewals. */
    public JdbcIdempotentExecutor(JdbcIdempotencyStore store) {
        this(store, Executors.newSingleThreadScheduledExecutor(JdbcIdempotentExecutor::renewalThread), true);
    }

    /** An executor that renews leases on the caller's scheduler, which it does not shut down. */
    public JdbcIdempotentExecutor(JdbcIdempotencyStore store, ScheduledExecutorService renewals) {
        this(store, renewals, false);
    }

    private JdbcIdempotentExecutor(JdbcIdempotencyStore store, ScheduledExecutorService renewals, boolean owns) {
        this.store = store;
        this.renewals = renewals;
        this.ownsRenewals = owns;
    }

    /**
     * Claims the event and, if acquired, runs the handler in a transaction of the executor's own (a pooled connection
     * at READ COMMITTED) that commits the handler's writes together with the verdict.
     *
     * @throws StoreUnavailableException when the database fails; if it fails at commit, the outcome is unknown: the
     *     record is either final with the handler's writes, or still PROCESSING until its lease ends
     * @throws Exception whatever the handler threw, after its writes were rolled back and the failure recorded
     */
    public Execution executeInTransaction(
            EventKey key,
            Fingerprint fingerprint,
            Payload payload,
            IdempotencyPolicy policy,
            TransactionalHandler handler)
            throws Exception {
        return run(key, fingerprint, payload, policy, handler, () -> TransactionScope.own(store.session()));
    }

    /**
     * As {@link #executeInTransaction(EventKey, Fingerprint, Payload, IdempotencyPolicy, TransactionalHandler)}, but
     * joins the caller's open transaction on {@code connection} (for example one managed by Spring on the same
     * database): the handler and the verdict run under a savepoint, rolled back to on failure, and become final only
     * when the caller commits. If the caller rolls back instead, the record stays PROCESSING until its lease ends and
     * a redelivery runs the handler again. The claim itself still commits on a connection of its own.
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
        return run(
                key, fingerprint, payload, policy, handler, () -> TransactionScope.joined(connection, store.session()));
    }

    /** Stops the renewal thread if this executor created it. */
    @Override
    public void close() {
        if (ownsRenewals) {
            renewals.shutdownNow();
        }
    }

    private Execution run(
            EventKey key,
            Fingerprint fingerprint,
            Payload payload,
            IdempotencyPolicy policy,
            TransactionalHandler handler,
            Supplier<TransactionScope> scopes)
            throws Exception {
        ClaimOutcome outcome = store.claim(key, fingerprint, policy);
        if (!(outcome instanceof ClaimOutcome.Acquired acquired)) {
            return new Execution.NotRun(outcome);
        }
        Attempt attempt = new Attempt(key, acquired.token(), payload, policy);
        LeaseRenewal renewal = LeaseRenewal.start(store, key, acquired.token(), policy, renewals);
        try (TransactionScope scope = scopes.get()) {
            StoredResponse response;
            try {
                response = handler.handle(scope.transaction);
            } catch (Exception | Error e) {
                renewal.stop();
                rollbackAfter(scope, e);
                recordFailure(attempt, e.getClass().getName() + (e.getMessage() == null ? "" : ": " + e.getMessage()));
                throw e;
            }
            renewal.stop();
            return new Execution.Handled(response, settle(scope, attempt, response));
        } finally {
            renewal.stop();
        }
    }

    private Verdict settle(TransactionScope scope, Attempt attempt, StoredResponse response) {
        StoredResponse kept = response.capped(attempt.policy.responseBodyCap());
        return switch (Classification.of(response.status())) {
            case SUCCESS -> complete(scope, attempt, Completion.succeeded(kept));
            case REJECTED -> complete(scope, attempt, Completion.rejected(kept, attempt.payload));
            case RETRYABLE -> {
                scope.rollback();
                yield recordFailure(attempt, "HTTP " + response.status());
            }
        };
    }

    private Verdict complete(TransactionScope scope, Attempt attempt, Completion completion) {
        WriteOutcome written;
        try {
            written = store.writes().complete(scope.storeDsl, attempt.key, attempt.token, completion, attempt.policy);
        } catch (DataAccessException e) {
            rollbackAfter(scope, e);
            throw StoreErrors.unavailable("complete " + attempt.key + " in the handler's transaction", e);
        }
        if (written instanceof WriteOutcome.Stale) {
            scope.rollback();
            log.warn(
                    "Lease on {} (token {}) was lost before its verdict; the handler's writes were rolled back",
                    attempt.key,
                    attempt.token);
            return Verdict.STALE;
        }
        scope.commit();
        return completion.status() == RecordStatus.SUCCEEDED ? Verdict.PROCESSED : Verdict.REJECTED;
    }

    /** Records a retryable failure in a transaction of its own; the handler's writes were rolled back already. */
    private Verdict recordFailure(Attempt attempt, String error) {
        try {
            WriteOutcome written =
                    store.fail(attempt.key, attempt.token, new Failure(attempt.payload, error), attempt.policy);
            if (written instanceof WriteOutcome.Recorded recorded) {
                return recorded.status() == RecordStatus.DEAD ? Verdict.DEAD_LETTERED : Verdict.FAILED;
            }
            log.warn("Lease on {} (token {}) was lost before its failure was recorded", attempt.key, attempt.token);
            return Verdict.STALE;
        } catch (StoreUnavailableException e) {
            log.error("Could not record the failure of {}; a redelivery after its lease runs it again", attempt.key, e);
            return Verdict.UNRECORDED;
        }
    }

    private static void rollbackAfter(TransactionScope scope, Throwable cause) {
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

    private static Thread renewalThread(Runnable task) {
        Thread thread = new Thread(task, "hookguard-jdbc-lease-renewal");
        thread.setDaemon(true);
        return thread;
    }

    /** The claimed event and what its verdict needs. */
    private record Attempt(EventKey key, long token, Payload payload, IdempotencyPolicy policy) {}
}
