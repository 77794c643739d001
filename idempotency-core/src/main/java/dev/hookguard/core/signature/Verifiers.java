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
import java.time.Clock;

/**
 * Verifiers by scheme, for configuration from properties ({@code scheme: stripe, secrets: [...]}) and for
 * brevity in code. Every verifier reads time from the given clock, or from {@link Clock#systemUTC()}.
 */
public final class Verifiers {

    private Verifiers() {}

    /**
     * The verifier of a provider scheme.
     *
     * @throws IllegalArgumentException for {@link Scheme#GENERIC}, which needs {@link #generic}, or for a
     *     secret the scheme cannot use
     */
    public static SignatureVerifier of(Scheme scheme, SignatureConfig config, Clock clock) {
        return switch (scheme) {
            case STANDARD_WEBHOOKS -> new StandardWebhooksVerifier(config, clock);
            case STRIPE -> new StripeVerifier(config, clock);
            case GITHUB -> new GitHubVerifier(config);
            case SHOPIFY -> new ShopifyVerifier(config);
            case SLACK -> new SlackVerifier(config, clock);
            case TWILIO -> new TwilioVerifier(config);
            case PADDLE -> new PaddleVerifier(config, clock);
            case SQUARE -> new SquareVerifier(config);
            case SENDGRID -> new SendGridVerifier(config, clock);
            case GITLAB -> new GitLabVerifier(config);
            case ZOOM -> new ZoomVerifier(config, clock);
            case INTERCOM -> new IntercomVerifier(config);
            case GENERIC ->
                throw new IllegalArgumentException("scheme GENERIC needs a GenericHmacConfig; use Verifiers.generic");
        };
    }

    /** The verifier of a provider scheme, on the system clock. */
    public static SignatureVerifier of(Scheme scheme, SignatureConfig config) {
        return of(scheme, config, Clock.systemUTC());
    }

    /**
     * Standard Webhooks / Svix with these secrets ({@code whsec_} or bare base64) or {@code whpk_} public keys and
     * the default tolerance.
     */
    public static SignatureVerifier standardWebhooks(String... secrets) {
        return of(Scheme.STANDARD_WEBHOOKS, SignatureConfig.of(secrets));
    }

    /** Stripe with these endpoint secrets and the default tolerance. */
    public static SignatureVerifier stripe(String... secrets) {
        return of(Scheme.STRIPE, SignatureConfig.of(secrets));
    }

    /** GitHub with these webhook secrets. */
    public static SignatureVerifier github(String... secrets) {
        return of(Scheme.GITHUB, SignatureConfig.of(secrets));
    }

    /** Shopify with these client secrets. */
    public static SignatureVerifier shopify(String... secrets) {
        return of(Scheme.SHOPIFY, SignatureConfig.of(secrets));
    }

    /** Slack with these signing secrets and the default tolerance. */
    public static SignatureVerifier slack(String... secrets) {
        return of(Scheme.SLACK, SignatureConfig.of(secrets));
    }

    /** A generic HMAC scheme. */
    public static SignatureVerifier generic(GenericHmacConfig config, Clock clock) {
        return new GenericHmacVerifier(config, clock);
    }

    /** A generic HMAC scheme, on the system clock. */
    public static SignatureVerifier generic(GenericHmacConfig config) {
        return generic(config, Clock.systemUTC());
    }
}
