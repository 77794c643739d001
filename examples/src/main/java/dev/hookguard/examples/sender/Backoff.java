package dev.hookguard.examples.sender;

import java.time.Duration;
import java.util.Optional;
import java.util.random.RandomGenerator;

/**
 * How the demo sender spaces its retries, as providers do: exponential backoff with full jitter, honouring the
 * receiver's {@code Retry-After}, giving up after a number of attempts.
 *
 * <p>Before retry {@code n} (0 for the first retry) the sender waits {@code random(0, min(cap, base·2^n))}, or
 * the receiver's {@code Retry-After} when that is longer, but never more than {@code cap}. Full jitter spreads
 * the retries of many failed deliveries over the whole window instead of sending them back in waves.
 *
 * @param base the window of the first retry
 * @param cap the longest wait before any retry, also for a longer {@code Retry-After}
 * @param maxAttempts attempts per delivery, the first one included; then the sender gives up
 */
public record Backoff(Duration base, Duration cap, int maxAttempts) {

    /** Default window of the first retry: 50 ms, short so that the demo's storm ends quickly. */
    public static final Duration DEFAULT_BASE = Duration.ofMillis(50);
    /** Default cap of every wait: 2 s. */
    public static final Duration DEFAULT_CAP = Duration.ofSeconds(2);
    /** Default attempts per delivery: 6. */
    public static final int DEFAULT_MAX_ATTEMPTS = 6;

    /** Validates; a bad field is an {@link IllegalArgumentException} naming it and its value. */
    public Backoff {
        if (base == null || base.isNegative() || base.isZero()) {
            throw new IllegalArgumentException("base must be positive but was " + base);
        }
        if (cap == null || cap.compareTo(base) < 0) {
            throw new IllegalArgumentException("cap must be at least base (" + base + ") but was " + cap);
        }
        if (maxAttempts < 1) {
            throw new IllegalArgumentException("maxAttempts must be at least 1 but was " + maxAttempts);
        }
    }

    /** The defaults: 50 ms, 2 s, 6 attempts. */
    public static Backoff ofDefaults() {
        return new Backoff(DEFAULT_BASE, DEFAULT_CAP, DEFAULT_MAX_ATTEMPTS);
    }

    /** The upper bound of the jittered wait before retry {@code retry}: {@code min(cap, base·2^retry)}. */
    Duration window(int retry) {
        if (retry < 0) {
            throw new IllegalArgumentException("retry must not be negative but was " + retry);
        }
        long baseNanos = base.toNanos();
        if (retry >= Long.SIZE - 1 || baseNanos > (cap.toNanos() >> retry)) {
            return cap;
        }
        return Duration.ofNanos(baseNanos << retry);
    }

    /**
     * The wait before retry {@code retry}: a uniform draw from {@code [0, window(retry)]}, raised to the
     * receiver's {@code Retry-After} if that is longer, and capped.
     */
    Duration delay(int retry, Optional<Duration> retryAfter, RandomGenerator random) {
        Duration jittered = Duration.ofNanos(random.nextLong(window(retry).toNanos() + 1));
        Duration wait =
                retryAfter.filter(after -> after.compareTo(jittered) > 0).orElse(jittered);
        return wait.compareTo(cap) > 0 ? cap : wait;
    }

    /** Whether a delivery that has been attempted this often is given up. */
    boolean exhausted(int attempts) {
        return attempts >= maxAttempts;
    }
}
