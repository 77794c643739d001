package dev.hookguard.core.internal.executor;

import dev.hookguard.core.Attempt;
import dev.hookguard.core.ClaimOutcome;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.Fingerprint;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.IdempotencyStore;
import dev.hookguard.core.Payload;
import dev.hookguard.core.executor.ErrorClassifier;
import java.util.function.Supplier;

/**
 * Begins attempts: one atomic claim, and for an acquired one an {@link InFlight} whose lease is renewed every third
 * of its length on a bounded background pool until it is finished. {@link dev.hookguard.core.executor.IdempotentExecutor}
 * runs a handler through it; the servlet filter, whose handler finishes elsewhere (servlet async, a dispatch), uses it
 * directly (a listed seam). Thread-safe; {@link #close()} it on shutdown.
 */
public final class Attempts implements AutoCloseable {

    private final IdempotencyStore store;
    private final ErrorClassifier classifier;
    private final LeaseRenewals background = new LeaseRenewals();

    /** Attempts on {@code store}, their failures classified by {@code classifier}, with their own background threads. */
    public Attempts(IdempotencyStore store, ErrorClassifier classifier) {
        this.store = store;
        this.classifier = classifier;
    }

    /** The store the attempts write to. */
    public IdempotencyStore store() {
        return store;
    }

    /**
     * Claims the event. If acquired, the lease is renewed from now until the returned {@link InFlight} is finished;
     * the caller must finish it exactly once. With {@code keepPayload} the claim stores the payload with the record in
     * the same atomic operation ({@link IdempotencyStore#claim(EventKey, Fingerprint, Payload, IdempotencyPolicy)}),
     * for endpoints whose sender does not redeliver: a crash while the handler runs then leaves what a receiver retry
     * needs. Without it the claim carries no payload (the cheaper hot path).
     *
     * @throws dev.hookguard.core.StoreUnavailableException when the store cannot be reached
     */
    public Start begin(
            EventKey key, Fingerprint fingerprint, Payload payload, IdempotencyPolicy policy, boolean keepPayload) {
        return begin(key, fingerprint, payload, policy, keepPayload, Attempt.Source.SENDER);
    }

    /**
     * {@link #begin(EventKey, Fingerprint, Payload, IdempotencyPolicy, boolean)}, the attempt delivered by {@code
     * source} (a {@link Attempt.Source#DISPATCH} of an attempt after the first is logged as a receiver retry).
     */
    public Start begin(
            EventKey key,
            Fingerprint fingerprint,
            Payload payload,
            IdempotencyPolicy policy,
            boolean keepPayload,
            Attempt.Source source) {
        return begin(key, fingerprint, () -> payload, policy, keepPayload, source);
    }

    /**
     * {@link #begin(EventKey, Fingerprint, Payload, IdempotencyPolicy, boolean, Attempt.Source)} with the payload
     * made only when a record keeps it (a claim with {@code keepPayload}, a failure, a rejection): a delivery that
     * succeeds at once never copies its body. {@code payload} may be called more than once and from another thread.
     */
    public Start begin(
            EventKey key,
            Fingerprint fingerprint,
            Supplier<Payload> payload,
            IdempotencyPolicy policy,
            boolean keepPayload,
            Attempt.Source source) {
        ClaimOutcome outcome = keepPayload
                ? store.claim(key, fingerprint, payload.get(), policy)
                : store.claim(key, fingerprint, policy);
        if (outcome instanceof ClaimOutcome.Acquired acquired) {
            return new InFlight(
                    store, acquired.claim(key, policy), acquired.attempt(), payload, classifier, background, source);
        }
        return new Start.Refused(outcome);
    }

    /** Timer tasks waiting (renewals of events in flight, verdict writes to retry); for tests and gauges. */
    public int pendingTimers() {
        return background.pendingTimers();
    }

    /** Stops the background threads. */
    @Override
    public void close() {
        background.close();
    }
}
