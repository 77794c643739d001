package dev.hookguard.core.signature.internal.providers;

import static java.nio.charset.StandardCharsets.UTF_8;

import dev.hookguard.core.signature.GenericHmacConfig.HmacAlgorithm;
import dev.hookguard.core.signature.Headers;
import dev.hookguard.core.signature.SignatureConfig;
import dev.hookguard.core.signature.SignatureVerifier;
import dev.hookguard.core.signature.Verification;
import dev.hookguard.core.signature.Verification.Rejected;
import dev.hookguard.core.signature.Verification.RejectionReason;
import dev.hookguard.core.signature.internal.Codecs;
import dev.hookguard.core.signature.internal.HeaderChecks;
import dev.hookguard.core.signature.internal.MacKeys;
import dev.hookguard.core.signature.internal.Rejections;
import dev.hookguard.core.signature.internal.Secrets;
import dev.hookguard.core.signature.internal.Tolerance;
import java.time.Clock;
import java.util.Optional;

/**
 * Verifies <a href="https://api.slack.com/authentication/verifying-requests-from-slack">Slack's</a> scheme:
 * {@code X-Slack-Signature: v0=<hex>}, the HMAC-SHA256 of {@code v0:timestamp:body} under the signing
 * secret's UTF-8 bytes, with the timestamp from {@code X-Slack-Request-Timestamp}. A signature of another
 * version than {@code v0} is {@link RejectionReason#UNSUPPORTED_VERSION}.
 */
public final class SlackVerifier implements SignatureVerifier {

    static final String SIGNATURE_HEADER = "X-Slack-Signature";
    static final String TIMESTAMP_HEADER = "X-Slack-Request-Timestamp";
    static final String VERSION = "v0";

    private final String signatureHeader;
    private final String timestampHeader;
    private final MacKeys keys;
    private final Tolerance tolerance;
    private final PrefixedSignatures signatures;

    /** A verifier with this configuration and clock. */
    public SlackVerifier(SignatureConfig config, Clock clock) {
        this(config, clock, SIGNATURE_HEADER, TIMESTAMP_HEADER);
    }

    /** The same {@code v0:timestamp:body} scheme under other header names (Zoom's). */
    SlackVerifier(SignatureConfig config, Clock clock, String signatureHeader, String timestampHeader) {
        this.signatureHeader = signatureHeader;
        this.timestampHeader = timestampHeader;
        this.keys = new MacKeys(HmacAlgorithm.HMAC_SHA256, Secrets.utf8Keys(config.secrets()));
        this.tolerance = new Tolerance(config.tolerance(), clock);
        this.signatures = new PrefixedSignatures(signatureHeader, VERSION + "=", Codecs::hex);
    }

    @Override
    public Verification verify(Headers headers, byte[] body) {
        if (!headers.contains(signatureHeader)) {
            return Rejections.missing(signatureHeader);
        }
        Rejected problem = Rejections.checkSingle(headers, timestampHeader);
        if (problem != null) {
            return problem;
        }
        String timestamp = Rejections.single(headers, timestampHeader);
        Verification time = tolerance.check(timestampHeader, timestamp);
        if (time instanceof Rejected) {
            return time;
        }
        return signatures.check(headers, keys, time, signedHead(timestamp), body);
    }

    /** {@code v0:timestamp:}, the part of the signed content before the body. */
    static byte[] signedHead(String timestamp) {
        return (VERSION + ':' + timestamp + ':').getBytes(UTF_8);
    }

    /** The signature header is present and the request timestamp lies within the tolerance. */
    @Override
    public Optional<Rejected> precheck(Headers headers) {
        return HeaderChecks.first(
                HeaderChecks.present(headers, signatureHeader),
                HeaderChecks.timely(headers, timestampHeader, tolerance));
    }
}
