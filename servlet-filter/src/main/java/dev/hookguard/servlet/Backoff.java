package dev.hookguard.servlet;

import java.time.Duration;
import java.util.random.RandomGenerator;
import org.jspecify.annotations.Nullable;

/**
 * The receiver's retry schedule (DESIGN.md §8): full-jitter exponential backoff. Immutable; build with {@link
 * #custom()} or take {@link #ofDefaults()}.
 *
 * @param base the scale of the first retry's delay: the delay after attempt 1 lies in {@code [0, 2·base]}; at least
 *     1 ms
 * @param cap the longest delay before the {@code Retry-After} floor; at least {@code base}
 * @param attempts how many handler runs an event gets when the receiver retries: the failure of attempt {@code
 *     attempts} makes it DEAD. On an endpoint whose receiver retries this is the endpoint's {@link
 *     dev.hookguard.core.IdempotencyPolicy#maxAttempts()} (the store's DEAD rule), the builder keeping the two
 *     equal; at least 1
 */
public record Backoff(Duration base, Duration cap, int attempts) {

    /**
     * Default base: 30 seconds, so that the default 5 attempts span minutes (retry ceilings 1, 2, 4 and 8 min), long
     * enough to ride out a short downstream outage.
     */
    public static final Duration DEFAULT_BASE = Duration.ofSeconds(30);
    /** Default cap: 1 hour. */
    public static final Duration DEFAULT_CAP = Duration.ofHours(1);
    /** Default attempts: 5, as {@link dev.hookguard.core.IdempotencyPolicy#DEFAULT_MAX_ATTEMPTS}. */
    public static final int DEFAULT_ATTEMPTS = 5;

    /** Validates every field; a bad one is an {@link IllegalArgumentException} naming field and value. */
    public Backoff {
        if (base == null || base.compareTo(Duration.ofMillis(1)) < 0) {
            throw new IllegalArgumentException("base must be at least 1 ms but was " + base);
        }
        if (cap == null || cap.compareTo(base) < 0) {
            throw new IllegalArgumentException("cap must be at least base (" + base + ") but was " + cap);
        }
        if (attempts < 1) {
            throw new IllegalArgumentException("attempts must be at least 1 but was " + attempts);
        }
    }

    /** The defaults: base 30 s, cap 1 h, 5 attempts. */
    public static Backoff ofDefaults() {
        return custom().build();
    }

    /** A builder that starts from the defaults. */
    public static Builder custom() {
        return new Builder();
    }

    /** A builder that starts from this backoff. */
    public static Builder from(Backoff backoff) {
        return new Builder().base(backoff.base).cap(backoff.cap).attempts(backoff.attempts);
    }

    /**
     * The delay before the retry that follows the failure of {@code attempt}: uniformly random in {@code [0,
     * min(cap, base·2^attempt)]} (full jitter), but never shorter than {@code retryAfter}.
     *
     * @param attempt the attempt that failed, from 1
     * @param retryAfter the handler's {@code Retry-After}, or null
     * @param random the source of the jitter
     */
    public Duration delay(int attempt, @Nullable Duration retryAfter, RandomGenerator random) {
        if (attempt < 1) {
            throw new IllegalArgumentException("attempt must be at least 1 but was " + attempt);
        }
        long capMillis = cap.toMillis();
        long ceiling = attempt >= 62 ? capMillis : Math.min(capMillis, saturatedShift(base.toMillis(), attempt));
        Duration jittered = Duration.ofMillis(random.nextLong(ceiling + 1));
        return retryAfter != null && jittered.compareTo(retryAfter) < 0 ? retryAfter : jittered;
    }

    private static long saturatedShift(long value, int shift) {
        return value > (Long.MAX_VALUE >> shift) ? Long.MAX_VALUE : value << shift;
    }

    /** Builds a {@link Backoff}; names equal the record's components. */
    public static final class Builder {
        private Duration base = DEFAULT_BASE;
        private Duration cap = DEFAULT_CAP;
        private int attempts = DEFAULT_ATTEMPTS;

        private Builder() {}

        /** See {@link Backoff#base()}. */
        public Builder base(Duration base) {
            this.base = base;
            return this;
        }

        /** See {@link Backoff#cap()}. */
        public Builder cap(Duration cap) {
            this.cap = cap;
            return this;
        }

        /** See {@link Backoff#attempts()}. */
        public Builder attempts(int attempts) {
            this.attempts = attempts;
            return this;
        }

        /** The backoff; throws {@link IllegalArgumentException} naming the first bad field. */
        public Backoff build() {
            return new Backoff(base, cap, attempts);
        }
    }
}
