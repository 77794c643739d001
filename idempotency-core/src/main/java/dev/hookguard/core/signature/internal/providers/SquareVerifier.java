package dev.hookguard.core.signature.internal.providers;

import static java.nio.charset.StandardCharsets.UTF_8;

import dev.hookguard.core.signature.GenericHmacConfig.HmacAlgorithm;
import dev.hookguard.core.signature.Headers;
import dev.hookguard.core.signature.SignatureConfig;
import dev.hookguard.core.signature.SignatureConfig.PublicUrl;
import dev.hookguard.core.signature.SignatureVerifier;
import dev.hookguard.core.signature.Verification;
import dev.hookguard.core.signature.WebhookRequest;
import dev.hookguard.core.signature.internal.Codecs;
import dev.hookguard.core.signature.internal.MacKeys;
import dev.hookguard.core.signature.internal.Rejections;
import dev.hookguard.core.signature.internal.Secrets;

/**
 * Verifies <a href="https://developer.squareup.com/docs/webhooks/step3validate">Square's</a> scheme: {@code
 * x-square-hmacsha256-signature: <base64>}, the HMAC-SHA256 under the subscription's signature key (UTF-8) of
 * the notification URL followed by the body. The notification URL is the request URL the sender used: configure
 * {@link SignatureConfig#publicUrl()} when a proxy stands in front of the application. The event id is the
 * body's top-level {@code event_id}, which the signature covers; Square signs no timestamp.
 */
public final class SquareVerifier implements SignatureVerifier {

    static final String HEADER = "x-square-hmacsha256-signature";

    private final MacKeys keys;
    private final PublicUrl publicUrl;
    private final PrefixedSignatures signatures = new PrefixedSignatures(HEADER, "", Codecs::base64);

    /** A verifier with this configuration; its tolerance is not used. */
    public SquareVerifier(SignatureConfig config) {
        this.keys = new MacKeys(HmacAlgorithm.HMAC_SHA256, Secrets.utf8Keys(config.secrets()));
        this.publicUrl = config.publicUrl();
    }

    /** Always rejects: Square signs the URL, which only {@link #verify(WebhookRequest)} knows. */
    @Override
    public Verification verify(Headers headers, byte[] body) {
        return verify(WebhookRequest.of(headers, body));
    }

    @Override
    public Verification verify(WebhookRequest request) {
        if (!request.headers().contains(HEADER)) {
            return Rejections.missing(HEADER);
        }
        String url = publicUrl.resolve(request);
        if (url.isEmpty()) {
            return UrlSigned.unknownUrl(HEADER);
        }
        return signatures.check(
                request.headers(), keys, Verification.Verified.untimed(), url.getBytes(UTF_8), request.body());
    }
}
