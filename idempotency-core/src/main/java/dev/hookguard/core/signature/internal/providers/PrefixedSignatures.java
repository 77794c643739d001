package dev.hookguard.core.signature.internal.providers;

import dev.hookguard.core.signature.Headers;
import dev.hookguard.core.signature.Verification;
import dev.hookguard.core.signature.internal.MacKeys;
import dev.hookguard.core.signature.internal.Rejections;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * Reads header values of the form {@code <label><signature>}, such as GitHub's {@code sha256=<hex>} or
 * Slack's {@code v0=<hex>}: each value of the header is one candidate. A value with another {@code word=}
 * label counts as another version; anything else is malformed.
 */
public final class PrefixedSignatures {

    private final String header;
    private final String prefix;
    private final Function<String, byte @Nullable []> decoder;

    PrefixedSignatures(String header, String prefix, Function<String, byte @Nullable []> decoder) {
        this.header = header;
        this.prefix = prefix;
        this.decoder = decoder;
    }

    /** {@code pass} when a candidate is the MAC of the parts under some key, else the rejection. */
    Verification check(Headers headers, MacKeys keys, Verification pass, byte[]... parts) {
        List<String> values = headers.all(header);
        if (values.isEmpty()) {
            return Rejections.missing(header);
        }
        List<byte[]> candidates = new ArrayList<>();
        boolean otherVersions = false;
        for (String value : values) {
            byte[] decoded = value.startsWith(prefix) ? decoder.apply(value.substring(prefix.length())) : null;
            if (decoded != null) {
                candidates.add(decoded);
            }
            otherVersions |= !value.startsWith(prefix) && isLabelled(value);
        }
        Verification.Rejected tooMany = Rejections.tooMany(header, candidates.size());
        if (tooMany != null) {
            return tooMany;
        }
        if (candidates.isEmpty()) {
            return otherVersions
                    ? Rejections.unsupported(header, "'" + prefix + "'")
                    : Rejections.malformed(
                            header,
                            "holds no decodable " + (prefix.isEmpty() ? "" : "'" + prefix + "' ") + "signature");
        }
        return keys.anyMatches(candidates, parts) ? pass : Rejections.noMatch(header);
    }

    /** Whether the value starts with a short alphanumeric label and {@code =}, like {@code sha1=} or {@code v1=}. */
    private static boolean isLabelled(String value) {
        int equals = value.indexOf('=');
        return equals > 0 && equals <= 16 && value.substring(0, equals).chars().allMatch(Character::isLetterOrDigit);
    }
}
