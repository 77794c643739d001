package dev.hookguard.core.signature;

import dev.hookguard.core.signature.internal.providers.KeyPairSigners;
import dev.hookguard.core.signature.internal.providers.MoreSigners;
import dev.hookguard.core.signature.internal.providers.Signers;
import java.time.Instant;

/**
 * Signs a delivery as the sender of a scheme would: for tests, demo senders, and the redelivery of dead
 * letters with the endpoint's current secret. The result holds the scheme's signature header and, where the
 * scheme carries them in headers, the id and timestamp headers; merge it into the request's other headers
 * with {@link Headers#with}.
 */
@FunctionalInterface
public interface WebhookSigner {

    /**
     * The headers that sign this delivery.
     *
     * @param eventId the event id; put into the scheme's id header where it has one (Standard Webhooks,
     *     GitHub, Shopify, generic with a header source), ignored where the id lives in the body (Stripe,
     *     Slack, generic with a JSON pointer, whose body must hold the same id)
     * @param timestamp the signing time, written in whole seconds; ignored by GitHub and Shopify
     * @param body the raw body bytes
     */
    Headers sign(String eventId, Instant timestamp, byte[] body);

    /**
     * The signer of a provider scheme with this secret, in the form the scheme's verifier takes; for the
     * asymmetric schemes the private key instead: Standard Webhooks {@code whsk_<base64 seed>} signs {@code v1a},
     * SendGrid takes the base64 PKCS#8 P-256 private key.
     *
     * @throws IllegalArgumentException for {@link Scheme#GENERIC}, which needs {@link #generic}, or for a
     *     secret the scheme cannot use
     */
    static WebhookSigner of(Scheme scheme, String secret) {
        return switch (scheme) {
            case STANDARD_WEBHOOKS -> Signers.standardWebhooks(secret);
            case STRIPE -> Signers.stripe(secret);
            case GITHUB -> Signers.github(secret);
            case SHOPIFY -> Signers.shopify(secret);
            case SLACK -> Signers.slack(secret);
            case PADDLE -> MoreSigners.paddle(secret);
            case SENDGRID -> KeyPairSigners.sendGrid(secret);
            case GITLAB -> MoreSigners.gitLab(secret);
            case ZOOM -> MoreSigners.zoom(secret);
            case INTERCOM -> MoreSigners.intercom(secret);
            case TWILIO, SQUARE ->
                throw new IllegalArgumentException(
                        "scheme " + scheme + " signs the URL; use WebhookSigner.forUrl(scheme, secret, url)");
            case GENERIC ->
                throw new IllegalArgumentException(
                        "scheme GENERIC needs a GenericHmacConfig; use WebhookSigner.generic");
        };
    }

    /**
     * The signer of a scheme that signs the URL (Twilio, Square), for deliveries to this URL. Twilio's signer
     * reads the body as a form ({@code application/x-www-form-urlencoded}) unless the URL carries {@code
     * bodySHA256}, whose value must then be the body's hex SHA-256.
     *
     * @throws IllegalArgumentException for a scheme that does not sign the URL
     */
    static WebhookSigner forUrl(Scheme scheme, String secret, String url) {
        return switch (scheme) {
            case TWILIO -> MoreSigners.twilio(secret, url);
            case SQUARE -> MoreSigners.square(secret, url);
            default -> throw new IllegalArgumentException("scheme " + scheme + " does not sign the URL; use of()");
        };
    }

    /** The signer of a generic scheme with this secret. */
    static WebhookSigner generic(GenericHmacConfig config, String secret) {
        return Signers.generic(config, secret);
    }
}
