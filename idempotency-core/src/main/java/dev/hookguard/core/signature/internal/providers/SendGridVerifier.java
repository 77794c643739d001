package dev.hookguard.core.signature.internal.providers;

import static java.nio.charset.StandardCharsets.UTF_8;

import dev.hookguard.core.signature.Headers;
import dev.hookguard.core.signature.SignatureConfig;
import dev.hookguard.core.signature.SignatureVerifier;
import dev.hookguard.core.signature.Verification;
import dev.hookguard.core.signature.Verification.Rejected;
import dev.hookguard.core.signature.internal.Codecs;
import dev.hookguard.core.signature.internal.PublicKeys;
import dev.hookguard.core.signature.internal.Rejections;
import dev.hookguard.core.signature.internal.SignatureKeys;
import dev.hookguard.core.signature.internal.Tolerance;
import java.time.Clock;
import java.util.List;

/**
 * Verifies the <a href="https://www.twilio.com/docs/sendgrid/for-developers/tracking-events/getting-started-event-webhook-security-features">SendGrid
 * Signed Event Webhook</a>: {@code X-Twilio-Email-Event-Webhook-Signature: <base64 DER>}, an ECDSA P-256 /
 * SHA-256 signature of the {@code X-Twilio-Email-Event-Webhook-Timestamp} value followed by the body. The
 * configured "secrets" are the verification keys shown in SendGrid's settings: base64 X.509 public keys (PEM
 * armour allowed); list two while rotating. The timestamp is checked against the tolerance (SendGrid's own
 * library does not check it). A body holds a batch of events, so the event id is the body's hash.
 */
public final class SendGridVerifier implements SignatureVerifier {

    static final String SIGNATURE_HEADER = "X-Twilio-Email-Event-Webhook-Signature";
    static final String TIMESTAMP_HEADER = "X-Twilio-Email-Event-Webhook-Timestamp";

    private final SignatureKeys keys;
    private final Tolerance tolerance;

    /** A verifier with this configuration and clock; a key that is not a P-256 public key is rejected. */
    public SendGridVerifier(SignatureConfig config, Clock clock) {
        this.keys = new SignatureKeys("SHA256withECDSA", PublicKeys.ecP256(config.secrets()));
        this.tolerance = new Tolerance(config.tolerance(), clock);
    }

    @Override
    public Verification verify(Headers headers, byte[] body) {
        Rejected problem = Rejections.checkSingle(headers, SIGNATURE_HEADER, TIMESTAMP_HEADER);
        if (problem != null) {
            return problem;
        }
        String timestamp = Rejections.single(headers, TIMESTAMP_HEADER);
        Verification time = tolerance.check(TIMESTAMP_HEADER, timestamp);
        if (time instanceof Rejected) {
            return time;
        }
        byte[] signature = Codecs.base64(Rejections.single(headers, SIGNATURE_HEADER));
        if (signature == null) {
            return Rejections.malformed(SIGNATURE_HEADER, "is not base64");
        }
        return keys.anyMatches(List.of(signature), timestamp.getBytes(UTF_8), body)
                ? time
                : Rejections.noMatch(SIGNATURE_HEADER);
    }
}
