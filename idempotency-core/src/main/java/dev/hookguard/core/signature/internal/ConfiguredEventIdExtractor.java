package dev.hookguard.core.signature.internal;

import dev.hookguard.core.EventKey;
import dev.hookguard.core.Fingerprint;
import dev.hookguard.core.signature.EventIdConfig;
import dev.hookguard.core.signature.EventIdConfig.EventIdSource;
import dev.hookguard.core.signature.EventIdExtractor;
import dev.hookguard.core.signature.EventIdResult;
import dev.hookguard.core.signature.EventIdResult.IdOrigin;
import dev.hookguard.core.signature.Headers;
import java.util.Optional;

/** The {@link EventIdExtractor} of an {@link EventIdConfig}: sources in order, then the body-hash fallback. */
public final class ConfiguredEventIdExtractor implements EventIdExtractor {

    private final String endpoint;
    private final EventIdConfig config;

    public ConfiguredEventIdExtractor(String endpoint, EventIdConfig config) {
        EventKey.of(endpoint, "x"); // an invalid endpoint is an IllegalArgumentException naming it
        this.endpoint = endpoint;
        this.config = config;
    }

    @Override
    public EventIdResult extract(Headers headers, byte[] body) {
        for (EventIdSource source : config.sources()) {
            IdReader.Read read = IdReader.read(source, headers, body);
            if (read instanceof IdReader.Found found) {
                return found(found.id(), found.origin(), IdReader.describe(source), body);
            }
            if (read instanceof IdReader.Unusable unusable) {
                return new EventIdResult.Invalid(unusable.message());
            }
        }
        if (config.bodyHashFallback()) {
            return found(Fingerprint.sha256Hex(body), IdOrigin.BODY_HASH, "body hash", body);
        }
        return new EventIdResult.Missing("no event id: none of "
                + config.sources().stream().map(IdReader::describe).toList() + " is present");
    }

    /**
     * The body's SHA-256 where {@code extractor} is one of these and hashed the body for {@code found} (its body key,
     * or its body-hash fallback id), so that the caller need not hash the body again; empty otherwise (an
     * application's own extractor is not trusted with it).
     */
    public static Optional<String> bodyHash(EventIdExtractor extractor, EventIdResult.Found found) {
        if (!(extractor instanceof ConfiguredEventIdExtractor)) {
            return Optional.empty();
        }
        if (found.origin() == IdOrigin.BODY_HASH) {
            return Optional.of(found.eventId());
        }
        return found.bodyKey().map(EventKey::eventId);
    }

    private EventIdResult found(String id, IdOrigin origin, String described, byte[] body) {
        EventKey key;
        try {
            key = EventKey.of(endpoint, id);
        } catch (IllegalArgumentException e) {
            // EventKey's constructor is the one place the rules live; its message names the problem
            return new EventIdResult.Invalid("event id from the " + described + " is invalid: " + e.getMessage());
        }
        Optional<EventKey> bodyKey = config.bodyHashKey() && origin != IdOrigin.BODY_HASH
                ? Optional.of(EventKey.of(endpoint, Fingerprint.sha256Hex(body)))
                : Optional.empty();
        return new EventIdResult.Found(key, origin, bodyKey);
    }
}
