package dev.hookguard.spring.autoconfigure;

import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.signature.EventIdConfig;
import dev.hookguard.core.signature.EventIdSource;
import dev.hookguard.core.signature.GenericHmacConfig;
import dev.hookguard.core.signature.HmacAlgorithm;
import dev.hookguard.core.signature.Scheme;
import dev.hookguard.core.signature.SignatureConfig;
import dev.hookguard.core.signature.SignatureEncoding;
import dev.hookguard.core.signature.SignatureVerifier;
import dev.hookguard.core.signature.Verifiers;
import dev.hookguard.spring.HookguardConfigurationException;
import dev.hookguard.spring.WebhookEndpoint;
import dev.hookguard.spring.WebhookEndpoints;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import org.springframework.util.unit.DataSize;

/**
 * Turns {@code hookguard.endpoints.*} (with {@code hookguard.policy.*} and {@code hookguard.max-body-bytes}) into
 * {@link WebhookEndpoint}s. Every invalid value fails with a {@link HookguardConfigurationException} that names the
 * property, such as {@code hookguard.endpoints.stripe.secrets must hold at least one secret but was empty}; the
 * library's own validation messages start with the builder field, which maps one to one onto the property.
 */
final class PropertiesEndpoints {

    /** The property prefix of the endpoints. */
    static final String PREFIX = "hookguard.endpoints";

    private static final String SCHEMES = "standard-webhooks, svix, stripe, github, shopify, slack, generic";

    private PropertiesEndpoints() {}

    static WebhookEndpoints from(HookguardProperties properties) {
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
        Scheme scheme = scheme(prefix, endpoint.getScheme());
        GenericHmacConfig generic = scheme == Scheme.GENERIC ? generic(prefix, endpoint) : null;
        SignatureVerifier verifier = named(
                prefix,
                () -> generic != null
                        ? Verifiers.generic(generic)
                        : Verifiers.of(scheme, new SignatureConfig(endpoint.getSecrets(), endpoint.getTolerance())));
        EventIdConfig eventIds = eventIds(
                prefix + ".event-id",
                endpoint.getEventId(),
                generic != null ? EventIdConfig.forGeneric(generic) : EventIdConfig.forScheme(scheme));
        IdempotencyPolicy policy = endpointPolicy(prefix + ".policy", endpoint.getPolicy(), defaults);
        DataSize maxBody = endpoint.getMaxBodyBytes();
        int maxBodyBytes = maxBody == null ? defaultMaxBody : bytes(prefix + ".max-body-bytes", maxBody);
        return named(
                prefix,
                () -> WebhookEndpoint.custom(name)
                        .path(endpoint.getPath())
                        .verifier(verifier)
                        .eventIds(eventIds)
                        .policy(policy)
                        .maxBodyBytes(maxBodyBytes)
                        .build());
    }

    private static Scheme scheme(String prefix, @Nullable String scheme) {
        if (scheme == null || scheme.isBlank()) {
            throw HookguardConfigurationException.property(prefix + ".scheme", "must be set: one of " + SCHEMES);
        }
        try {
            return Scheme.of(scheme);
        } catch (IllegalArgumentException e) {
            throw HookguardConfigurationException.property(
                    prefix + ".scheme", "must be one of " + SCHEMES + " but was '" + scheme + "'");
        }
    }

    private static GenericHmacConfig generic(String prefix, HookguardProperties.Endpoint endpoint) {
        HookguardProperties.Generic generic = endpoint.getGeneric();
        String genericPrefix = prefix + ".generic";
        SignatureEncoding encoding =
                enumOf(SignatureEncoding.class, genericPrefix + ".encoding", generic.getEncoding());
        HmacAlgorithm algorithm = enumOf(HmacAlgorithm.class, genericPrefix + ".algorithm", generic.getAlgorithm());
        EventIdSource idSource =
                generic.getIdSource() == null ? null : source(genericPrefix + ".id-source", generic.getIdSource());
        if (generic.getSignatureHeader() == null) {
            throw HookguardConfigurationException.property(
                    genericPrefix + ".signature-header", "must be set for scheme generic");
        }
        try {
            return GenericHmacConfig.custom()
                    .secrets(endpoint.getSecrets())
                    .tolerance(endpoint.getTolerance())
                    .signatureHeader(generic.getSignatureHeader())
                    .prefix(generic.getPrefix())
                    .encoding(encoding)
                    .algorithm(algorithm)
                    .template(generic.getTemplate())
                    .timestampHeader(generic.getTimestampHeader())
                    .idSource(idSource)
                    .build();
        } catch (IllegalArgumentException e) {
            boolean endpointLevel = String.valueOf(e.getMessage()).startsWith("secrets")
                    || String.valueOf(e.getMessage()).startsWith("tolerance");
            throw renamed(endpointLevel ? prefix : genericPrefix, e);
        }
    }

