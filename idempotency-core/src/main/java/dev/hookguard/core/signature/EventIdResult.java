package dev.hookguard.core.signature;

import dev.hookguard.core.EventKey;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The outcome of looking for a delivery's event id. {@link Missing} and {@link Invalid} are answered with 400
 * and write nothing to the store; handle all three with an exhaustive {@code switch}.
 */
public sealed interface EventIdResult {

    /** Where an extracted event id came from. */
    enum IdOrigin {
        /** A request header, such as {@code webhook-id} or {@code X-GitHub-Delivery}. */
        HEADER,
        /** A field of the JSON body, such as Stripe's top-level {@code id}. */
        BODY_FIELD,
        /** No id was found; the id is the lower-case hex SHA-256 of the raw body. */
        BODY_HASH
    }

    /**
     * An id was found and is valid.
     *
     * @param key the endpoint and the event id, valid by {@link EventKey}'s rules
     * @param origin where the id came from
     * @param bodyKey the endpoint and the body's SHA-256, when the configuration asks for it as a second
     *     deduplication key (for schemes that do not sign the id); empty when {@code origin} is already {@link
     *     IdOrigin#BODY_HASH}
     */
    record Found(EventKey key, IdOrigin origin, Optional<EventKey> bodyKey) implements EventIdResult {

        /** The sender's event id, or the body hash when none was found. */
        public String eventId() {
            return key.eventId();
        }

        /** Every key to deduplicate on: {@link #key()}, then the {@link #bodyKey()} if there is one. */
        public List<EventKey> keys() {
            List<EventKey> keys = new ArrayList<>(2);
            keys.add(key);
            bodyKey.ifPresent(keys::add);
            return List.copyOf(keys);
        }
    }

    /**
     * No source held an id and the body-hash fallback is off.
     *
     * @param message one short sentence naming the sources looked at
     */
    record Missing(String message) implements EventIdResult {}

    /**
     * A source held an id that cannot be a key: not printable ASCII, containing a space, too long, or not a
     * string.
     *
     * @param message one short sentence naming the source and the problem
     */
    record Invalid(String message) implements EventIdResult {}
}
