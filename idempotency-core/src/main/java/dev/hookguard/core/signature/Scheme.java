package dev.hookguard.core.signature;

import dev.hookguard.core.signature.internal.providers.GenericHmacVerifier;
import dev.hookguard.core.signature.internal.providers.GitHubVerifier;
import dev.hookguard.core.signature.internal.providers.GitLabVerifier;
import dev.hookguard.core.signature.internal.providers.IntercomVerifier;
import dev.hookguard.core.signature.internal.providers.PaddleVerifier;
import dev.hookguard.core.signature.internal.providers.SendGridVerifier;
import dev.hookguard.core.signature.internal.providers.ShopifyVerifier;
import dev.hookguard.core.signature.internal.providers.SlackVerifier;
import dev.hookguard.core.signature.internal.providers.SquareVerifier;
import dev.hookguard.core.signature.internal.providers.StandardWebhooksVerifier;
import dev.hookguard.core.signature.internal.providers.StripeVerifier;
import dev.hookguard.core.signature.internal.providers.TwilioVerifier;
import dev.hookguard.core.signature.internal.providers.ZoomVerifier;
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
    /** Twilio (HMAC-SHA1 over the URL and form parameters): {@link TwilioVerifier}. */
    TWILIO,
    /** Paddle Billing: {@link PaddleVerifier}. */
    PADDLE,
    /** Square (HMAC-SHA256 over the notification URL and body): {@link SquareVerifier}. */
    SQUARE,
    /** SendGrid Signed Event Webhook (ECDSA P-256): {@link SendGridVerifier}. */
    SENDGRID,
    /** GitLab (a shared token): {@link GitLabVerifier}. */
    GITLAB,
    /** Zoom: {@link ZoomVerifier}. */
    ZOOM,
    /** Intercom (HMAC-SHA1 of the body): {@link IntercomVerifier}. */
    INTERCOM,
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
        throw new IllegalArgumentException("scheme must be one of " + names() + " but was '" + name + "'");
    }

    /** The configuration name: lower case with {@code -}, such as {@code standard-webhooks}. */
    public String configName() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** Every configuration name, {@code svix} included, comma-separated: for messages and documentation. */
    public static String names() {
        StringBuilder names = new StringBuilder();
        for (Scheme scheme : values()) {
            names.append(names.length() == 0 ? "" : ", ").append(scheme.configName());
            if (scheme == STANDARD_WEBHOOKS) {
                names.append(", svix");
            }
        }
        return names.toString();
    }
}
