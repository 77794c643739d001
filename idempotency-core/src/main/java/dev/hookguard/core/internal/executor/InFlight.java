package dev.hookguard.core.internal.executor;

import dev.hookguard.core.Attempt;
import dev.hookguard.core.Claim;
import dev.hookguard.core.Completion;
import dev.hookguard.core.ErrorClass;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.Failure;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.IdempotencyStore;
import dev.hookguard.core.Payload;
import dev.hookguard.core.RecordStatus;
import dev.hookguard.core.StoreUnavailableException;
import dev.hookguard.core.StoredResponse;
import dev.hookguard.core.WriteOutcome;
import dev.hookguard.core.executor.ErrorClassifier;
import dev.hookguard.core.executor.Verdict;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An acquired event whose handler is running. The lease is renewed in the background until {@link #finish},
 * {@link #reject}, {@link #fail} or {@link #release} is called, exactly once; each writes with the claim's fencing
 * token, so a worker whose lease was taken over cannot overwrite the new holder's verdict. A verdict the store
 * cannot take is {@link Verdict#UNRECORDED} and is retried in the background until the lease ends.
 */
public final class InFlight implements Start {

    private static final Logger log = LoggerFactory.getLogger(InFlight.class);

    private final IdempotencyStore store;
    private final EventKey key;
    private final Claim claim;
    private final int attempt;
    private final Supplier<Payload> payload;
    private final IdempotencyPolicy policy;
    private final ErrorClassifier classifier;
    private final LeaseRenewals background;
    private final LeaseRenewals.Registration renewal;
    private final AtomicBoolean finished = new AtomicBoolean();
    private final boolean lastAttempt;
    private final Attempt.Source source;
    private final Instant startedAt = Instant.now();
    private final long startedNanos = System.nanoTime();
    private volatile @Nullable ErrorClass errorClass;
    private volatile boolean leaseLost;
    private volatile long leaseEndsNanos;

    InFlight(
            IdempotencyStore store,
            Claim claim,
            int attempt,
            Supplier<Payload> payload,
            ErrorClassifier classifier,
            LeaseRenewals background,
            Attempt.Source source) {
        this.store = store;
        this.key = claim.key();
        this.claim = claim;
        this.attempt = attempt;
        this.payload = payload;
        this.policy = claim.policy();
        this.classifier = classifier;
        this.background = background;
        this.lastAttempt = attempt >= policy.maxAttempts();
        this.source = source == Attempt.Source.DISPATCH && attempt > 1 ? Attempt.Source.RECEIVER_RETRY : source;
        this.leaseEndsNanos = System.nanoTime() + policy.lease().toNanos();
        // a third of the lease; Duration.dividedBy would go through BigDecimal on every attempt
        this.renewal = background.every(Duration.ofNanos(policy.lease().toNanos() / 3), this::renew);
    }

    /** The event being handled. */
    public EventKey key() {
        return key;
    }

    /** The claim held (key, fencing token, policy), for writes the caller makes itself. */
    public Claim claim() {
        return claim;
    }

    /** This attempt's number: 1 for the event's first, counting the attempts the store recorded before. */
    public int attempt() {
        return attempt;
    }

    /**
     * Whether this is the event's last attempt ({@link IdempotencyPolicy#maxAttempts()}): a retryable failure now
     * makes it DEAD.
     */
    public boolean lastAttempt() {
        return lastAttempt;
    }

    /**
     * The error class of the verdict this attempt recorded (or tried to): that of a rejection or failure, from the
     * executor's {@link ErrorClassifier} or given to {@link #reject}; null before the verdict and for a success.
     */
    public @Nullable ErrorClass errorClass() {
        return errorClass;
    }

    /** Whether a renewal found the lease taken over by another worker while the handler ran. */
    public boolean leaseLost() {
        return leaseLost;
    }

    /**
     * Records the handler's response: SUCCEEDED for 2xx, REJECTED for a final 4xx, else a failure; the
     * error class of a rejection or failure comes from the executor's {@link ErrorClassifier}.
     */
    public Verdict finish(StoredResponse response) {
        return finish(response, null);
    }

    /**
     * {@link #finish(StoredResponse)}, and a retryable status that leaves the event FAILED puts it in the due queue,
     * due after {@code retryIn} ({@link Failure#retryIn()}: the receiver retries); null, it stays out of it.
     */
    public Verdict finish(StoredResponse response, @Nullable Duration retryIn) {
        stop();
        StoredResponse capped = response.capped(policy.responseBodyCap());
        Classification classification = Classification.of(response.status());
        if (classification == Classification.SUCCESS) {
            // A first attempt that succeeds logs nothing: the record says it all, and the hot path stays as small.
            return complete(Completion.succeeded(capped)
                    .withAttempt(attempt == 1 ? null : answered(response.status(), null, null)));
        }
        ErrorClass classified = classifier.ofStatus(response.status());
        errorClass = classified;
        Attempt attempt = answered(response.status(), classified, retryIn);
        return classification == Classification.REJECTED
                ? complete(
                        Completion.rejected(capped, payload.get(), classified).withAttempt(attempt))
                : recordFailure("HTTP " + response.status(), classified, retryIn, attempt);
    }

    /**
     * Records REJECTED with this error class and response without running the handler, as a check before it (a
     * body that fails the endpoint's schema, {@link ErrorClass#SCHEMA}) decides.
     */
    public Verdict reject(StoredResponse response, ErrorClass errorClass) {
        stop();
        this.errorClass = errorClass;
        return complete(Completion.rejected(response.capped(policy.responseBodyCap()), payload.get(), errorClass)
                .withAttempt(answered(response.status(), errorClass, null)));
    }

    /** Records that the handler threw: a retryable failure (classified), or DEAD on the last attempt. */
    public Verdict fail(Throwable error) {
        return fail(error, null);
    }

    /**
     * {@link #fail(Throwable)}, and a failure that leaves the event FAILED puts it in the due queue, due after {@code
     * retryIn} (the receiver retries); null, it stays out of it.
     */
    public Verdict fail(Throwable error, @Nullable Duration retryIn) {
        stop();
        ErrorClass classified = classifier.ofException(error);
        errorClass = classified;
        return recordFailure(
                error.getClass().getName() + (error.getMessage() == null ? "" : ": " + error.getMessage()),
                classified,
                retryIn,
                Attempt.threw(startedAt, elapsed(), source, error, classified, retryIn));
    }

    /**
     * Gives the claim back without running the handler, when it came too late to be used: the record is written
     * FAILED with {@code reason}, so that the sender's next delivery takes it over at once. On the event's last
     * attempt nothing is written (a failure would make it DEAD): the record stays PROCESSING until its lease ends.
     */
    public void release(String reason) {
        stop();
        if (lastAttempt) {
            return;
        }
        try {
            store.fail(claim, new Failure(payload.get(), reason));
        } catch (StoreUnavailableException e) {
            log.warn("Could not give back the late claim on {}; it is taken over when its lease ends", key);
        }
    }

    private Verdict complete(Completion completion) {
        return record(() -> store.complete(claim, completion));
    }

    private Verdict recordFailure(String error, ErrorClass errorClass, @Nullable Duration retryIn, Attempt attempt) {
        return record(() -> store.fail(claim, new Failure(payload.get(), error, errorClass, retryIn, attempt)));
    }

    private Attempt answered(int status, @Nullable ErrorClass errorClass, @Nullable Duration retryAfter) {
        return Attempt.answered(startedAt, elapsed(), source, status, errorClass, retryAfter);
    }

    private Duration elapsed() {
        return Duration.ofNanos(Math.max(0, System.nanoTime() - startedNanos));
    }

    private Verdict record(Supplier<WriteOutcome> write) {
        return new VerdictWrite(store, claim, write, background, () -> leaseEndsNanos)
                .now()
                .map(this::verdictOf)
                .orElse(Verdict.UNRECORDED);
    }

    private Verdict verdictOf(WriteOutcome outcome) {
        if (outcome instanceof WriteOutcome.Recorded recorded) {
            RecordStatus status = recorded.status();
            return switch (status) {
                case SUCCEEDED -> Verdict.PROCESSED;
                case REJECTED -> Verdict.REJECTED;
                case FAILED -> Verdict.FAILED;
                case DEAD -> Verdict.DEAD_LETTERED;
                case PROCESSING, QUEUED -> throw new IllegalStateException("a verdict left " + key + " " + status);
            };
        }
        log.warn("Lease on {} (token {}) was lost before its verdict was recorded", key, claim.token());
        return Verdict.STALE;
    }

    /** One renewal on a background worker ({@link LeaseRenewals#every} skips a tick while the previous one runs). */
    private void renew() {
        if (leaseLost || finished.get()) {
            return;
        }
        try {
            long started = System.nanoTime();
            if (store.renew(claim) instanceof WriteOutcome.Stale) {
                log.error("Lease on {} (token {}) was taken over while its handler ran", key, claim.token());
                leaseLost = true;
            } else {
                leaseEndsNanos = started + policy.lease().toNanos();
            }
        } catch (RuntimeException e) {
            log.warn("Could not renew the lease on {}; will try again: {}", key, e.toString());
        }
    }

    private void stop() {
        if (!finished.compareAndSet(false, true)) {
            throw new IllegalStateException("the attempt on " + key + " was already finished");
        }
        renewal.cancel();
    }
}
