package dev.hookguard.core.signature;

import static java.nio.charset.StandardCharsets.UTF_8;

import dev.hookguard.core.signature.Verification.Rejected;
import java.time.Clock;

/**
 * Verifies <a href="https://developers.zoom.us/docs/api/webhooks/#verify-webhook-events">Zoom's</a> scheme:
 * {@code x-zm-signature: v0=<hex>}, the HMAC-SHA256 of {@code v0:timestamp:body} under the app's secret token
 * (UTF-8), with the timestamp from {@code x-zm-request-timestamp}. Zoom's events carry no event id, so the id is
 * the body's hash; the signed timestamp bounds replays.
 */
public final class ZoomVerifier implements SignatureVerifier {

    static final String SIGNATURE_HEADER = "x-zm-signature";
    static final String TIMESTAMP_HEADER = "x-zm-request-timestamp";
    static final String VERSION = "v0";

    private final MacKeys keys;
    private final Tolerance tolerance;
    private final PrefixedSignatures signatures = new PrefixedSignatures(SIGNATURE_HEADER, VERSION + "=", Codecs::hex);

    /** A verifier with this configuration and clock. */
    public ZoomVerifier(SignatureConfig config, Clock clock) {
        this.keys = new MacKeys(HmacAlgorithm.HMAC_SHA256, Secrets.utf8Keys(config.secrets()));
        this.tolerance = new Tolerance(config.tolerance(), clock);
    }

    @Override
    public Verification verify(Headers headers, byte[] body) {
        if (!headers.contains(SIGNATURE_HEADER)) {
            return Rejections.missing(SIGNATURE_HEADER);
        }
        Rejected problem = Rejections.checkSingle(headers, TIMESTAMP_HEADER);
        if (problem != null) {
            return problem;
        }
        String timestamp = Rejections.single(headers, TIMESTAMP_HEADER);
        Verification time = tolerance.check(TIMESTAMP_HEADER, timestamp);
        if (time instanceof Rejected) {
            return time;
        }
        return signatures.check(headers, keys, time, signedHead(timestamp), body);
    }

    /** {@code v0:timestamp:}, the part of the signed content before the body. */
    static byte[] signedHead(String timestamp) {
        return (VERSION + ':' + timestamp + ':').getBytes(UTF_8);
    }
}
