package dev.hookguard.servlet.internal.dispatch;

import dev.hookguard.core.ErrorClass;
import dev.hookguard.servlet.RecoveryConfig;
import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.github.resilience4j.circuitbreaker.CircuitBreakerConfig;
import io.github.resilience4j.circuitbreaker.CircuitBreakerConfig.SlidingWindowType;
import java.util.EnumSet;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;

/**
 * What lets one endpoint's due records be picked on this node (DESIGN.md §8, endpoint controls): the pause kept in
 * the store (as last sampled, about once a second), the circuit breaker (Resilience4j, this node's dispatches) and the
 * delivery rate (a {@link TokenBucket} of {@code rate / nodes}). A pick asks {@link #permits} how many records it may
 * reserve, hands back what it did not use with {@link #unused}, and every dispatch ends in {@link #succeeded}, {@link
 * #failed} or {@link #ignored}. Thread-safe.
 */
final class EndpointGate {

    /** The error classes that mean the handler's downstream is broken: they count against the breaker. */
    static final Set<ErrorClass> DOWNSTREAM =
            EnumSet.of(ErrorClass.TIMEOUT, ErrorClass.NETWORK, ErrorClass.SERVER_ERROR, ErrorClass.RATE_LIMITED);

    private final @Nullable CircuitBreaker breaker;
    private final @Nullable TokenBucket rate;
    private volatile boolean paused;
    private volatile boolean rateHeld;

    EndpointGate(String endpoint, RecoveryConfig.Dispatch dispatch) {
        RecoveryConfig.Breaker settings = dispatch.breaker();
        this.breaker = settings.enabled() ? CircuitBreaker.of("hookguard-" + endpoint, config(settings)) : null;
        this.rate =
                dispatch.rate() == null ? null : new TokenBucket(dispatch.rate().perSecond() / dispatch.nodes());
    }

    private static CircuitBreakerConfig config(RecoveryConfig.Breaker settings) {
        return CircuitBreakerConfig.custom()
                .failureRateThreshold(settings.failureRate())
                .minimumNumberOfCalls(settings.minimumCalls())
                .slidingWindowType(SlidingWindowType.TIME_BASED)
                .slidingWindowSize((int) Math.max(1, settings.window().toSeconds()))
                .waitDurationInOpenState(settings.waitInOpen())
                .permittedNumberOfCallsInHalfOpenState(settings.probes())
                .recordException(e -> e instanceof DownstreamFailure)
                .build();
    }

    /** Sets the pause as the store last said. */
    void paused(boolean paused) {
        this.paused = paused;
    }

    boolean paused() {
        return paused;
    }

    /** The breaker's state in lower case ({@code closed}, {@code open}, {@code half_open}, …), or {@code disabled}. */
    String breakerState() {
        return breaker == null ? "disabled" : breaker.getState().name().toLowerCase(java.util.Locale.ROOT);
    }

    /** Whether the last pick was held back by the rate (it wanted more records than it had tokens for). */
    boolean rateHeld() {
        return rateHeld;
    }

    /**
     * How many of {@code wanted} records may be picked now: none while paused or while the breaker is open; while it is
     * half-open, as many as it has probes left; no more than the rate's tokens. Each one counted here is either
     * dispatched (and ends in one of the outcome methods) or handed back with {@link #unused}.
     */
    int permits(int wanted) {
        if (paused || wanted <= 0) {
            return 0;
        }
        int allowed = wanted;
        if (rate != null) {
            allowed = rate.take(wanted);
            rateHeld = allowed < wanted;
        }
        if (breaker != null) {
            int granted = 0;
            while (granted < allowed && breaker.tryAcquirePermission()) {
                granted++;
            }
            if (rate != null) {
                rate.giveBack(allowed - granted);
            }
            allowed = granted;
        }
        return allowed;
    }

    /** Hands back permits a pick did not use (it found fewer due records). */
    void unused(int count) {
        if (count <= 0) {
            return;
        }
        if (rate != null) {
            rate.giveBack(count);
        }
        if (breaker != null) {
            for (int i = 0; i < count; i++) {
                breaker.releasePermission();
            }
        }
    }

    /** Nanoseconds until the rate has a token again (0 without a rate, or when it has one). */
    long nanosUntilRate() {
        return rate == null ? 0 : rate.nanosUntilNext();
    }

    /** A dispatch that ended well. */
    void succeeded(long nanos) {
        if (breaker != null) {
            breaker.onSuccess(nanos, TimeUnit.NANOSECONDS);
        }
    }

    /** A dispatch that failed because the handler's downstream is broken (or that had no answer). */
    void failed(long nanos, String errorClass) {
        if (breaker != null) {
            breaker.onError(nanos, TimeUnit.NANOSECONDS, new DownstreamFailure(errorClass));
        }
    }

    /** A dispatch whose outcome says nothing about the downstream (in progress, refused, a client error). */
    void ignored() {
        if (breaker != null) {
            breaker.releasePermission();
        }
    }

    /** Whether a failure of this class counts against the breaker. */
    boolean countsAgainst(@Nullable ErrorClass errorClass) {
        return breaker != null && errorClass != null && DOWNSTREAM.contains(errorClass);
    }

    /** Whether the dispatcher must learn a failed dispatch's error class (a store read) for the breaker. */
    boolean needsErrorClass() {
        return breaker != null;
    }

    /** A failure recorded by the breaker; never thrown. */
    static final class DownstreamFailure extends RuntimeException {
        private static final long serialVersionUID = 1L;

        DownstreamFailure(String errorClass) {
            super(errorClass, null, false, false);
        }
    }
}
