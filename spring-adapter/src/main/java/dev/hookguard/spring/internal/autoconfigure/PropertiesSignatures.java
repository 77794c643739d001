package dev.hookguard.spring.internal.autoconfigure;

import static dev.hookguard.spring.internal.autoconfigure.PropertyErrors.enumOf;
import static dev.hookguard.spring.internal.autoconfigure.PropertyErrors.named;
import static dev.hookguard.spring.internal.autoconfigure.PropertyErrors.renamed;

import dev.hookguard.core.signature.EventIdConfig;
import dev.hookguard.core.signature.EventIdSource;
import dev.hookguard.core.signature.GenericHmacConfig;
import dev.hookguard.core.signature.HmacAlgorithm;
import dev.hookguard.core.signature.Scheme;
import dev.hookguard.core.signature.SignatureEncoding;
import dev.hookguard.spring.HookguardConfigurationException;
import dev.hookguard.spring.autoconfigure.HookguardProperties;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The signature side of {@code hookguard.endpoints.<name>.*}: the scheme, the generic scheme's format, and where the
 * event id is found. Every invalid value fails naming its property.
 */
public final class PropertiesSignatures {

    private static final String SCHEMES = Scheme.names();

    private PropertiesSignatures() {}

    static Scheme scheme(String prefix, @Nullable String scheme) {
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

    static GenericHmacConfig generic(String prefix, HookguardProperties.Endpoint endpoint) {
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

    static EventIdConfig eventIds(String prefix, HookguardProperties.EventId eventId, EventIdConfig base) {
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
}
