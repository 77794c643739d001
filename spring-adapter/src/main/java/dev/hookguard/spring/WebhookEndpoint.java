package dev.hookguard.spring;

import dev.hookguard.core.EventKey;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.signature.EventIdConfig;
import dev.hookguard.core.signature.Scheme;
import dev.hookguard.core.signature.SecretRules;
import dev.hookguard.core.signature.SignatureConfig;
import dev.hookguard.core.signature.SignatureVerifier;
import dev.hookguard.core.signature.Verifiers;
import dev.hookguard.core.signature.WebhookSigner;
import dev.hookguard.servlet.EndpointConfig;
import dev.hookguard.servlet.PayloadSchema;
import dev.hookguard.servlet.RecoveryConfig;
import dev.hookguard.servlet.Retries;
import dev.hookguard.servlet.internal.dispatch.SchemeSigners;
import java.time.Clock;
import java.util.Optional;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * One webhook endpoint as the Spring adapter knows it: an {@link EndpointConfig} whose path may be left to the
 * {@link IdempotentWebhook} handlers that name it. Declare one as a bean to configure an endpoint in code (for
 * example with a verifier that properties cannot describe); Spring Boot turns each {@code hookguard.endpoints.<name>}
 * into one. Immutable; build with {@link #custom(String)}.
 *
 * @param name the endpoint (key namespace and {@code endpoint} meter tag): 1 to 64 of {@code A-Z a-z 0-9 . _ -}
 * @param path the guarded path pattern ({@code /exact} or {@code /prefix/*}), or empty to take it from the annotated
 *     handlers' mappings
 * @param verifier checks the signature before anything is written
 * @param eventIds where the event id is found; the extractor is built for this endpoint's name
 * @param policy lease, retention, attempts and response cap of the endpoint's records
 * @param maxBodyBytes the largest request body accepted, in bytes
 * @param failOpen whether the endpoint hands deliveries on without a claim while the store is unreachable; null
 *     takes the filter's setting ({@code hookguard.fail-open})
 * @param schema the JSON Schema check of a verified body before the handler, or null for none
 * @param scheme the provider scheme the verifier checks, or null for a verifier of your own; gives the default of
 *     {@link RecoveryConfig#retries()} ({@link Retries#defaultFor})
 * @param signer how a dispatch is re-signed in {@link dev.hookguard.servlet.internal.dispatch.DispatchSigning#SCHEME} mode: the scheme's
 *     signer with the current secret where the receiver's secret can sign, else null
 * @param recovery intake mode, who retries, backoff, stalled period, queue limit and dispatch signing
 */
public record WebhookEndpoint(
        String name,
        Optional<String> path,
        SignatureVerifier verifier,
        EventIdConfig eventIds,
        IdempotencyPolicy policy,
        int maxBodyBytes,
        @Nullable Boolean failOpen,
        @Nullable PayloadSchema schema,
        @Nullable Scheme scheme,
        @Nullable WebhookSigner signer,
        RecoveryConfig recovery) {

    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9._-]{1,64}");

    /** Validates every field; a bad one is an {@link IllegalArgumentException} naming field and value. */
    public WebhookEndpoint {
        if (name == null || !NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("name must be 1 to 64 of A-Z a-z 0-9 . _ - but was '" + name + "'");
        }
        EventKey.of(name, "x");
        if (path == null) {
            throw new IllegalArgumentException("path of endpoint '" + name + "' must not be null (empty for none)");
        }
        path.ifPresent(WebhookEndpoint::requirePattern);
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
        if (recovery == null) {
            throw new IllegalArgumentException("recovery of endpoint '" + name + "' must be set");
        }
    }

    /** An endpoint without a scheme, signer or recovery settings of its own (sync intake, receiver retries). */
    public WebhookEndpoint(
            String name,
            Optional<String> path,
            SignatureVerifier verifier,
            EventIdConfig eventIds,
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
                RecoveryConfig.ofDefaults());
    }

    /** A builder for the endpoint of this name; a verifier (or a scheme) must be set. */
    public static Builder custom(String name) {
        return new Builder(name);
    }

    /**
     * The filter's configuration of this endpoint, guarding {@code guardedPath}. Unset retries take the scheme's
     * default; the backoff's attempts and the policy's max attempts are kept equal as {@link
     * EndpointConfig.Builder#build()} does.
     */
    public EndpointConfig toEndpointConfig(String guardedPath) {
        RecoveryConfig resolved = recovery.retries() != null
                ? recovery
                : RecoveryConfig.from(recovery)
                        .retries(Retries.defaultFor(scheme))
                        .build();
        EndpointConfig built = EndpointConfig.custom(name)
                .path(guardedPath)
                .verifier(verifier)
                .signer(signer)
                .eventIds(eventIds)
                .policy(policy)
                .maxBodyBytes(maxBodyBytes)
                .failOpen(failOpen)
                .schema(schema)
                .recovery(resolved)
                .build();
        return new EndpointConfig(
                built.name(),
                built.path(),
                built.verifier(),
                built.eventIds(),
                built.policy(),
                built.maxBodyBytes(),
                built.failOpen(),
                built.schema(),
                scheme,
                built.signer(),
                built.recovery());
    }

    private static void requirePattern(String pattern) {
        int star = pattern.indexOf('*');
        if (!pattern.startsWith("/") || (star >= 0 && (star != pattern.length() - 1 || !pattern.endsWith("/*")))) {
            throw new IllegalArgumentException(
                    "path must start with '/' and may hold '*' only as a trailing '/*' but was '" + pattern + "'");
        }
    }

    /** Builds a {@link WebhookEndpoint}; names equal the record's components. */
    public static final class Builder {
        private final String name;
        private @Nullable String path;
        private @Nullable SignatureVerifier verifier;
        private @Nullable EventIdConfig eventIds;
        private IdempotencyPolicy policy = IdempotencyPolicy.ofDefaults();
        private int maxBodyBytes = EndpointConfig.DEFAULT_MAX_BODY_BYTES;
        private @Nullable Boolean failOpen;
        private @Nullable PayloadSchema schema;
        private @Nullable Scheme scheme;
        private @Nullable WebhookSigner signer;
        private RecoveryConfig recovery = RecoveryConfig.ofDefaults();

        private Builder(String name) {
            this.name = name;
        }

        /** See {@link WebhookEndpoint#path()}; null (the default) takes it from the annotated handlers. */
        public Builder path(@Nullable String path) {
            this.path = path;
            return this;
        }

        /** A provider scheme with these secrets: its verifier and its event-id rule. */
        public Builder scheme(Scheme scheme, SignatureConfig signature) {
            return scheme(scheme, signature, Clock.systemUTC());
        }

        /**
         * {@link #scheme(Scheme, SignatureConfig)} on this clock, such as a fixed one in tests. Also sets the scheme's
         * signer with the first (current) secret, where the receiver's secret can sign.
         */
        public Builder scheme(Scheme scheme, SignatureConfig signature, Clock clock) {
            SecretRules.require(scheme, signature.secrets());
            verifier(Verifiers.of(scheme, signature, clock)).eventIds(EventIdConfig.forScheme(scheme));
            this.scheme = scheme;
            this.signer = SchemeSigners.of(scheme, signature.secrets().get(0));
            return this;
        }

        /** See {@link WebhookEndpoint#verifier()}; clears the scheme and the signer that {@link #scheme} set. */
        public Builder verifier(SignatureVerifier verifier) {
            this.verifier = verifier;
            this.scheme = null;
            this.signer = null;
            return this;
        }

        /** See {@link WebhookEndpoint#signer()}; set it after {@link #verifier}. */
        public Builder signer(@Nullable WebhookSigner signer) {
            this.signer = signer;
            return this;
        }

        /** See {@link WebhookEndpoint#recovery()}; default {@link RecoveryConfig#ofDefaults()}. */
        public Builder recovery(RecoveryConfig recovery) {
            this.recovery = recovery;
            return this;
        }

        /** See {@link WebhookEndpoint#eventIds()}. */
        public Builder eventIds(EventIdConfig eventIds) {
            this.eventIds = eventIds;
            return this;
        }

        /** See {@link WebhookEndpoint#policy()}. */
        public Builder policy(IdempotencyPolicy policy) {
            this.policy = policy;
            return this;
        }

        /** See {@link WebhookEndpoint#maxBodyBytes()}. */
        public Builder maxBodyBytes(int maxBodyBytes) {
            this.maxBodyBytes = maxBodyBytes;
            return this;
        }

        /** See {@link WebhookEndpoint#failOpen()}; null (the default) takes the filter's setting. */
        public Builder failOpen(@Nullable Boolean failOpen) {
            this.failOpen = failOpen;
            return this;
        }

        /** See {@link WebhookEndpoint#schema()}; null (the default) checks nothing. */
        public Builder schema(@Nullable PayloadSchema schema) {
            this.schema = schema;
            return this;
        }

        /** The endpoint; throws {@link IllegalArgumentException} naming the first bad field. */
        public WebhookEndpoint build() {
            return new WebhookEndpoint(
                    name,
                    Optional.ofNullable(path),
                    verifier,
                    eventIds,
                    policy,
                    maxBodyBytes,
                    failOpen,
                    schema,
                    scheme,
                    signer,
                    recovery);
        }
    }
}
