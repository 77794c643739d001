package dev.hookguard.core.signature;

import com.fasterxml.jackson.core.JsonPointer;
import dev.hookguard.core.signature.internal.JsonField;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * Where to find a delivery's event id, and what to deduplicate on besides it. Immutable; take a scheme's
 * defaults from {@link #forScheme} or {@link #forGeneric}, or build with {@link #custom()}.
 *
 * @param sources tried in order; the first that is present gives the id
 * @param bodyHashFallback when no source is present, use the lower-case hex SHA-256 of the raw body as the id
 *     (DESIGN.md §2); when off, such a delivery is {@link EventIdResult.Missing}
 * @param bodyHashKey also deduplicate on the body's SHA-256, as a second key. Meant for schemes whose id is
 *     not signed (GitHub, Shopify): a captured delivery replayed under a fresh id is then still caught. Two
 *     genuinely different events with byte-identical bodies are then treated as duplicates.
 */
public record EventIdConfig(List<EventIdSource> sources, boolean bodyHashFallback, boolean bodyHashKey) {

    /** Default: fall back to the body hash when no id is found. */
    public static final boolean DEFAULT_BODY_HASH_FALLBACK = true;
    /** Default for {@link #custom()}: no second key. {@link #forScheme} turns it on for GitHub and Shopify. */
    public static final boolean DEFAULT_BODY_HASH_KEY = false;

    /** Validates and copies; a bad field is an {@link IllegalArgumentException} naming it. */
    public EventIdConfig {
        if (sources == null || sources.stream().anyMatch(Objects::isNull)) {
            throw new IllegalArgumentException("sources must not be null or hold null but was " + sources);
        }
        sources = List.copyOf(sources);
        if (sources.isEmpty() && !bodyHashFallback) {
            throw new IllegalArgumentException("sources must not be empty when bodyHashFallback is false");
        }
    }

    /**
     * The id sources of a provider scheme: {@code webhook-id} then {@code svix-id} (Standard Webhooks); the
     * top-level {@code id} field (Stripe, Intercom); {@code X-GitHub-Delivery} (GitHub); {@code
     * X-Shopify-Webhook-Id} then {@code X-Shopify-Event-Id} (Shopify); the top-level {@code event_id} field
     * (Slack, Paddle, Square); {@code I-Twilio-Idempotency-Token} (Twilio); {@code X-Gitlab-Event-UUID} then
     * {@code Idempotency-Key} (GitLab); none, so the body hash (SendGrid, whose body is a batch, and Zoom). The
     * body-hash fallback is on; the body-hash key is on for GitHub, Shopify, Twilio and GitLab, whose ids are not
     * signed.
     *
     * @throws IllegalArgumentException for {@link Scheme#GENERIC}, whose sources come from {@link
     *     #forGeneric}
     */
    public static EventIdConfig forScheme(Scheme scheme) {
        return switch (scheme) {
            case STANDARD_WEBHOOKS ->
                defaults(false, EventIdSource.header("webhook-id"), EventIdSource.header("svix-id"));
            case STRIPE -> defaults(false, EventIdSource.jsonPointer("/id"));
            case GITHUB -> defaults(true, EventIdSource.header("X-GitHub-Delivery"));
            case SHOPIFY ->
                defaults(
                        true, EventIdSource.header("X-Shopify-Webhook-Id"), EventIdSource.header("X-Shopify-Event-Id"));
            case SLACK -> defaults(false, EventIdSource.jsonPointer("/event_id"));
            case TWILIO -> defaults(true, EventIdSource.header("I-Twilio-Idempotency-Token"));
            case PADDLE, SQUARE -> defaults(false, EventIdSource.jsonPointer("/event_id"));
            case SENDGRID, ZOOM -> defaults(false);
            case GITLAB ->
                defaults(true, EventIdSource.header("X-Gitlab-Event-UUID"), EventIdSource.header("Idempotency-Key"));
            case INTERCOM -> defaults(false, EventIdSource.jsonPointer("/id"));
            case GENERIC ->
                throw new IllegalArgumentException(
                        "scheme GENERIC takes its id source from a GenericHmacConfig; use EventIdConfig.forGeneric");
        };
    }

    /**
     * The id source of a generic scheme, if it has one. The body-hash key is on unless the id is signed: read
     * from the body, or part of the signed-content template.
     */
    public static EventIdConfig forGeneric(GenericHmacConfig config) {
        List<EventIdSource> sources = config.idSource().map(List::of).orElse(List.of());
        boolean signedId = config.template().contains(GenericHmacConfig.ID)
                || config.idSource()
                        .filter(EventIdSource.JsonField.class::isInstance)
                        .isPresent();
        return new EventIdConfig(sources, DEFAULT_BODY_HASH_FALLBACK, !signedId);
    }

    /** A builder that starts from the defaults: no sources, body-hash fallback on, no body-hash key. */
    public static Builder custom() {
        return new Builder();
    }

    /** A builder that starts from this configuration. */
    public static Builder from(EventIdConfig config) {
        return new Builder()
                .sources(config.sources)
                .bodyHashFallback(config.bodyHashFallback)
                .bodyHashKey(config.bodyHashKey);
    }

    private static EventIdConfig defaults(boolean bodyHashKey, EventIdSource... sources) {
        return new EventIdConfig(List.of(sources), DEFAULT_BODY_HASH_FALLBACK, bodyHashKey);
    }

    /** Builds an {@link EventIdConfig}; names equal the record's components. */
    public static final class Builder {
        private List<EventIdSource> sources = new ArrayList<>();
        private boolean bodyHashFallback = DEFAULT_BODY_HASH_FALLBACK;
        private boolean bodyHashKey = DEFAULT_BODY_HASH_KEY;

        private Builder() {}

        /** See {@link EventIdConfig#sources()}. */
        public Builder sources(List<EventIdSource> sources) {
            this.sources = new ArrayList<>(sources);
            return this;
        }

        /** See {@link EventIdConfig#sources()}. */
        public Builder sources(EventIdSource... sources) {
            return sources(Arrays.asList(sources));
        }

        /** See {@link EventIdConfig#bodyHashFallback()}. */
        public Builder bodyHashFallback(boolean bodyHashFallback) {
            this.bodyHashFallback = bodyHashFallback;
            return this;
        }

        /** See {@link EventIdConfig#bodyHashKey()}. */
        public Builder bodyHashKey(boolean bodyHashKey) {
            this.bodyHashKey = bodyHashKey;
            return this;
        }

        /** The configuration; throws {@link IllegalArgumentException} naming the first bad field. */
        public EventIdConfig build() {
            return new EventIdConfig(sources, bodyHashFallback, bodyHashKey);
        }
    }

    /** Where an event id is read from: a request header or a field of the JSON body. */
    public sealed interface EventIdSource {

        /** A request header, such as {@code X-GitHub-Delivery}. */
        static EventIdSource header(String name) {
            return new Header(name);
        }

        /** A field of the JSON body, by RFC 6901 pointer: {@code /id} is the top-level {@code id} field only. */
        static EventIdSource jsonPointer(String pointer) {
            return new JsonField(pointer);
        }

        /**
         * The id is the value of this header. It must have one value (identical repeated lines count as one).
         *
         * @param name the header name, in any case
         */
        record Header(String name) implements EventIdSource {

            /** Checks that the name is a header name: visible ASCII without {@code ':'}. */
            public Header {
                Headers.requireName("name", name);
            }
        }

        /**
         * The id is the string or integer at this pointer in the JSON body, read by a streaming parser that stops
         * there.
         *
         * @param pointer an RFC 6901 JSON pointer to a field, such as {@code /id} or {@code /data/id}
         */
        record JsonField(String pointer) implements EventIdSource {

            /** Checks that the pointer is valid and points below the root. */
            public JsonField {
                if (pointer == null || pointer.isEmpty() || pointer.charAt(0) != '/') {
                    throw new IllegalArgumentException(
                            "pointer must be a JSON pointer starting with '/' but was '" + pointer + "'");
                }
                try {
                    JsonPointer.compile(pointer);
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException("pointer is not a valid JSON pointer: '" + pointer + "'", e);
                }
            }

            public JsonPointer compiled() {
                return JsonPointer.compile(pointer);
            }
        }
    }
}
