package dev.hookguard.core.signature.internal.providers;

import static java.nio.charset.StandardCharsets.UTF_8;

import dev.hookguard.core.signature.EventIdExtractor;
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
import dev.hookguard.core.signature.internal.PublicKeys;
import dev.hookguard.core.signature.internal.Rejections;
import dev.hookguard.core.signature.internal.Secrets;
import dev.hookguard.core.signature.internal.SignatureKeys;
import dev.hookguard.core.signature.internal.Tolerance;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Verifies the <a href="https://www.standardwebhooks.com/">Standard Webhooks</a> scheme, which Svix also
 * sends. The headers are {@code webhook-id}, {@code webhook-timestamp} and {@code webhook-signature}, or the
 * same three with the {@code svix-} prefix: the {@code webhook-} family is used unless only {@code svix-id} is
 * present, never a mix. {@link EventIdExtractor} follows the same rule, so the id deduplicated on is always the
 * id that was signed.
 *
 * <p>The signature header is a space-separated list of {@code v1,<base64>} (HMAC-SHA256) and {@code
 * v1a,<base64>} (Ed25519) entries over {@code id.timestamp.body}; the delivery passes when any entry verifies
 * under any configured secret or key. Secrets are {@code whsec_<base64>} or bare base64 (the key is the decoded
 * bytes), public keys {@code whpk_<base64>}; both may be configured together. Entries of a version for which no
 * secret or key is configured are skipped; a header with only those is {@link
 * RejectionReason#UNSUPPORTED_VERSION}.
 */
public final class StandardWebhooksVerifier implements SignatureVerifier {

    private static final String SYMMETRIC = "v1";
    private static final String ASYMMETRIC = "v1a";

    private final MacKeys macKeys;
    private final SignatureKeys publicKeys;
    private final boolean hasMacKeys;
    private final Tolerance tolerance;

    /** A verifier with this configuration and clock; a secret or key of the wrong form is rejected. */
    public StandardWebhooksVerifier(SignatureConfig config, Clock clock) {
        List<byte[]> secrets = Secrets.whsecKeys(config.secrets());
        this.hasMacKeys = !secrets.isEmpty();
        this.macKeys = new MacKeys(HmacAlgorithm.HMAC_SHA256, secrets);
        this.publicKeys = new SignatureKeys("Ed25519", PublicKeys.ed25519(config.secrets()));
        this.tolerance = new Tolerance(config.tolerance(), clock);
    }

    @Override
    public Verification verify(Headers headers, byte[] body) {
        String family = !headers.contains("webhook-id") && headers.contains("svix-id") ? "svix-" : "webhook-";
        String idHeader = family + "id";
        String timestampHeader = family + "timestamp";
        String signatureHeader = family + "signature";
        Rejected problem = Rejections.checkSingle(headers, idHeader, timestampHeader);
        if (problem != null) {
            return problem;
        }
        if (!headers.contains(signatureHeader)) {
            return Rejections.missing(signatureHeader);
        }
        String timestamp = Rejections.single(headers, timestampHeader);
        Verification time = tolerance.check(timestampHeader, timestamp);
        if (time instanceof Rejected) {
            return time;
        }
        byte[] head = signedHead(Rejections.single(headers, idHeader), timestamp);
        return checkSignatures(headers.all(signatureHeader), signatureHeader, head, body, time);
    }

    /** {@code id.timestamp.}, the part of the signed content before the body. */
    static byte[] signedHead(String id, String timestamp) {
        return (id + '.' + timestamp + '.').getBytes(UTF_8);
    }

    private Verification checkSignatures(
            List<String> values, String header, byte[] head, byte[] body, Verification time) {
        List<byte[]> macs = new ArrayList<>();
        List<byte[]> signatures = new ArrayList<>();
        boolean otherVersions = false;
        for (String value : values) {
            for (String entry : value.split(" ")) {
                int comma = entry.indexOf(',');
                String version = comma <= 0 ? "" : entry.substring(0, comma);
                List<byte[]> into = version.equals(SYMMETRIC) && hasMacKeys
                        ? macs
                        : version.equals(ASYMMETRIC) && !publicKeys.isEmpty() ? signatures : null;
                if (into == null) {
                    otherVersions |= comma > 0;
                    continue;
                }
                byte[] decoded = Codecs.base64(entry.substring(comma + 1));
                if (decoded != null) {
                    into.add(decoded);
                }
            }
        }
        Rejected tooMany = Rejections.tooMany(header, macs.size() + signatures.size());
        if (tooMany != null) {
            return tooMany;
        }
        if (macs.isEmpty() && signatures.isEmpty()) {
            String expected = hasMacKeys ? SYMMETRIC : ASYMMETRIC;
            return otherVersions
                    ? Rejections.unsupported(header, expected)
                    : Rejections.malformed(header, "holds no '" + expected + ",<base64>' entry");
        }
        boolean matched = macKeys.anyMatches(macs, head, body) | publicKeys.anyMatches(signatures, head, body);
        return matched ? time : Rejections.noMatch(header);
    }

    /** The id, timestamp and signature headers of one family are present, the timestamp within the tolerance. */
    @Override
    public Optional<Rejected> precheck(Headers headers) {
        String family = headers.contains("webhook-id") ? "webhook-" : "svix-";
        return HeaderChecks.first(
                HeaderChecks.present(headers, family + "id", family + "signature"),
                HeaderChecks.timely(headers, family + "timestamp", tolerance));
    }
}
