package dev.hookguard.core.signature;

import java.util.Locale;

/**
 * The signature schemes Hookguard verifies, for configuration by name ({@code scheme: stripe}). {@link
 * Verifiers#of}, {@link EventIdConfig#forScheme} and {@link WebhookSigner#of} turn one into a verifier, an
 * id configuration and a signer.
 */
public enum Scheme {
    /** Standard Webhooks and Svix: {@link StandardWebhooksVerifier}. */
    STANDARD_WEBHOOKS,
    /** Stripe: {@link StripeVerifier}. */
    STRIPE,
    /** GitHub: {@link GitHubVerifier}. */
    GITHUB,
    /** Shopify: {@link ShopifyVerifier}. */
    SHOPIFY,
    /** Slack: {@link SlackVerifier}. */
    SLACK,
    /** A configurable HMAC scheme: {@link GenericHmacVerifier}, which needs a {@link GenericHmacConfig}. */
    GENERIC;

    /**
     * The scheme of this name, ignoring case, {@code -} and {@code _}: {@code stripe}, {@code
     * standard-webhooks}, {@code STANDARD_WEBHOOKS}; {@code svix} is an alias of Standard Webhooks.
     */
    public static Scheme of(String name) {
        String key = name.toUpperCase(Locale.ROOT).replace("-", "").replace("_", "");
        if (key.equals("SVIX")) {
            return STANDARD_WEBHOOKS;
        }
        for (Scheme scheme : values()) {
            if (scheme.name().replace("_", "").equals(key)) {
                return scheme;
            }
        }
        throw new IllegalArgumentException("scheme must be one of standard-webhooks, svix, stripe, github, shopify, "
                + "slack, generic but was '" + name + "'");
    }
}
