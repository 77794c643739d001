package dev.hookguard.core.executor;

import dev.hookguard.core.ClaimOutcome;
import dev.hookguard.core.Completion;
import dev.hookguard.core.ErrorClass;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.Failure;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.IdempotencyStore;
import dev.hookguard.core.Payload;
import dev.hookguard.core.StoreUnavailableException;
import dev.hookguard.core.StoredResponse;
import dev.hookguard.core.WriteOutcome;
import java.time.Duration;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An acquired event whose handler is running. The lease is renewed in the background until {@link #finish}
 * or {@link #fail} is called, exactly once; both write with the claim's fencing token, so a worker whose
 * lease was taken over cannot overwrite the new holder's verdict.
 */
public final class InFlight implements Start {

    private static final Logger log = LoggerFactory.getLogger(InFlight.class);
    /** Writes of a verdict are tried this often while the store is unreachable. */
    private static final int RECORD_TRIES = 3;

    private static final Duration RECORD_BACKOFF = Duration.ofMillis(50);

    private final IdempotencyStore store;
    private final EventKey key;
    private final ClaimOutcome.Acquired claim;
    private final Payload payload;
    private final IdempotencyPolicy policy;
    private final ErrorClassifier classifier;
    private final ScheduledFuture<?> renewal;
    private volatile boolean leaseLost;
    private final AtomicBoolean finished = new AtomicBoolean();

    InFlight(
            IdempotencyStore store,
            EventKey key,
            ClaimOutcome.Acquired claim,
            Payload payload,
            IdempotencyPolicy policy,
            ErrorClassifier classifier,
            ScheduledExecutorService renewals) {
        this.store = store;
        this.key = key;
        this.claim = claim;
        this.payload = payload;
        this.policy = policy;
        this.classifier = classifier;
        long every = Math.max(1, policy.lease().toMillis() / 3);
        this.renewal = renewals.scheduleAtFixedRate(this::renew, every, every, TimeUnit.MILLISECONDS);
    }

    /** The event being handled. */
    public EventKey key() {
        return key;
    }

    /** The claim: fencing token and attempt number. */
    public ClaimOutcome.Acquired claim() {
        return claim;
    }

    /**
     * Records the handler's response: SUCCEEDED for 2xx, REJECTED for a final 4xx, else a failure; the
     * error class of a rejection or failure comes from the executor's {@link ErrorClassifier}.
     */
    public Verdict finish(StoredResponse response) {
        stop();
        StoredResponse capped = response.capped(policy.responseBodyCap());
        return switch (Classification.of(response.status())) {
            case SUCCESS -> complete(Completion.succeeded(capped));
            case REJECTED -> complete(Completion.rejected(capped, payload, classifier.ofStatus(response.status())));
            case RETRYABLE -> recordFailure("HTTP " + response.status(), classifier.ofStatus(response.status()));
        };
    }

    /** Records that the handler threw: a retryable failure (classified), or DEAD on the last attempt. */
    public Verdict fail(Throwable error) {
        stop();
        return recordFailure(
                error.getClass().getName() + (error.getMessage() == null ? "" : ": " + error.getMessage()),
                classifier.ofException(error));
    }

    private Verdict complete(Completion completion) {
        return record(() -> store.complete(key, claim.token(), completion, policy));
    }

    private Verdict recordFailure(String error, ErrorClass errorClass) {
        return record(() -> store.fail(key, claim.token(), new Failure(payload, error, errorClass), policy));
    }

    private Verdict record(Supplier<WriteOutcome> write) {
        for (int attempt = 1; ; attempt++) {
            try {
                return verdictOf(write.get());
            } catch (StoreUnavailableException e) {
                if (attempt == RECORD_TRIES) {
                    log.error(
                            "Could not record the verdict of {} after {} tries; a redelivery may run it again",
                            key,
                            attempt,
                            e);
                    return Verdict.UNRECORDED;
                }
                pause(RECORD_BACKOFF.multipliedBy(attempt));
            }
        }
    }

    private Verdict verdictOf(WriteOutcome outcome) {
        if (outcome instanceof WriteOutcome.Recorded recorded) {
            return switch (recorded.status()) {
                case SUCCEEDED -> Verdict.PROCESSED;
                case REJECTED -> Verdict.REJECTED;
                case FAILED -> Verdict.FAILED;
                case DEAD -> Verdict.DEAD_LETTERED;
                case PROCESSING, QUEUED ->
                    throw new IllegalStateException("a verdict left " + key + " " + recorded.status());
            };
        }
        log.warn("Lease on {} (token {}) was lost before its verdict was recorded", key, claim.token());
        return Verdict.STALE;
    }

    private void renew() {
        try {
            if (!leaseLost && store.renew(key, claim.token(), policy) instanceof WriteOutcome.Stale) {
                log.warn("Lease on {} (token {}) was taken over while its handler ran", key, claim.token());
                leaseLost = true;
            }
        } catch (RuntimeException e) {
            log.warn("Could not renew the lease on {}; will try again", key, e);
        }
    }

    private void stop() {
        if (!finished.compareAndSet(false, true)) {
            throw new IllegalStateException("the attempt on " + key + " was already finished");
        }
        renewal.cancel(false);
    }

    private static void pause(Duration duration) {
        try {
            Thread.sleep(duration.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
