package dev.hookguard.spring.internal.autoconfigure;

import static dev.hookguard.spring.internal.autoconfigure.PropertyErrors.bytes;
import static dev.hookguard.spring.internal.autoconfigure.PropertyErrors.named;

import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.signature.EventIdConfig;
import dev.hookguard.core.signature.GenericHmacConfig;
import dev.hookguard.core.signature.PublicUrl;
import dev.hookguard.core.signature.Scheme;
import dev.hookguard.core.signature.SecretRules;
import dev.hookguard.core.signature.SignatureConfig;
import dev.hookguard.core.signature.Verifiers;
import dev.hookguard.core.signature.WebhookSigner;
import dev.hookguard.servlet.Backoff;
import dev.hookguard.servlet.RecoveryConfig;
import dev.hookguard.spring.HookguardConfigurationException;
import dev.hookguard.spring.WebhookEndpoint;
import dev.hookguard.spring.WebhookEndpoints;
import dev.hookguard.spring.autoconfigure.BackoffProperties;
import dev.hookguard.spring.autoconfigure.HookguardProperties;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.util.unit.DataSize;

/**
 * Turns {@code hookguard.endpoints.*} (with {@code hookguard.policy.*} and {@code hookguard.max-body-bytes}) into
 * {@link WebhookEndpoint}s. Every invalid value fails with a {@link HookguardConfigurationException} that names the
 * property, such as {@code hookguard.endpoints.stripe.secrets must hold at least one secret but was empty} (see
 * {@link PropertyErrors}).
 */
public final class PropertiesEndpoints {

    /** The property prefix of the endpoints. */
    static final String PREFIX = "hookguard.endpoints";

    private PropertiesEndpoints() {}

    public static WebhookEndpoints from(HookguardProperties properties) {
        IdempotencyPolicy policy = policy(properties.getPolicy());
        int maxBodyBytes = bytes("hookguard.max-body-bytes", properties.getMaxBodyBytes());
        List<WebhookEndpoint> endpoints = new ArrayList<>();
        for (Map.Entry<String, HookguardProperties.Endpoint> entry :
                properties.getEndpoints().entrySet()) {
            endpoints.add(endpoint(entry.getKey(), entry.getValue(), policy, maxBodyBytes));
        }
        return new WebhookEndpoints(PREFIX, endpoints);
    }

    static IdempotencyPolicy policy(HookguardProperties.Policy policy) {
        return named(
                "hookguard.policy",
                () -> IdempotencyPolicy.custom()
                        .lease(policy.getLease())
                        .retention(policy.getRetention())
                        .deadRetention(policy.getDeadRetention())
                        .maxAttempts(policy.getMaxAttempts())
                        .responseBodyCap(bytes("hookguard.policy.response-body-cap", policy.getResponseBodyCap()))
                        .build());
    }

    private static WebhookEndpoint endpoint(
            String name, HookguardProperties.Endpoint endpoint, IdempotencyPolicy defaults, int defaultMaxBody) {
        String prefix = PREFIX + "." + name;
        if (!name.matches("[A-Za-z0-9._-]{1,64}")) {
            throw HookguardConfigurationException.property(
                    prefix, "has an invalid endpoint name: use 1 to 64 of A-Z a-z 0-9 . _ -");
        }
        Scheme scheme = PropertiesSignatures.scheme(prefix, endpoint.getScheme());
        @Nullable
        GenericHmacConfig generic = scheme == Scheme.GENERIC ? PropertiesSignatures.generic(prefix, endpoint) : null;
        EventIdConfig eventIds = PropertiesSignatures.eventIds(
                prefix + ".event-id",
                endpoint.getEventId(),
                generic != null ? EventIdConfig.forGeneric(generic) : EventIdConfig.forScheme(scheme));
        IdempotencyPolicy policy =
                attempts(prefix, endpoint, endpointPolicy(prefix + ".policy", endpoint.getPolicy(), defaults));
        DataSize maxBody = endpoint.getMaxBodyBytes();
        int maxBodyBytes = maxBody == null ? defaultMaxBody : bytes(prefix + ".max-body-bytes", maxBody);
        RecoveryConfig recovery = recovery(prefix, endpoint, policy);
        return named(prefix, () -> {
            WebhookEndpoint.Builder built = WebhookEndpoint.custom(name);
            if (generic != null) {
                SecretRules.require(scheme, generic.secrets());
                built.verifier(Verifiers.generic(generic))
                        .signer(WebhookSigner.generic(generic, generic.secrets().get(0)));
            } else {
                built.scheme(
                        scheme,
                        new SignatureConfig(
                                endpoint.getSecrets(),
                                endpoint.getTolerance(),
                                PublicUrl.parse(endpoint.getPublicUrl())));
            }
            return built.eventIds(eventIds)
                    .path(endpoint.getPath())
                    .policy(policy)
                    .maxBodyBytes(maxBodyBytes)
                    .failOpen(endpoint.getFailOpen())
                    .schema(PropertiesSchemas.read(prefix + ".schema", endpoint.getSchema()))
                    .recovery(recovery)
                    .build();
        });
    }

