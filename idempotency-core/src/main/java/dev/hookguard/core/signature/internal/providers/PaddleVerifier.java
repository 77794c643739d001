package dev.hookguard.core.signature.internal.providers;

import static java.nio.charset.StandardCharsets.UTF_8;

import dev.hookguard.core.signature.GenericHmacConfig.HmacAlgorithm;
import dev.hookguard.core.signature.Headers;
import dev.hookguard.core.signature.SignatureConfig;
import dev.hookguard.core.signature.SignatureVerifier;
import dev.hookguard.core.signature.Verification;
import dev.hookguard.core.signature.Verification.Rejected;
import dev.hookguard.core.signature.internal.Codecs;
import dev.hookguard.core.signature.internal.MacKeys;
import dev.hookguard.core.signature.internal.Rejections;
import dev.hookguard.core.signature.internal.Secrets;
import dev.hookguard.core.signature.internal.Tolerance;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Verifies <a href="https://developer.paddle.com/webhooks/signature-verification">Paddle Billing's</a> scheme:
 * {@code Paddle-Signature: ts=<seconds>;h1=<hex>[;h1=<hex>…]}, the HMAC-SHA256 of {@code ts:body} under the
 * notification destination's secret key as UTF-8. The delivery passes when any {@code h1} matches under any
 * secret; an {@code h1} that is not hex is skipped (Paddle's SDKs do the same). The event id is the body's
 * top-level {@code event_id}, which the signature covers. Paddle's SDKs default to a 5 s tolerance; Hookguard
 * keeps its 300 s default, set {@code tolerance} to tighten it.
 */
public final class PaddleVerifier implements SignatureVerifier {

    static final String HEADER = "Paddle-Signature";

    private final MacKeys keys;
    private final Tolerance tolerance;

    /** A verifier with this configuration and clock. */
    public PaddleVerifier(SignatureConfig config, Clock clock) {
        this.keys = new MacKeys(HmacAlgorithm.HMAC_SHA256, Secrets.utf8Keys(config.secrets()));
        this.tolerance = new Tolerance(config.tolerance(), clock);
    }

    @Override
    public Verification verify(Headers headers, byte[] body) {
        List<String> values = headers.all(HEADER);
        if (values.isEmpty()) {
            return Rejections.missing(HEADER);
        }
        Set<String> timestamps = new LinkedHashSet<>();
        List<byte[]> candidates = new ArrayList<>();
        for (String value : values) {
            for (String item : value.split(";")) {
                int equals = item.indexOf('=');
                String key =
                        equals < 0 ? item.strip() : item.substring(0, equals).strip();
                String rest = equals < 0 ? "" : item.substring(equals + 1).strip();
                if (key.equals("ts")) {
                    timestamps.add(rest);
                } else if (key.equals("h1") && Codecs.hex(rest) != null) {
                    candidates.add(Codecs.hex(rest));
                }
            }
        }
        if (timestamps.size() != 1) {
            return Rejections.malformed(HEADER, "must hold exactly one ts=<seconds>");
        }
        String timestamp = timestamps.iterator().next();
        Verification time = tolerance.check(HEADER + " ts=", timestamp);
        if (time instanceof Rejected) {
            return time;
        }
        Rejected tooMany = Rejections.tooMany(HEADER, candidates.size());
        if (tooMany != null) {
            return tooMany;
        }
        if (candidates.isEmpty()) {
            return Rejections.malformed(HEADER, "holds no h1=<hex> signature");
        }
        return keys.anyMatches(candidates, signedHead(timestamp), body) ? time : Rejections.noMatch(HEADER);
    }

    /** {@code ts:}, the part of the signed content before the body. */
    static byte[] signedHead(String timestamp) {
        return (timestamp + ':').getBytes(UTF_8);
    }
}
