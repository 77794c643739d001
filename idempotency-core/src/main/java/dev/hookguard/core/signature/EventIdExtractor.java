package dev.hookguard.core.signature;

import dev.hookguard.core.signature.internal.ConfiguredEventIdExtractor;

/**
 * Finds the event id of a verified delivery, to deduplicate on. Run it only after {@link SignatureVerifier}
 * accepted the delivery: for schemes that sign the id (Standard Webhooks, Stripe, Slack, generic with a
 * signed id) it then returns the signed id. Implementations are immutable, thread-safe and never throw for
 * any headers or body; an id that breaks {@link dev.hookguard.core.EventKey}'s rules is {@link
 * EventIdResult.Invalid}, to be answered with 400.
 */
@FunctionalInterface
public interface EventIdExtractor {

    /**
     * Looks for the event id.
     *
     * @param headers the request headers
     * @param body the raw body bytes
     * @return the id and the keys to deduplicate on, or why there is none
     */
    EventIdResult extract(Headers headers, byte[] body);

    /**
     * An extractor for one endpoint.
     *
     * @param endpoint the endpoint (namespace) the keys are built for, valid by {@link
     *     dev.hookguard.core.EventKey}'s rules
     * @param config where to look and what to deduplicate on
     */
    static EventIdExtractor of(String endpoint, EventIdConfig config) {
        return new ConfiguredEventIdExtractor(endpoint, config);
    }

    /** An extractor for one endpoint with a provider scheme's defaults, {@link EventIdConfig#forScheme}. */
    static EventIdExtractor forScheme(String endpoint, Scheme scheme) {
        return of(endpoint, EventIdConfig.forScheme(scheme));
    }
}
