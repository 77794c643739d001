package dev.hookguard.servlet;

import dev.hookguard.core.EventKey;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.signature.EventIdConfig;
import dev.hookguard.core.signature.EventIdExtractor;
import dev.hookguard.core.signature.Scheme;
import dev.hookguard.core.signature.SecretRules;
import dev.hookguard.core.signature.SignatureConfig;
import dev.hookguard.core.signature.SignatureVerifier;
import dev.hookguard.core.signature.Verifiers;
import dev.hookguard.core.signature.WebhookSigner;
import dev.hookguard.servlet.RecoveryConfig.DispatchSigning;
import dev.hookguard.servlet.internal.config.PathPattern;
import dev.hookguard.servlet.internal.dispatch.Dispatcher;
import dev.hookguard.servlet.internal.dispatch.SchemeSigners;
import java.time.Clock;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * One webhook endpoint that the filter guards: which requests belong to it, how their signature is checked,
 * where their event id is found and how long their records are kept. Immutable; build with {@link
 * #custom(String)}.
 *
 * @param name the endpoint (namespace) of the event keys, also the {@code endpoint} tag of the meters: 1 to
 *     64 of {@code A-Z a-z 0-9 . _ -}
 * @param path the path pattern, exact ({@code /webhooks/stripe}) or prefix ({@code /webhooks/github/*}); the
 *     most specific pattern of all endpoints wins. Null only in an endpoint that a framework adapter completes: the
 *     Spring adapter takes it from the mappings of the handlers that name the endpoint; {@link HookguardFilterConfig}
 *     refuses an endpoint without a path
 * @param verifier checks the signature before anything is written to the store
 * @param eventIds finds the event id of a verified delivery; its keys must be in this endpoint's namespace
 * @param policy lease, retention, attempts and the response body cap of this endpoint's records
 * @param maxBodyBytes the largest request body accepted, in bytes; a larger one is answered 413 unread
 * @param failOpen whether this endpoint hands deliveries on without a claim while the store is unreachable; null
 *     takes the filter's {@link HookguardFilterConfig#failOpen()}
 * @param schema the check of a verified body before the handler runs, or null for none
 * @param scheme the provider scheme, when the endpoint was configured with {@link Builder#scheme}; null for a custom
 *     verifier. Gives the defaults of {@link RecoveryConfig#retries()} and {@link RecoveryConfig#signing()}
 * @param signer signs the {@link Dispatcher}'s redeliveries as the sender would, with the current (first) secret,
 *     in {@link DispatchSigning#SCHEME} mode; set by {@link Builder#scheme} where the scheme can sign with what the
 *     receiver holds, or by {@link Builder#signer}; null where it cannot (public keys, URL-signing schemes)
 * @param recovery intake mode, who retries, backoff, stalled period, queue limit and dispatch signing; its {@link
 *     RecoveryConfig#retries()} is resolved (never null). When the receiver retries ({@link
 *     RecoveryConfig#receiverRetries()}), its backoff's attempts equal {@code policy.maxAttempts()}: the builder
 *     keeps them equal (a backoff given with other than the default attempts sets the policy's, else the policy's
 *     set the backoff's)
 */
public record EndpointConfig(
        String name,
        @Nullable String path,
        SignatureVerifier verifier,
        EventIdExtractor eventIds,
        IdempotencyPolicy policy,
        int maxBodyBytes,
        @Nullable Boolean failOpen,
        @Nullable PayloadSchema schema,
        @Nullable Scheme scheme,
        @Nullable WebhookSigner signer,
        RecoveryConfig recovery) {

    /** Default body limit: 1 MiB. */
    public static final int DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9._-]{1,64}");

    /** Validates every field; a bad one is an {@link IllegalArgumentException} naming field and value. */
    public EndpointConfig {
        if (name == null || !NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("name must be 1 to 64 of A-Z a-z 0-9 . _ - but was '" + name + "'");
        }
        if (path != null) {
            new PathPattern(path);
        }
        if (verifier == null) {
            throw new IllegalArgumentException("verifier of endpoint '" + name + "' must be set");
        }
        if (eventIds == null) {
            throw new IllegalArgumentException("eventIds of endpoint '" + name + "' must be set");
        }
        if (policy == null) {
            throw new IllegalArgumentException("policy of endpoint '" + name + "' must be set");
        }
        if (maxBodyBytes < 0) {
            throw new IllegalArgumentException("maxBodyBytes must not be negative but was " + maxBodyBytes);
        }
        EventKey.of(name, "x");
        if (recovery == null) {
            throw new IllegalArgumentException("recovery of endpoint '" + name + "' must be set");
        }
        if (recovery.retries() == null) {
            recovery = RecoveryConfig.from(recovery)
                    .retries(Retries.defaultFor(scheme))
                    .build();
        }
        if (recovery.receiverRetries() && recovery.backoff().attempts() != policy.maxAttempts()) {
            throw new IllegalArgumentException(
                    "recovery.backoff.attempts (" + recovery.backoff().attempts()
                            + ") of endpoint '" + name + "' must equal policy.maxAttempts (" + policy.maxAttempts()
                            + ") when the receiver retries");
        }
    }

    /** An endpoint with a custom verifier, no signer and the default recovery. */
    public EndpointConfig(
            String name,
            String path,
            SignatureVerifier verifier,
            EventIdExtractor eventIds,
            IdempotencyPolicy policy,
            int maxBodyBytes,
            @Nullable Boolean failOpen,
            @Nullable PayloadSchema schema) {
        this(
                name,
                path,
                verifier,
                eventIds,
                policy,
                maxBodyBytes,
                failOpen,
                schema,
                null,
                null,
                RecoveryConfig.from(RecoveryConfig.ofDefaults())
                        .backoff(Backoff.custom()
                                .attempts(policy == null ? Backoff.DEFAULT_ATTEMPTS : policy.maxAttempts())
                                .build())
                        .build());
    }

    /** A builder for the endpoint of this name, starting from the defaults. */
    public static Builder custom(String name) {
        return new Builder(name);
    }

    /** A builder that starts from this endpoint. */
    public static Builder from(EndpointConfig endpoint) {
        return new Builder(endpoint.name)
                .path(endpoint.path)
                .verifier(endpoint.verifier)
                .eventIds(endpoint.eventIds)
                .policy(endpoint.policy)
                .maxBodyBytes(endpoint.maxBodyBytes)
                .failOpen(endpoint.failOpen)
                .schema(endpoint.schema)
                .restore(endpoint.scheme, endpoint.signer, endpoint.recovery);
    }

    /** Builds an {@link EndpointConfig}; names equal the record's components. */
    public static final class Builder {
        private final String name;
        private @Nullable String path;
        private @Nullable SignatureVerifier verifier;
        private @Nullable EventIdExtractor eventIds;
        private @Nullable EventIdConfig eventIdConfig;
        private IdempotencyPolicy policy = IdempotencyPolicy.ofDefaults();
        private int maxBodyBytes = DEFAULT_MAX_BODY_BYTES;
        private @Nullable Boolean failOpen;
        private @Nullable PayloadSchema schema;
        private @Nullable Scheme scheme;
        private @Nullable WebhookSigner signer;
        private RecoveryConfig recovery = RecoveryConfig.ofDefaults();
        private boolean recoverySet;

        private Builder(String name) {
            this.name = name;
        }

        /** See {@link EndpointConfig#path()}; unset (null) only where the Spring adapter takes it from the handlers. */
        public Builder path(@Nullable String path) {
            this.path = path;
            return this;
        }

        /**
         * A provider scheme with these secrets: its verifier ({@link Verifiers#of}) and its event-id rule
         * ({@link EventIdConfig#forScheme}). Secrets that cannot be the sender's ({@link SecretRules}) are refused.
         */
        public Builder scheme(Scheme scheme, SignatureConfig signature) {
            return scheme(scheme, signature, Clock.systemUTC());
        }

        /** {@link #scheme(Scheme, SignatureConfig)} on this clock, such as a fixed one in tests. */
        public Builder scheme(Scheme scheme, SignatureConfig signature, Clock clock) {
            SecretRules.require(scheme, signature.secrets());
            verifier(Verifiers.of(scheme, signature, clock)).eventIds(EventIdConfig.forScheme(scheme));
            this.scheme = scheme;
            this.signer = SchemeSigners.of(scheme, signature.secrets().get(0));
            return this;
        }

        /** See {@link EndpointConfig#verifier()}; clears the scheme and the signer that {@link #scheme} set. */
        public Builder verifier(SignatureVerifier verifier) {
            this.verifier = verifier;
            this.scheme = null;
            this.signer = null;
            return this;
        }

        /**
         * See {@link EndpointConfig#signer()}: how a dispatch is signed in {@link DispatchSigning#SCHEME} mode, for a
         * custom verifier or the generic scheme ({@link WebhookSigner#generic}); set it after {@link #verifier}.
         */
        public Builder signer(@Nullable WebhookSigner signer) {
            this.signer = signer;
            return this;
        }

        /** See {@link EndpointConfig#recovery()}. */
        public Builder recovery(RecoveryConfig recovery) {
            this.recovery = recovery;
            this.recoverySet = true;
            return this;
        }

        private Builder restore(@Nullable Scheme scheme, @Nullable WebhookSigner signer, RecoveryConfig recovery) {
            this.scheme = scheme;
            this.signer = signer;
            this.recovery = recovery;
            return this;
        }

        /** See {@link EndpointConfig#eventIds()}. */
        public Builder eventIds(EventIdExtractor eventIds) {
            this.eventIds = eventIds;
            this.eventIdConfig = null;
            return this;
        }

        /** Where to find the event id; the extractor is built for this endpoint's name. */
        public Builder eventIds(EventIdConfig eventIds) {
            this.eventIdConfig = eventIds;
            this.eventIds = null;
            return this;
        }

        /** See {@link EndpointConfig#policy()}. */
        public Builder policy(IdempotencyPolicy policy) {
            this.policy = policy;
            return this;
        }

        /** See {@link EndpointConfig#maxBodyBytes()}. */
        public Builder maxBodyBytes(int maxBodyBytes) {
            this.maxBodyBytes = maxBodyBytes;
            return this;
        }

        /** See {@link EndpointConfig#failOpen()}; null (the default) takes the filter's setting. */
        public Builder failOpen(@Nullable Boolean failOpen) {
            this.failOpen = failOpen;
            return this;
        }

        /** See {@link EndpointConfig#schema()}; null (the default) checks nothing. */
        public Builder schema(@Nullable PayloadSchema schema) {
            this.schema = schema;
            return this;
        }

        /** The endpoint; throws {@link IllegalArgumentException} naming the first bad field. */
        public EndpointConfig build() {
            EventIdExtractor extractor = eventIds;
            if (extractor == null
                    && eventIdConfig != null
                    && name != null
                    && NAME.matcher(name).matches()) {
                extractor = EventIdExtractor.of(name, eventIdConfig);
            }
            IdempotencyPolicy chosen = policy;
            RecoveryConfig recovered = recovery;
            if (chosen != null && recovered != null && recovered.backoff().attempts() != chosen.maxAttempts()) {
                int attempts = recovered.backoff().attempts();
                if (recoverySet && attempts != Backoff.DEFAULT_ATTEMPTS) {
                    chosen =
                            IdempotencyPolicy.from(chosen).maxAttempts(attempts).build();
                } else {
                    recovered = RecoveryConfig.from(recovered)
                            .backoff(Backoff.from(recovered.backoff())
                                    .attempts(chosen.maxAttempts())
                                    .build())
                            .build();
                }
            }
            return new EndpointConfig(
                    name, path, verifier, extractor, chosen, maxBodyBytes, failOpen, schema, scheme, signer, recovered);
        }
    }
}
