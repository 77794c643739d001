package dev.hookguard.servlet.internal.dispatch;

import dev.hookguard.core.signature.Scheme;
import dev.hookguard.core.signature.WebhookSigner;
import org.jspecify.annotations.Nullable;

/**
 * The signer a scheme's endpoint re-signs its dispatches with, where the receiver's secret can sign. Public for
 * {@link dev.hookguard.servlet.EndpointConfig.Builder#scheme}, in the API package.
 */
public final class SchemeSigners {

    private static final String PUBLIC_KEY_PREFIX = "whpk_";

    private SchemeSigners() {}

    /**
     * The scheme's signer with this secret, or null where the receiver holds a public key (SendGrid, a Standard
     * Webhooks {@code whpk_} key), where the scheme signs the public URL (Twilio, Square), or for the generic scheme.
     */
    public static @Nullable WebhookSigner of(Scheme scheme, String secret) {
        return switch (scheme) {
            case SENDGRID, TWILIO, SQUARE, GENERIC -> null;
            case STANDARD_WEBHOOKS -> secret.startsWith(PUBLIC_KEY_PREFIX) ? null : WebhookSigner.of(scheme, secret);
            default -> WebhookSigner.of(scheme, secret);
        };
    }
}
