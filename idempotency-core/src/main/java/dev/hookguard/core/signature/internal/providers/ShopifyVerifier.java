package dev.hookguard.core.signature.internal.providers;

import dev.hookguard.core.signature.EventIdConfig;
import dev.hookguard.core.signature.GenericHmacConfig.HmacAlgorithm;
import dev.hookguard.core.signature.Headers;
import dev.hookguard.core.signature.SignatureConfig;
import dev.hookguard.core.signature.SignatureVerifier;
import dev.hookguard.core.signature.Verification;
import dev.hookguard.core.signature.Verification.RejectionReason;
import dev.hookguard.core.signature.internal.Codecs;
import dev.hookguard.core.signature.internal.HeaderChecks;
import dev.hookguard.core.signature.internal.MacKeys;
import dev.hookguard.core.signature.internal.Secrets;
import java.util.Optional;

/**
 * Verifies <a href="https://shopify.dev/docs/apps/build/webhooks/subscribe/https#step-2-validate-the-origin-of-your-webhook-to-ensure-its-coming-from-shopify">Shopify's</a>
 * scheme: {@code X-Shopify-Hmac-Sha256: <base64>}, the HMAC-SHA256 of the body under the app's client secret
 * as UTF-8. The header has no version label, so {@link RejectionReason#UNSUPPORTED_VERSION} never occurs.
 *
 * <p>Shopify signs neither a timestamp nor the id headers ({@code X-Shopify-Webhook-Id}, {@code
 * X-Shopify-Event-Id}): a captured delivery stays valid forever and can be replayed under a fresh id. {@link
 * EventIdConfig#forScheme} therefore adds the body's SHA-256 as a second deduplication key for this scheme.
 */
public final class ShopifyVerifier implements SignatureVerifier {

    static final String HEADER = "X-Shopify-Hmac-Sha256";

    private final MacKeys keys;
    private final PrefixedSignatures signatures = new PrefixedSignatures(HEADER, "", Codecs::base64);

    /** A verifier with this configuration; its tolerance is not used, as Shopify signs no timestamp. */
    public ShopifyVerifier(SignatureConfig config) {
        this.keys = new MacKeys(HmacAlgorithm.HMAC_SHA256, Secrets.utf8Keys(config.secrets()));
    }

    @Override
    public Verification verify(Headers headers, byte[] body) {
        return signatures.check(headers, keys, Verification.Verified.untimed(), body);
    }

    /** The {@code X-Shopify-Hmac-Sha256} header is present. */
    @Override
    public Optional<Verification.Rejected> precheck(Headers headers) {
        return HeaderChecks.present(headers, HEADER);
    }
}