    /**
     * The policy with {@code backoff.attempts}, another name of {@code policy.max-attempts} (the handler runs before
     * DEAD, whoever retries); set both, they must agree.
     */
    private static IdempotencyPolicy attempts(
            String prefix, HookguardProperties.Endpoint endpoint, IdempotencyPolicy policy) {
        Integer attempts = endpoint.getBackoff().getAttempts();
        if (attempts == null || attempts == policy.maxAttempts()) {
            return policy;
        }
        if (attempts < 1) {
            throw HookguardConfigurationException.property(
                    prefix + ".backoff.attempts", "must be at least 1 but was " + attempts);
        }
        if (endpoint.getPolicy().getMaxAttempts() != null) {
            throw HookguardConfigurationException.property(
                    prefix + ".backoff.attempts",
                    "must equal " + prefix + ".policy.max-attempts (" + policy.maxAttempts() + ") but was " + attempts
                            + "; set only one of them");
        }
        return IdempotencyPolicy.from(policy).maxAttempts(attempts).build();
    }

    /** Intake, retries, backoff, stalled period, queue limit and dispatch signing of one endpoint. */
    private static RecoveryConfig recovery(
            String prefix, HookguardProperties.Endpoint endpoint, IdempotencyPolicy policy) {
        BackoffProperties backoff = endpoint.getBackoff();
        Backoff schedule = named(
                prefix + ".backoff",
                () -> Backoff.custom()
                        .base(backoff.getBase())
                        .cap(backoff.getCap())
                        .attempts(policy.maxAttempts())
                        .build());
        return named(
                prefix,
                () -> RecoveryConfig.custom()
                        .intake(endpoint.getIntake())
                        .retries(endpoint.getRetries())
                        .backoff(schedule)
                        .stalledAfter(endpoint.getStalledAfter())
                        .queueLimit(endpoint.getQueueLimit())
                        .signing(endpoint.getDispatchSigning())
                        .build());
    }

    private static IdempotencyPolicy endpointPolicy(
            String prefix, HookguardProperties.EndpointPolicy overrides, IdempotencyPolicy defaults) {
        IdempotencyPolicy.Builder builder = IdempotencyPolicy.from(defaults);
        if (overrides.getLease() != null) {
            builder.lease(overrides.getLease());
        }
        if (overrides.getRetention() != null) {
            builder.retention(overrides.getRetention());
        }
        if (overrides.getDeadRetention() != null) {
            builder.deadRetention(overrides.getDeadRetention());
        }
        if (overrides.getMaxAttempts() != null) {
            builder.maxAttempts(overrides.getMaxAttempts());
        }
        if (overrides.getResponseBodyCap() != null) {
            builder.responseBodyCap(bytes(prefix + ".response-body-cap", overrides.getResponseBodyCap()));
        }
        return named(prefix, builder::build);
    }
}
