package dev.hookguard.spring.internal.transaction;

import dev.hookguard.core.Claim;
import dev.hookguard.core.Completion;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.Failure;
import dev.hookguard.core.WriteOutcome;
import dev.hookguard.jdbc.TransactionalClaim;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionStatus;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * The Spring transaction of one acquired event of a transactional endpoint: opened by the claim (which the filter
 * runs on a claim thread of its own), carried to the request thread that runs the handler, and ended there once.
 * Spring binds a transaction to its thread, so the claim thread unbinds what the transaction manager bound (its
 * resources and synchronizations, as Spring's own suspension does) and the thread that ends it binds them again.
 * Every method is called by one thread at a time: the claim thread, then the request thread (or the thread that
 * gives a late claim back); the handover goes through a concurrent map, which orders them.
 */
public final class HeldTransaction {

    private final Claim held; // the claim's handle, the one the executor's InFlight holds too
    private final PlatformTransactionManager transactions;
    private final TransactionStatus status;
    private final TransactionalClaim claim;
    private @Nullable Suspended suspended;
    private @Nullable Thread boundTo;
    private boolean ended;

    /** The transaction of an acquired {@code claim}. */
    HeldTransaction(PlatformTransactionManager transactions, TransactionStatus status, TransactionalClaim claim) {
        this.held = claim.claim();
        this.transactions = transactions;
        this.status = status;
        this.claim = claim;
        this.boundTo = Thread.currentThread();
    }

    EventKey key() {
        return held.key();
    }

    TransactionStatus status() {
        return status;
    }

    long token() {
        return held.token();
    }

    boolean leaseElapsed() {
        return claim.leaseElapsed();
    }

    /** Unbinds the transaction from the current thread, to be {@linkplain #bindHere() bound} on another. */
    synchronized void unbind() {
        suspended = Suspended.take();
        boundTo = null;
    }

    /** Binds the transaction to the current thread, if it is not bound to it already. */
    synchronized void bindHere() {
        if (boundTo == Thread.currentThread()) {
            return;
        }
        if (suspended == null) {
            throw new IllegalStateException("the transaction of " + held.key() + " is bound to another thread");
        }
        suspended.restore();
        suspended = null;
        boundTo = Thread.currentThread();
    }

    /** Binds the transaction here for its handler; false when it ended already (given up by the sweeper). */
    synchronized boolean bindForHandler() {
        if (ended()) {
            return false;
        }
        bindHere();
        return true;
    }

    /**
     * Rolls back a transaction that no thread took up (its request gave the claim up without a verdict), on the
     * current thread; false when some thread holds it or it ended.
     */
    synchronized boolean sweep() {
        if (boundTo != null || ended()) {
            return false;
        }
        bindHere();
        ended = true;
        transactions.rollback(status);
        return true;
    }

    /** True when the handler's thread holds the transaction (it was bound there), false while it waits unbound. */
    synchronized boolean bound() {
        return boundTo != null;
    }

    /** Writes the verdict in the transaction (bound to the current thread). */
    WriteOutcome complete(Completion completion) {
        bindHere();
        return claim.complete(completion);
    }

    /** Commits, on the current thread; a failure is a {@link RuntimeException} of the transaction manager. */
    synchronized void commit() {
        bindHere();
        ended = true;
        transactions.commit(status);
    }

    /** Rolls back unless the transaction already ended; failures of the rollback are only logged by the caller. */
    synchronized void rollback() {
        if (ended || status.isCompleted()) {
            ended = true;
            return;
        }
        bindHere();
        ended = true;
        transactions.rollback(status);
    }

    synchronized boolean ended() {
        return ended || status.isCompleted();
    }

    /** After the rollback: the failure, recorded in a short transaction of its own (claimed again, then failed). */
    WriteOutcome recordFailure(Failure failure) {
        return claim.recordFailure(failure);
    }

    /** What Spring bound to a thread for one transaction. */
    private record Suspended(
            Map<Object, Object> resources,
            @Nullable List<TransactionSynchronization> synchronizations,
            @Nullable String name,
            boolean readOnly,
            @Nullable Integer isolation,
            boolean active) {

        static Suspended take() {
            List<TransactionSynchronization> synchronizations = null;
            if (TransactionSynchronizationManager.isSynchronizationActive()) {
                synchronizations = new ArrayList<>(TransactionSynchronizationManager.getSynchronizations());
                synchronizations.forEach(TransactionSynchronization::suspend); // as Spring suspends: these first
                TransactionSynchronizationManager.clearSynchronization();
            }
            Map<Object, Object> resources = new LinkedHashMap<>(TransactionSynchronizationManager.getResourceMap());
            resources.keySet().forEach(TransactionSynchronizationManager::unbindResource);
            Suspended suspended = new Suspended(
                    resources,
                    synchronizations,
                    TransactionSynchronizationManager.getCurrentTransactionName(),
                    TransactionSynchronizationManager.isCurrentTransactionReadOnly(),
                    TransactionSynchronizationManager.getCurrentTransactionIsolationLevel(),
                    TransactionSynchronizationManager.isActualTransactionActive());
            TransactionSynchronizationManager.setCurrentTransactionName(null);
            TransactionSynchronizationManager.setCurrentTransactionReadOnly(false);
            TransactionSynchronizationManager.setCurrentTransactionIsolationLevel(null);
            TransactionSynchronizationManager.setActualTransactionActive(false);
            return suspended;
        }

        void restore() {
            resources.forEach(TransactionSynchronizationManager::bindResource);
            if (synchronizations != null) {
                TransactionSynchronizationManager.initSynchronization();
                for (TransactionSynchronization synchronization : synchronizations) {
                    synchronization.resume();
                    TransactionSynchronizationManager.registerSynchronization(synchronization);
                }
            }
            TransactionSynchronizationManager.setCurrentTransactionName(name);
            TransactionSynchronizationManager.setCurrentTransactionReadOnly(readOnly);
            TransactionSynchronizationManager.setCurrentTransactionIsolationLevel(isolation);
            TransactionSynchronizationManager.setActualTransactionActive(active);
        }
    }
}
