package dev.hookguard.servlet;

import dev.hookguard.core.operator.ListFilter;
import java.time.Duration;
import org.jspecify.annotations.Nullable;

/**
 * How one endpoint recovers from failures and takes deliveries in (DESIGN.md §8). Immutable; build with {@link
 * #custom()} or take {@link #ofDefaults()}; hang it on an endpoint with {@link EndpointConfig.Builder#recovery}.
 *
 * @param intake {@link Intake#SYNC} (default) or {@link Intake#ASYNC}
 * @param retries who retries a failed event; null (the default) takes the scheme's ({@link Retries#defaultFor}).
 *     Never null on a built {@link EndpointConfig#recovery()}
 * @param backoff the receiver's retry schedule and the attempts before DEAD
 * @param stalledAfter how long a FAILED record out of the due queue may stay unchanged before the sweeper counts
 *     it as stalled (and, where the receiver retries, schedules it); at least 1 s
 * @param queueLimit the most records the endpoint's due queue may hold before async intake answers 429 with
 *     {@code Retry-After}; at least 1
 * @param signing how its dispatches are signed; null (the default) takes {@link DispatcherConfig#signing()}, and
 *     when that is null too, {@link DispatchSigning#SCHEME} where the endpoint has a {@link EndpointConfig#signer()},
 *     else {@link DispatchSigning#DISPATCH_KEY} ({@link HookguardFilterConfig#signing(EndpointConfig)} resolves it)
 */
public record RecoveryConfig(
        Intake intake,
        @Nullable Retries retries,
        Backoff backoff,
        Duration stalledAfter,
        int queueLimit,
        @Nullable DispatchSigning signing) {

    /**
     * How a dispatcher's redelivery proves itself to the filter (DESIGN.md §8). Every dispatch carries a dispatch
     * header, an HMAC-SHA256 with the dispatch key over the event key, a timestamp and the body's SHA-256; the mode
     * says whether the scheme's own signature is checked as well. Set per endpoint with {@link #signing()}
     * ({@code endpoints.<name>.dispatch-signing}), or for every endpoint with {@link DispatcherConfig#signing()};
     * unset, {@link #SCHEME} where the endpoint can sign as its sender, else {@link #DISPATCH_KEY}.
     */
    public enum DispatchSigning {
        /**
         * The dispatch is re-signed with the endpoint's current secret by its scheme's signer, and the filter
         * verifies it as it verifies the sender's deliveries; the default for symmetric schemes (HMAC or shared
         * token).
         */
        SCHEME,
        /**
         * The dispatch header replaces the scheme's verification, for requests that carry a valid one only: the
         * default where the receiver holds only a public key (SendGrid, Standard Webhooks with a {@code whpk_} key),
         * where the scheme signs the public URL (Twilio, Square), and for endpoints with a custom verifier and no
         * signer.
         */
        DISPATCH_KEY
    }

    /** Default intake: synchronous. */
    public static final Intake DEFAULT_INTAKE = Intake.SYNC;
    /** Default quiet period before a FAILED record counts as stalled: 15 minutes ({@link ListFilter}'s). */
    public static final Duration DEFAULT_STALLED_AFTER = ListFilter.DEFAULT_STALLED_AFTER;
    /** Default queue limit: 10 000 records. */
    public static final int DEFAULT_QUEUE_LIMIT = 10_000;

    /** Validates every field; a bad one is an {@link IllegalArgumentException} naming field and value. */
    public RecoveryConfig {
        if (intake == null) {
            throw new IllegalArgumentException("intake must be set");
        }
        if (backoff == null) {
            throw new IllegalArgumentException("backoff must be set");
        }
        if (stalledAfter == null || stalledAfter.compareTo(Duration.ofSeconds(1)) < 0) {
            throw new IllegalArgumentException("stalledAfter must be at least 1 s but was " + stalledAfter);
        }
        if (queueLimit < 1) {
            throw new IllegalArgumentException("queueLimit must be at least 1 but was " + queueLimit);
        }
    }

    /** The defaults: sync intake, the scheme's retries and signing, default backoff, 15 min, 10 000. */
    public static RecoveryConfig ofDefaults() {
        return custom().build();
    }

    /** A builder that starts from the defaults. */
    public static Builder custom() {
        return new Builder();
    }

    /** A builder that starts from this configuration. */
    public static Builder from(RecoveryConfig config) {
        return new Builder()
                .intake(config.intake)
                .retries(config.retries)
                .backoff(config.backoff)
                .stalledAfter(config.stalledAfter)
                .queueLimit(config.queueLimit)
                .signing(config.signing);
    }

    /**
     * Whether the receiver schedules this endpoint's retries: its {@link Retries#receiver()}, and always for {@link
     * Intake#ASYNC} (the sender got 202 and will not retry).
     */
    public boolean receiverRetries() {
        return intake == Intake.ASYNC || (retries != null && retries.receiver());
    }

    /** Builds a {@link RecoveryConfig}; names equal the record's components. */
    public static final class Builder {
        private Intake intake = DEFAULT_INTAKE;
        private @Nullable Retries retries;
        private Backoff backoff = Backoff.ofDefaults();
        private Duration stalledAfter = DEFAULT_STALLED_AFTER;
        private int queueLimit = DEFAULT_QUEUE_LIMIT;
        private @Nullable DispatchSigning signing;

        private Builder() {}

        /** See {@link RecoveryConfig#intake()}. */
        public Builder intake(Intake intake) {
            this.intake = intake;
            return this;
        }

        /** See {@link RecoveryConfig#retries()}; null for the scheme's default. */
        public Builder retries(@Nullable Retries retries) {
            this.retries = retries;
            return this;
        }

        /** See {@link RecoveryConfig#backoff()}. */
        public Builder backoff(Backoff backoff) {
            this.backoff = backoff;
            return this;
        }

        /** See {@link RecoveryConfig#stalledAfter()}. */
        public Builder stalledAfter(Duration stalledAfter) {
            this.stalledAfter = stalledAfter;
            return this;
        }

        /** See {@link RecoveryConfig#queueLimit()}. */
        public Builder queueLimit(int queueLimit) {
            this.queueLimit = queueLimit;
            return this;
        }

        /** See {@link RecoveryConfig#signing()}; null for the default. */
        public Builder signing(@Nullable DispatchSigning signing) {
            this.signing = signing;
            return this;
        }

        /** The configuration; throws {@link IllegalArgumentException} naming the first bad field. */
        public RecoveryConfig build() {
            return new RecoveryConfig(intake, retries, backoff, stalledAfter, queueLimit, signing);
        }
    }
}
