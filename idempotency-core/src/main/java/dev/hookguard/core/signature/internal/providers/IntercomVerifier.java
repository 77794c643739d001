package dev.hookguard.core.signature.internal.providers;

import dev.hookguard.core.signature.GenericHmacConfig.HmacAlgorithm;
import dev.hookguard.core.signature.Headers;
import dev.hookguard.core.signature.SignatureConfig;
import dev.hookguard.core.signature.SignatureVerifier;
import dev.hookguard.core.signature.Verification;
import dev.hookguard.core.signature.internal.Codecs;
import dev.hookguard.core.signature.internal.MacKeys;
import dev.hookguard.core.signature.internal.Secrets;

/**
 * Verifies <a href="https://developers.intercom.com/docs/webhooks/webhook-notifications#signed-notifications">Intercom's</a>
 * scheme: {@code X-Hub-Signature: sha1=<hex>}, the HMAC-SHA1 of the body under the app's client secret (UTF-8).
 * The event id is the notification's top-level {@code id} field, which the signature covers; Intercom signs no
 * timestamp, so a replay is caught only as a duplicate within the store's retention.
 */
public final class IntercomVerifier implements SignatureVerifier {

    static final String HEADER = "X-Hub-Signature";
    static final String PREFIX = "sha1=";

    private final MacKeys keys;
    private final PrefixedSignatures signatures = new PrefixedSignatures(HEADER, PREFIX, Codecs::hex);

    /** A verifier with this configuration; its tolerance is not used. */
    public IntercomVerifier(SignatureConfig config) {
        this.keys = new MacKeys(HmacAlgorithm.HMAC_SHA1, Secrets.utf8Keys(config.secrets()));
    }

    @Override
    public Verification verify(Headers headers, byte[] body) {
        return signatures.check(headers, keys, Verification.Verified.untimed(), body);
    }
}
