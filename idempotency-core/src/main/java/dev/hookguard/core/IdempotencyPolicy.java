package dev.hookguard.core;

import java.time.Duration;

/**
 * How one endpoint's events are held and kept. Immutable; build with {@link #custom()} or take
 * {@link #ofDefaults()}.
 *
 * @param lease how long a claim holds an event before another delivery may take it over; the executor
 *     renews it every third of this while the handler runs
 * @param retention how long SUCCEEDED, REJECTED and FAILED records are kept for deduplication
 * @param deadRetention how long DEAD records are kept for operators
 * @param maxAttempts how many handler runs an event gets before it turns DEAD
 * @param responseBodyCap the largest response body stored for replay, in bytes; a larger one is stored
 *     without its body
 * @param attemptLog how many of its newest attempts a record keeps (time, source, status, class, exception, stack
 *     trace), 0 for none
 */
public record IdempotencyPolicy(
        Duration lease,
        Duration retention,
        Duration deadRetention,
        int maxAttempts,
        int responseBodyCap,
        int attemptLog) {

    /** Default lease: 30 seconds. */
    public static final Duration DEFAULT_LEASE = Duration.ofSeconds(30);
    /** Default retention: 7 days, longer than Stripe's 3-day retry window. */
    public static final Duration DEFAULT_RETENTION = Duration.ofDays(7);
    /** Default retention of dead letters: 30 days. */
    public static final Duration DEFAULT_DEAD_RETENTION = Duration.ofDays(30);
    /** Default number of attempts: 5. */
    public static final int DEFAULT_MAX_ATTEMPTS = 5;
    /** Default response body cap: 64 KiB. */
    public static final int DEFAULT_RESPONSE_BODY_CAP = 64 * 1024;

    /** Default attempt log: the newest 10 attempts of a record. */
    public static final int DEFAULT_ATTEMPT_LOG = 10;
    /** The longest attempt log: 100 attempts. */
    public static final int MAX_ATTEMPT_LOG = 100;

    /** Shortest allowed lease and retention: one millisecond, the stores' resolution. */
    private static final Duration MIN_DURATION = Duration.ofMillis(1);

    /** Validates every field; a bad one is an {@link IllegalArgumentException} naming field and value. */
    public IdempotencyPolicy {
        requireAtLeastOneMilli("lease", lease);
        requireAtLeastOneMilli("retention", retention);
        requireAtLeastOneMilli("deadRetention", deadRetention);
        if (maxAttempts < 1) {
            throw new IllegalArgumentException("maxAttempts must be at least 1 but was " + maxAttempts);
        }
        if (responseBodyCap < 0) {
            throw new IllegalArgumentException("responseBodyCap must not be negative but was " + responseBodyCap);
        }
        if (attemptLog < 0 || attemptLog > MAX_ATTEMPT_LOG) {
            throw new IllegalArgumentException(
                    "attemptLog must be between 0 and " + MAX_ATTEMPT_LOG + " but was " + attemptLog);
        }
    }

    /** The defaults: lease 30 s, retention 7 days, dead letters 30 days, 5 attempts, 64 KiB, 10 attempts logged. */
    public static IdempotencyPolicy ofDefaults() {
        return custom().build();
    }

    /** A builder that starts from the defaults. */
    public static Builder custom() {
        return new Builder();
    }

    /** A builder that starts from this policy. */
    public static Builder from(IdempotencyPolicy policy) {
        return new Builder()
                .lease(policy.lease)
                .retention(policy.retention)
                .deadRetention(policy.deadRetention)
                .maxAttempts(policy.maxAttempts)
                .responseBodyCap(policy.responseBodyCap)
                .attemptLog(policy.attemptLog);
    }

    private static void requireAtLeastOneMilli(String name, Duration value) {
        if (value == null || value.compareTo(MIN_DURATION) < 0) {
            throw new IllegalArgumentException(name + " must be at least 1 ms but was " + value);
        }
    }

    /** Builds an {@link IdempotencyPolicy}; names equal the record's components. */
    public static final class Builder {
        private Duration lease = DEFAULT_LEASE;
        private Duration retention = DEFAULT_RETENTION;
        private Duration deadRetention = DEFAULT_DEAD_RETENTION;
        private int maxAttempts = DEFAULT_MAX_ATTEMPTS;
        private int responseBodyCap = DEFAULT_RESPONSE_BODY_CAP;
        private int attemptLog = DEFAULT_ATTEMPT_LOG;

        private Builder() {}

        /** See {@link IdempotencyPolicy#lease()}. */
        public Builder lease(Duration lease) {
            this.lease = lease;
            return this;
        }

        /** See {@link IdempotencyPolicy#retention()}. */
        public Builder retention(Duration retention) {
            this.retention = retention;
            return this;
        }

        /** See {@link IdempotencyPolicy#deadRetention()}. */
        public Builder deadRetention(Duration deadRetention) {
            this.deadRetention = deadRetention;
            return this;
        }

        /** See {@link IdempotencyPolicy#maxAttempts()}. */
        public Builder maxAttempts(int maxAttempts) {
            this.maxAttempts = maxAttempts;
            return this;
        }

        /** See {@link IdempotencyPolicy#responseBodyCap()}. */
        public Builder responseBodyCap(int responseBodyCap) {
            this.responseBodyCap = responseBodyCap;
            return this;
        }

        /** See {@link IdempotencyPolicy#attemptLog()}. */
        public Builder attemptLog(int attemptLog) {
            this.attemptLog = attemptLog;
            return this;
        }

        /** The policy; throws {@link IllegalArgumentException} naming the first bad field. */
        public IdempotencyPolicy build() {
            return new IdempotencyPolicy(lease, retention, deadRetention, maxAttempts, responseBodyCap, attemptLog);
        }
    }
}
