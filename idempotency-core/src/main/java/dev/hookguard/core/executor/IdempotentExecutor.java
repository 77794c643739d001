package dev.hookguard.core.executor;

import dev.hookguard.core.ClaimOutcome;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.Fingerprint;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.IdempotencyStore;
import dev.hookguard.core.Payload;
import dev.hookguard.core.StoredResponse;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;

/**
 * Runs a handler under the idempotency protocol: one atomic claim; if acquired, the handler runs while the
 * lease is renewed every third of its length; then the verdict is written with the claim's fencing token
 * (DESIGN.md §1 and §3). Thread-safe; share one per application and {@link #close()} it on shutdown.
 *
 * <p>Failures and rejections are recorded with the {@link dev.hookguard.core.ErrorClass} an {@link
 * ErrorClassifier} gives them (the built-in one unless the constructor is given another).
 *
 * <p>Use {@link #execute} when the handler runs on the calling thread, and {@link #begin} with {@link
 * InFlight#finish} or {@link InFlight#fail} when it finishes elsewhere (servlet async, a reactive chain).
 */
public final class IdempotentExecutor implements AutoCloseable {

    private final IdempotencyStore store;
    private final ErrorClassifier classifier;
    private final ScheduledExecutorService renewals;
    private final boolean ownsRenewals;

    /** An executor with its own single daemon thread for lease renewals and the default classification. */
    public IdempotentExecutor(IdempotencyStore store) {
        this(store, ErrorClassifier.defaults());
    }

    /** An executor with its own single daemon thread for lease renewals, classifying failures so. */
    public IdempotentExecutor(IdempotencyStore store, ErrorClassifier classifier) {
        this(store, classifier, Executors.newSingleThreadScheduledExecutor(IdempotentExecutor::renewalThread), true);
    }

    /** An executor that renews leases on the caller's scheduler, which it does not shut down. */
    public IdempotentExecutor(IdempotencyStore store, ScheduledExecutorService renewals) {
        this(store, ErrorClassifier.defaults(), renewals, false);
    }

    /** An executor classifying failures so and renewing leases on the caller's scheduler (not shut down). */
    public IdempotentExecutor(IdempotencyStore store, ErrorClassifier classifier, ScheduledExecutorService renewals) {
        this(store, classifier, renewals, false);
    }

    private IdempotentExecutor(
            IdempotencyStore store, ErrorClassifier classifier, ScheduledExecutorService renewals, boolean owns) {
        this.store = store;
        this.classifier = classifier;
        this.renewals = renewals;
        this.ownsRenewals = owns;
    }

    /** The store this executor writes to. */
    public IdempotencyStore store() {
        return store;
    }

    /**
     * Claims the event. If acquired, the lease is renewed from now until the returned {@link InFlight} is
     * finished; the caller must finish it exactly once.
     *
     * @throws dev.hookguard.core.StoreUnavailableException when the store cannot be reached
     */
    public Start begin(EventKey key, Fingerprint fingerprint, Payload payload, IdempotencyPolicy policy) {
        ClaimOutcome outcome = store.claim(key, fingerprint, policy);
        if (outcome instanceof ClaimOutcome.Acquired acquired) {
            return new InFlight(store, key, acquired, payload, policy, classifier, renewals);
        }
        return new Execution.NotRun(outcome);
    }

    /**
     * Claims the event and, if acquired, runs the handler and records its verdict. A handler that throws
     * is recorded as a retryable failure and its exception is rethrown to the caller.
     *
     * @throws Exception whatever the handler threw, after the failure was recorded
     */
    public Execution execute(
            EventKey key, Fingerprint fingerprint, Payload payload, IdempotencyPolicy policy, WebhookHandler handler)
            throws Exception {
        Start start = begin(key, fingerprint, payload, policy);
        if (!(start instanceof InFlight inFlight)) {
            return (Execution.NotRun) start;
        }
        StoredResponse response;
        try {
            response = handler.handle();
        } catch (Exception | Error e) {
            inFlight.fail(e);
            throw e;
        }
        return new Execution.Handled(response, inFlight.finish(response));
    }

    /** Stops the renewal thread if this executor created it. */
    @Override
    public void close() {
        if (ownsRenewals) {
            renewals.shutdownNow();
        }
    }

    private static Thread renewalThread(Runnable task) {
        Thread thread = new Thread(task, "hookguard-lease-renewal");
        thread.setDaemon(true);
        return thread;
    }
}
