package dev.hookguard.core.executor;

import dev.hookguard.core.EventKey;
import dev.hookguard.core.Fingerprint;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.IdempotencyStore;
import dev.hookguard.core.Payload;
import dev.hookguard.core.StoredResponse;
import dev.hookguard.core.internal.executor.Attempts;
import dev.hookguard.core.internal.executor.InFlight;
import dev.hookguard.core.internal.executor.Start;

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
 * <p>{@link #execute} runs the handler on the calling thread. (The servlet filter, whose handler finishes elsewhere,
 * begins its attempts through the internal {@code Attempts} and finishes them itself.)
 */
public final class IdempotentExecutor implements AutoCloseable {

    private final Attempts attempts;

    /**
     * An executor with the default classification and its own background threads: one timer, and a few
     * workers for lease renewals and for verdict writes retried after an outage.
     */
    public IdempotentExecutor(IdempotencyStore store) {
        this(store, ErrorClassifier.defaults());
    }

    /** An executor classifying failures so, with its own background threads. */
    public IdempotentExecutor(IdempotencyStore store, ErrorClassifier classifier) {
        this.attempts = new Attempts(store, classifier);
    }

    /** The store this executor writes to. */
    public IdempotencyStore store() {
        return attempts.store();
    }

    /** Claims the event without its payload; for this package's tests, which finish the attempt themselves. */
    Start begin(EventKey key, Fingerprint fingerprint, Payload payload, IdempotencyPolicy policy) {
        return attempts.begin(key, fingerprint, payload, policy, false);
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
            return new Execution.NotRun(((Start.Refused) start).outcome());
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
        return attempts.pendingTimers();
    }

    /** Stops the background threads. */
    @Override
    public void close() {
        attempts.close();
    }
}
