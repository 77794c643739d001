package dev.hookguard.core.signature.internal.providers;

import dev.hookguard.core.signature.Headers;
import dev.hookguard.core.signature.SignatureConfig;
import dev.hookguard.core.signature.SignatureVerifier;
import dev.hookguard.core.signature.Verification;
import java.time.Clock;
import java.util.Optional;

/**
 * Verifies <a href="https://developers.zoom.us/docs/api/webhooks/#verify-webhook-events">Zoom's</a> scheme:
 * {@code x-zm-signature: v0=<hex>}, the HMAC-SHA256 of {@code v0:timestamp:body} under the app's secret token
 * (UTF-8), with the timestamp from {@code x-zm-request-timestamp}: Slack's scheme under other header names, and
 * verified by the same code. Zoom's events carry no event id, so the id is the body's hash; the signed timestamp
 * bounds replays.
 */
public final class ZoomVerifier implements SignatureVerifier {

    static final String SIGNATURE_HEADER = "x-zm-signature";
    static final String TIMESTAMP_HEADER = "x-zm-request-timestamp";
    static final String VERSION = SlackVerifier.VERSION;

    private final SlackVerifier v0;

    /** A verifier with this configuration and clock. */
    public ZoomVerifier(SignatureConfig config, Clock clock) {
        this.v0 = new SlackVerifier(config, clock, SIGNATURE_HEADER, TIMESTAMP_HEADER);
    }

    @Override
    public Verification verify(Headers headers, byte[] body) {
        return v0.verify(headers, body);
    }

    /** The signature header is present and the request timestamp lies within the tolerance. */
    @Override
    public Optional<Verification.Rejected> precheck(Headers headers) {
        return v0.precheck(headers);
    }

    /** {@code v0:timestamp:}, the part of the signed content before the body. */
    static byte[] signedHead(String timestamp) {
        return SlackVerifier.signedHead(timestamp);
    }
}
