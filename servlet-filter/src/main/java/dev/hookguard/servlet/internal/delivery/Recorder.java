package dev.hookguard.servlet.internal.delivery;

import dev.hookguard.core.ErrorClass;
import dev.hookguard.core.StoredResponse;
import dev.hookguard.core.executor.Verdict;
import dev.hookguard.core.internal.executor.InFlight;
import dev.hookguard.servlet.Backoff;
import dev.hookguard.servlet.EndpointConfig;
import dev.hookguard.servlet.RecoveryConfig;
import java.time.Duration;
import java.util.random.RandomGenerator;
import org.jspecify.annotations.Nullable;

/** Where a hand-off's result goes: the claim's {@link InFlight}, or nowhere when failing open. */
public interface Recorder {

    /** Records the handler's response; {@code retryAfter} is its {@code Retry-After}, if any. */
    Verdict finish(StoredResponse response, @Nullable Duration retryAfter);

    /** Records that the handler failed. */
    Verdict fail(Throwable error);

    /**
     * Records REJECTED with {@code errorClass} without running the handler (a body that fails the endpoint's schema);
     * not reported: its answer and meters are {@link Answers#schemaRejected}'s.
     */
    Verdict reject(StoredResponse response, ErrorClass errorClass);

    /** Whether the delivery was claimed, so that an {@link Verdict#UNRECORDED} verdict must not be acknowledged. */
    boolean claimed();

    /** What a claimed recorder reports: each verdict, with the error class of a failure or rejection. */
    @FunctionalInterface
    interface Report {
        /** One recorded verdict of attempt {@code attempt}; {@code errorClass} null for a success. */
        void verdict(Verdict verdict, @Nullable ErrorClass errorClass, int attempt);
    }

    /**
     * Records through the claim, reporting every verdict of the handler to {@code report} with the attempt's error
     * class ({@link InFlight#errorClass()}). Where the receiver owns the retries, a
     * retryable failure that is not the last attempt is written with a {@link Backoff} delay (never shorter than the
     * handler's {@code Retry-After}), so the event enters the due queue. The receiver owns them where the endpoint's
     * receiver retries ({@link RecoveryConfig#receiverRetries()}), and for every {@code dispatched} delivery whatever
     * the endpoint's {@link RecoveryConfig#retries()} (DESIGN.md §3): a dispatch redelivers what no sender will send
     * again (async intake's 202, an operator's replay, a receiver retry), so a failure left out of the due queue would
     * never be tried again.
     */
    static Recorder claimed(
            InFlight inFlight, EndpointConfig endpoint, boolean dispatched, RandomGenerator random, Report report) {
        int attempt = inFlight.attempt();
        boolean retries = (dispatched || endpoint.recovery().receiverRetries()) && !inFlight.lastAttempt();
        return new Recorder() {
            @Override
            public Verdict finish(StoredResponse response, @Nullable Duration retryAfter) {
                Duration retryIn = retries ? endpoint.recovery().backoff().delay(attempt, retryAfter, random) : null;
                Verdict verdict = inFlight.finish(response, retryIn);
                report.verdict(verdict, inFlight.errorClass(), attempt);
                return verdict;
            }

            @Override
            public Verdict fail(Throwable error) {
                Duration retryIn = retries ? endpoint.recovery().backoff().delay(attempt, null, random) : null;
                Verdict verdict = inFlight.fail(error, retryIn);
                report.verdict(verdict, inFlight.errorClass(), attempt);
                return verdict;
            }

            @Override
            public Verdict reject(StoredResponse response, ErrorClass errorClass) {
                return inFlight.reject(response, errorClass);
            }

            @Override
            public boolean claimed() {
                return true;
            }
        };
    }

    /** Fail-open: nothing was claimed, so nothing is recorded; already counted as {@code store_unavailable}. */
    static Recorder unclaimed() {
        return new Recorder() {
            @Override
            public Verdict finish(StoredResponse response, @Nullable Duration retryAfter) {
                return Verdict.UNRECORDED;
            }

            @Override
            public Verdict fail(Throwable error) {
                return Verdict.UNRECORDED;
            }

            @Override
            public Verdict reject(StoredResponse response, ErrorClass errorClass) {
                return Verdict.UNRECORDED;
            }

            @Override
            public boolean claimed() {
                return false;
            }
        };
    }
}
