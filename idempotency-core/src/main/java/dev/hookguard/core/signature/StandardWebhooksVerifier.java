package dev.hookguard.core.signature;

import static java.nio.charset.StandardCharsets.UTF_8;

import dev.hookguard.core.signature.Verification.Rejected;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Verifies the <a href="https://www.standardwebhooks.com/">Standard Webhooks</a> scheme, which Svix also
 * sends. The headers are {@code webhook-id}, {@code webhook-timestamp} and {@code webhook-signature}, or the
 * same three with the {@code svix-} prefix: the {@code webhook-} family is used when {@code webhook-id} is
 * present, else the {@code svix-} family, never a mix. {@link EventIdExtractor} follows the same rule, so the
 * id deduplicated on is always the id that was signed.
 *
 * <p>The signature header is a space-separated list of {@code v1,<base64>} entries; the delivery passes when
 * any entry is the HMAC-SHA256 of {@code id.timestamp.body} under any secret. Entries of other versions (such
 * as the asymmetric {@code v1a}) are skipped; a header with only those is {@link
 * RejectionReason#UNSUPPORTED_VERSION}. Secrets are {@code whsec_} followed by base64; the key is the decoded
 * bytes.
 */
public final class StandardWebhooksVerifier implements SignatureVerifier {

    private static final String VERSION = "v1";

    private final MacKeys keys;
    private final Tolerance tolerance;

    /** A verifier with this configuration and clock; a secret that is not {@code whsec_<base64>} is rejected. */
    public StandardWebhooksVerifier(SignatureConfig config, Clock clock) {
        this.keys = new MacKeys(HmacAlgorithm.HMAC_SHA256, Secrets.whsecKeys(config.secrets()));
        this.tolerance = new Tolerance(config.tolerance(), clock);
    }

    @Override
    public Verification verify(Headers headers, byte[] body) {
        String family = headers.contains("webhook-id") ? "webhook-" : "svix-";
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
        List<byte[]> candidates = new ArrayList<>();
        boolean otherVersions = false;
        for (String value : values) {
            for (String entry : value.split(" ")) {
                int comma = entry.indexOf(',');
                if (comma <= 0) {
                    continue;
                }
                if (!entry.substring(0, comma).equals(VERSION)) {
                    otherVersions = true;
                    continue;
                }
                byte[] decoded = Codecs.base64(entry.substring(comma + 1));
                if (decoded != null) {
                    candidates.add(decoded);
                }
            }
        }
        if (candidates.isEmpty()) {
            return otherVersions
                    ? Rejections.unsupported(header, "v1")
                    : Rejections.malformed(header, "holds no 'v1,<base64>' entry");
        }
        return keys.anyMatches(candidates, head, body) ? time : Rejections.noMatch(header);
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