    private static EventIdConfig eventIds(String prefix, HookguardProperties.EventId eventId, EventIdConfig base) {
        EventIdConfig.Builder builder = EventIdConfig.from(base);
        List<String> sources = eventId.getSources();
        if (sources != null) {
            List<EventIdSource> parsed = new ArrayList<>();
            for (int i = 0; i < sources.size(); i++) {
                parsed.add(source(prefix + ".sources[" + i + "]", sources.get(i)));
            }
            builder.sources(parsed);
        }
        if (eventId.getBodyHashFallback() != null) {
            builder.bodyHashFallback(eventId.getBodyHashFallback());
        }
        if (eventId.getBodyHashKey() != null) {
            builder.bodyHashKey(eventId.getBodyHashKey());
        }
        return named(prefix, builder::build);
    }

    private static EventIdSource source(String property, String source) {
        try {
            if (source.startsWith("header:")) {
                return EventIdSource.header(source.substring("header:".length()));
            }
            if (source.startsWith("json-pointer:")) {
                return EventIdSource.jsonPointer(source.substring("json-pointer:".length()));
            }
        } catch (IllegalArgumentException e) {
            throw HookguardConfigurationException.property(property, "is invalid: " + e.getMessage());
        }
        throw HookguardConfigurationException.property(
                property, "must be header:<name> or json-pointer:</pointer> but was '" + source + "'");
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

    private static int bytes(String property, DataSize size) {
        long bytes = size.toBytes();
        if (bytes < 0 || bytes > Integer.MAX_VALUE) {
            throw HookguardConfigurationException.property(
                    property, "must be between 0 B and " + Integer.MAX_VALUE + " B but was " + size);
        }
        return (int) bytes;
    }

    private static <E extends Enum<E>> E enumOf(Class<E> type, String property, String value) {
        String constant = value.trim().toUpperCase(Locale.ROOT).replace('-', '_');
        for (E candidate : type.getEnumConstants()) {
            if (candidate.name().equals(constant)) {
                return candidate;
            }
        }
        List<String> allowed = new ArrayList<>();
        for (E candidate : type.getEnumConstants()) {
            allowed.add(candidate.name().toLowerCase(Locale.ROOT).replace('_', '-'));
        }
        throw HookguardConfigurationException.property(
                property, "must be one of " + String.join(", ", allowed) + " but was '" + value + "'");
    }

    /**
     * Runs {@code build}; an {@link IllegalArgumentException} whose message starts with a builder field becomes a
     * failure of the property {@code prefix.<field in kebab case>}.
     */
    static <T> T named(String prefix, Supplier<T> build) {
        try {
            return build.get();
        } catch (IllegalArgumentException e) {
            throw renamed(prefix, e);
        }
    }

    static HookguardConfigurationException renamed(String prefix, IllegalArgumentException e) {
        String message = e.getMessage() == null ? "is invalid" : e.getMessage();
        int space = message.indexOf(' ');
        String field = space < 0 ? message : message.substring(0, space);
        if (!field.matches("[a-z][A-Za-z]*(\\[\\d+])?")) {
            return HookguardConfigurationException.property(prefix, "is invalid: " + message);
        }
        return HookguardConfigurationException.property(
                prefix + "." + kebab(field), space < 0 ? "is invalid" : message.substring(space + 1));
    }

    private static String kebab(String camel) {
        StringBuilder kebab = new StringBuilder();
        for (char c : camel.toCharArray()) {
            if (Character.isUpperCase(c)) {
                kebab.append('-').append(Character.toLowerCase(c));
            } else {
                kebab.append(c);
            }
        }
        return kebab.toString();
    }
}
