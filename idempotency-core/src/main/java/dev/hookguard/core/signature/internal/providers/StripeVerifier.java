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
import dev.hookguard.core.signature.internal.MacKeys;
import dev.hookguard.core.signature.internal.Rejections;
import dev.hookguard.core.signature.internal.Secrets;
import dev.hookguard.core.signature.internal.Tolerance;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Verifies <a href="https://docs.stripe.com/webhooks#verify-manually">Stripe's</a> scheme. The header {@code
 * Stripe-Signature: t=<seconds>,v1=<hex>[,v1=<hex>…]} carries one timestamp and one or more HMAC-SHA256
 * signatures of {@code t.body}; the delivery passes when any {@code v1} matches under any secret (Stripe
 * sends several while you roll a secret). Other schemes in the header ({@code v0}) are ignored, and a header
 * with only those is {@link RejectionReason#UNSUPPORTED_VERSION}. The key is the whole secret string,
 * {@code whsec_} included, as UTF-8. The event id is the body's top-level {@code id} field.
 */
public final class StripeVerifier implements SignatureVerifier {

    static final String HEADER = "Stripe-Signature";

    private final MacKeys keys;
    private final Tolerance tolerance;

    /** A verifier with this configuration and clock. */
    public StripeVerifier(SignatureConfig config, Clock clock) {
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
        List<String> signatures = new ArrayList<>();
        boolean otherSchemes = parse(values, timestamps, signatures);
        if (timestamps.size() != 1) {
            return Rejections.malformed(HEADER, "must hold exactly one t=<seconds>");
        }
        String timestamp = timestamps.iterator().next();
        Verification time = tolerance.check(HEADER + " t=", timestamp);
        if (time instanceof Rejected) {
            return time;
        }
        List<byte[]> candidates = new ArrayList<>();
        signatures.forEach(hex -> {
            byte[] decoded = Codecs.hex(hex);
            if (decoded != null) {
                candidates.add(decoded);
            }
        });
        Rejected tooMany = Rejections.tooMany(HEADER, candidates.size());
        if (tooMany != null) {
            return tooMany;
        }
        if (candidates.isEmpty()) {
            return otherSchemes && signatures.isEmpty()
                    ? Rejections.unsupported(HEADER, "v1")
                    : Rejections.malformed(HEADER, "holds no v1=<hex> signature");
        }
        return keys.anyMatches(candidates, signedHead(timestamp), body) ? time : Rejections.noMatch(HEADER);
    }

    /** {@code t.}, the part of the signed content before the body. */
    static byte[] signedHead(String timestamp) {
        return (timestamp + '.').getBytes(UTF_8);
    }

    /** Sorts the header's {@code key=value} items; true when it holds signatures of other schemes. */
    private static boolean parse(List<String> values, Set<String> timestamps, List<String> signatures) {
        boolean otherSchemes = false;
        for (String value : values) {
            for (String item : value.split(",")) {
                int equals = item.indexOf('=');
                String key =
                        equals < 0 ? item.strip() : item.substring(0, equals).strip();
                String rest = equals < 0 ? "" : item.substring(equals + 1).strip();
                switch (key) {
                    case "t" -> timestamps.add(rest);
                    case "v1" -> signatures.add(rest);
                    default -> otherSchemes |= key.startsWith("v");
                }
            }
        }
        return otherSchemes;
    }

    /** The {@code Stripe-Signature} header is present, with one {@code t=} within the tolerance. */
    @Override
    public Optional<Rejected> precheck(Headers headers) {
        List<String> values = headers.all(HEADER);
        if (values.isEmpty()) {
            return Optional.of(Rejections.missing(HEADER));
        }
        Set<String> timestamps = new LinkedHashSet<>();
        parse(values, timestamps, new ArrayList<>());
        if (timestamps.size() != 1) {
            return Optional.of(Rejections.malformed(HEADER, "must hold exactly one t=<seconds>"));
        }
        return tolerance.check(HEADER + " t=", timestamps.iterator().next()) instanceof Rejected late
                ? Optional.of(late)
                : Optional.empty();
    }
}
