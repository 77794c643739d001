package dev.hookguard.spring.internal.transaction;

import dev.hookguard.core.ClaimOutcome;
import dev.hookguard.core.Completion;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.Failure;
import dev.hookguard.core.Fingerprint;
import dev.hookguard.core.ForwardingRecoveryStore;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.Payload;
import dev.hookguard.core.RecordStatus;
import dev.hookguard.core.StoreUnavailableException;
import dev.hookguard.core.WriteOutcome;
import dev.hookguard.core.internal.UnrecordableVerdictException;
import dev.hookguard.jdbc.JdbcIdempotencyStore;
import dev.hookguard.jdbc.TransactionalClaim;
import java.sql.Connection;
import java.time.Duration;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import javax.sql.DataSource;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.datasource.DataSourceUtils;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.TransactionStatus;
import org.springframework.transaction.support.DefaultTransactionDefinition;

/**
 * The JDBC store as the filter sees it in the transactional mode: for the events of transactional endpoints, the
 * jdbc-store's one transactional path ({@link TransactionalClaim}) inside a Spring transaction, committed once.
 *
 * <ul>
 *   <li>{@code claim} opens a Spring transaction (the application's transaction manager, at the pool's isolation, so
 *       no isolation round trip), claims as its first statement on Spring's connection, waiting for a concurrent
 *       holder at most the lock wait (then IN_PROGRESS: 409), and keeps it open for the handler ({@link
 *       HeldTransaction}); a claim that does not acquire rolls it back.
 *   <li>{@code renew} of a held event writes nothing: the row lock keeps others out while the transaction lives.
 *   <li>{@code complete} writes the fenced verdict in that transaction; the adapter's filter commits it with the
 *       handler's writes. When the handler was never reached (a schema rejection), it commits at once.
 *   <li>{@code fail} rolls the transaction back and records the failure with its payload in a short transaction.
 * </ul>
 *
 * Every other operation, and the events of other endpoints, are the JDBC store's own.
 */
public final class TransactionalStore extends ForwardingRecoveryStore {

    private static final Logger log = LoggerFactory.getLogger(TransactionalStore.class);
    private static final TransactionDefinition DEFINITION = definition();
    private static final ScheduledExecutorService SWEEPER =
            Executors.newSingleThreadScheduledExecutor(TransactionalStore::sweeperThread);

    private final JdbcIdempotencyStore store;
    private final DataSource dataSource;
    private final PlatformTransactionManager transactions;
    private final Predicate<String> transactionalEndpoint;
    private final Duration lockWait;
    private final ConcurrentHashMap<EventKey, HeldTransaction> held = new ConcurrentHashMap<>();

    TransactionalStore(
            JdbcIdempotencyStore store,
            DataSource dataSource,
            PlatformTransactionManager transactions,
            Predicate<String> transactionalEndpoint,
            Duration lockWait) {
        super(store);
        this.store = store;
        this.dataSource = dataSource;
        this.transactions = transactions;
        this.transactionalEndpoint = transactionalEndpoint;
        this.lockWait = lockWait;
    }

    /**
     * The claim keeping the payload on the endpoints outside the transactional mode; a transactional endpoint's claim
     * needs none: it is part of the handler's transaction, so a crash rolls it back and leaves no record behind.
     */
    @Override
    public ClaimOutcome claim(
            EventKey key, Fingerprint fingerprint, @Nullable Payload payload, IdempotencyPolicy policy) {
        return transactionalEndpoint.test(key.endpoint())
                ? claim(key, fingerprint, policy)
                : store.claim(key, fingerprint, payload, policy);
    }

    @Override
    public ClaimOutcome claim(EventKey key, Fingerprint fingerprint, IdempotencyPolicy policy) {
        if (!transactionalEndpoint.test(key.endpoint())) {
            return store.claim(key, fingerprint, policy);
        }
        TransactionStatus status;
        try {
            status = transactions.getTransaction(DEFINITION);
        } catch (RuntimeException e) {
            throw new StoreUnavailableException("could not open the transaction of " + key, e);
        }
        TransactionalClaim claim;
        try {
            Connection connection = DataSourceUtils.getConnection(dataSource); // the transaction's, released with it
            claim = TransactionalClaim.begin(store, connection, key, fingerprint, policy, lockWait);
        } catch (RuntimeException e) {
            rollBack(status, e);
            throw e instanceof StoreUnavailableException unavailable
                    ? unavailable
                    : new StoreUnavailableException("could not claim " + key + " in its transaction", e);
        }
        if (!claim.acquired()) {
            rollBack(status, null);
            return claim.outcome();
        }
        HeldTransaction transaction = new HeldTransaction(transactions, status, claim);
        transaction.unbind();
        held.put(key, transaction);
        SWEEPER.schedule(
                () -> sweep(transaction), policy.lease().toMillis() + lockWait.toMillis(), TimeUnit.MILLISECONDS);
        return claim.outcome();
    }

