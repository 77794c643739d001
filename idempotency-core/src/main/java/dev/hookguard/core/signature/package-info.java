/**
 * Signature verification and event-id extraction for webhook deliveries, free of any HTTP framework: a
 * {@link dev.hookguard.core.signature.SignatureVerifier} reads {@link dev.hookguard.core.signature.Headers}
 * and the raw body bytes and answers with a {@link dev.hookguard.core.signature.Verification}, never with an
 * exception; an {@link dev.hookguard.core.signature.EventIdExtractor} then finds the event id to deduplicate
 * on. The schemes are those of DESIGN.md §5: Standard Webhooks (and Svix), Stripe, GitHub, Shopify, Slack and
 * a configurable generic HMAC scheme. The signers produce the headers a sender would, for tests, demos and
 * the redelivery of dead letters.
 */
@NullMarked
package dev.hookguard.core.signature;

import org.jspecify.annotations.NullMarked;
