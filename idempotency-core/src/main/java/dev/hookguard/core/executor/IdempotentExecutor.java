package dev.hookguard.core.executor;

import dev.hookguard.core.ClaimOutcome;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.Fingerprint;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.IdempotencyStore;
import dev.hookguard.core.Payload;
import dev.hookguard.core.StoredResponse;
import dev.hookguard.core.internal.executor.LeaseRenewals;

/**
 * Runs a handler under the idempotency protocol: one atomic claim; if acquired, the handler runs while the
 * lease is renewed every third of its length (on a bounded background pool, so a slow store cannot queue the
 * renewals of every handler behind one thread); then the verdict is written with the claim's fencing token
 * (DESIGN.md §1 and §3). A verdict the store cannot take is {@link Verdict#UNRECORDED}: the caller must not
 * acknowledge the event, and the write is retried in the background until the lease ends. Thread-safe; share one per application and {@link #close()} it on shutdown.
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
    private final LeaseRenewals background = new LeaseRenewals();

    /**
     * An executor with the default classification and its own background threads: one timer, and a few
     * workers for lease renewals and for verdict writes retried after an outage.
     */
    public IdempotentExecutor(IdempotencyStore store) {
        this(store, ErrorClassifier.defaults());
    }

    /** An executor classifying failures so, with its own background threads. */
    public IdempotentExecutor(IdempotencyStore store, ErrorClassifier classifier) {
        this.store = store;
        this.classifier = classifier;
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
        return begin(key, fingerprint, payload, policy, false);
    }

    /**
     * As {@link #begin(EventKey, Fingerprint, Payload, IdempotencyPolicy)}; with {@code keepPayload} the claim stores
     * the payload with the record in the same atomic operation ({@link IdempotencyStore#claim(EventKey, Fingerprint,
     * Payload, IdempotencyPolicy)}), for endpoints whose sender does not redeliver: a crash while the handler runs then
     * leaves what a receiver retry needs. Without it the claim carries no payload (the cheaper hot path).
     *
     * @throws dev.hookguard.core.StoreUnavailableException when the store cannot be reached
     */
    public Start begin(
            EventKey key, Fingerprint fingerprint, Payload payload, IdempotencyPolicy policy, boolean keepPayload) {
        ClaimOutcome outcome =
                keepPayload ? store.claim(key, fingerprint, payload, policy) : store.claim(key, fingerprint, policy);
        if (outcome instanceof ClaimOutcome.Acquired acquired) {
            return new InFlight(store, key, acquired, payload, policy, classifier, background);
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

    /** Timer tasks waiting (renewals of events in flight, verdict writes to retry); for tests and gauges. */
    public int pendingBackgroundTasks() {
        return background.pendingTimers();
    }

    /** Stops the background threads. */
    @Override
    public void close() {
        background.close();
    }
}