    @Override
    public WriteOutcome renew(EventKey key, long token, IdempotencyPolicy policy) {
        HeldTransaction transaction = held(key, token);
        if (transaction == null) {
            return store.renew(key, token, policy);
        }
        return transaction.leaseElapsed()
                ? new WriteOutcome.Stale()
                : new WriteOutcome.Recorded(RecordStatus.PROCESSING);
    }

    @Override
    public WriteOutcome complete(EventKey key, long token, Completion completion, IdempotencyPolicy policy) {
        HeldTransaction transaction = held(key, token);
        if (transaction == null) {
            return store.complete(key, token, completion, policy);
        }
        boolean handlerRan = transaction.bound();
        WriteOutcome outcome;
        try {
            outcome = transaction.complete(completion);
        } catch (RuntimeException e) {
            throw new UnrecordableVerdictException("the verdict could not be written in the handler's transaction", e);
        }
        if (outcome instanceof WriteOutcome.Stale) {
            throw new UnrecordableVerdictException(
                    "the verdict was not written",
                    new IllegalStateException("the handler ran longer than its lease; its transaction rolls back"));
        }
        TransactionalDelivery delivery = TransactionalDelivery.current();
        if (handlerRan && delivery != null && delivery.holds(transaction)) {
            delivery.completed(outcome); // the adapter's filter commits once the handler's response is complete
            return outcome;
        }
        try {
            transaction.commit(); // no handler in this transaction (a schema rejection): final now
        } catch (RuntimeException e) {
            throw new UnrecordableVerdictException("the verdict's transaction could not be committed", e);
        } finally {
            forget(transaction);
        }
        return outcome;
    }

    @Override
    public WriteOutcome fail(EventKey key, long token, Failure failure, IdempotencyPolicy policy) {
        HeldTransaction transaction = held(key, token);
        if (transaction == null) {
            return store.fail(key, token, failure, policy);
        }
        forget(transaction);
        rollBack(transaction);
        WriteOutcome outcome = transaction.recordFailure(failure);
        TransactionalDelivery delivery = TransactionalDelivery.current();
        if (delivery != null && delivery.holds(transaction)) {
            delivery.failed(outcome);
        }
        return outcome;
    }

    /**
     * The held transaction of {@code key}, bound to the current thread for its handler: the one a claim of this
     * request acquired (while it lives, no other claim of the key can acquire). Null when none is held.
     */
    @Nullable
    HeldTransaction takeForHandler(EventKey key) {
        HeldTransaction transaction = held.get(key);
        return transaction != null && transaction.bindForHandler() ? transaction : null;
    }

    /** Commits a handler's transaction whose verdict is in it. */
    void commit(HeldTransaction transaction) {
        try {
            transaction.commit();
        } finally {
            forget(transaction);
        }
    }

    /**
     * Rolls a handler's transaction back (if it did not end) as soon as the handler failed, and keeps it known, so that
     * the failure the filter records next is written in a transaction of its own on a free connection.
     */
    void rollBackEarly(HeldTransaction transaction) {
        rollBack(transaction);
    }

    /** Rolls a handler's transaction back (if it did not end) and forgets it. */
    void rollBackAndForget(HeldTransaction transaction) {
        forget(transaction);
        rollBack(transaction);
    }

    private @Nullable HeldTransaction held(EventKey key, long token) {
        HeldTransaction transaction = held.get(key);
        return transaction != null && transaction.token() == token ? transaction : null;
    }

    private void forget(HeldTransaction transaction) {
        held.remove(transaction.key(), transaction);
    }

    /** A claim nobody took up within its lease (the filter gave it up without a verdict): rolled back. */
    private void sweep(HeldTransaction transaction) {
        try {
            if (transaction.sweep()) {
                forget(transaction);
                log.warn(
                        "The claim of {} was not taken up by its request; its transaction was rolled back",
                        transaction.key());
            }
        } catch (RuntimeException e) {
            forget(transaction);
            log.warn("Could not roll back the abandoned transaction of {}: {}", transaction.key(), e.toString());
        }
    }

    private static void rollBack(HeldTransaction transaction) {
        try {
            transaction.rollback();
        } catch (RuntimeException e) {
            log.warn("Could not roll back the transaction of {}: {}", transaction.key(), e.toString());
        }
    }

    private void rollBack(TransactionStatus status, @Nullable Throwable cause) {
        if (status.isCompleted()) {
            return;
        }
        try {
            transactions.rollback(status);
        } catch (RuntimeException e) {
            if (cause != null) {
                cause.addSuppressed(e);
            } else {
                log.warn("Could not roll back a claim's transaction: {}", e.toString());
            }
        }
    }

    private static TransactionDefinition definition() {
        DefaultTransactionDefinition definition =
                new DefaultTransactionDefinition(TransactionDefinition.PROPAGATION_REQUIRES_NEW);
        definition.setName("hookguard-webhook");
        return definition;
    }

    private static Thread sweeperThread(Runnable task) {
        Thread thread = new Thread(task, "hookguard-transaction-sweeper");
        thread.setDaemon(true);
        return thread;
    }
}
