package dev.hookguard.core.signature.internal;

import static dev.hookguard.core.signature.Verification.RejectionReason.MALFORMED_HEADER;
import static dev.hookguard.core.signature.Verification.RejectionReason.MISSING_HEADER;
import static dev.hookguard.core.signature.Verification.RejectionReason.NO_MATCHING_SIGNATURE;
import static dev.hookguard.core.signature.Verification.RejectionReason.UNSUPPORTED_VERSION;

import dev.hookguard.core.signature.Headers;
import dev.hookguard.core.signature.Verification.Rejected;
import java.util.List;
import org.jspecify.annotations.Nullable;

/** The rejections the verifiers share, and the rule for headers that must carry exactly one value. */
public final class Rejections {

    /**
     * The most signatures one delivery may carry. Senders put one per active secret (two while rotating); a cap
     * keeps the work per delivery proportional to the body alone, not to the number of entries an attacker
     * packs into a header.
     */
    public static final int MAX_SIGNATURES = 8;

    private Rejections() {}

    /** Null when the count is within {@link #MAX_SIGNATURES}, else the malformed-header rejection. */
    public static @Nullable Rejected tooMany(String header, int signatures) {
        return signatures > MAX_SIGNATURES
                ? malformed(header, "holds more than " + MAX_SIGNATURES + " signatures")
                : null;
    }

    public static Rejected missing(String header) {
        return new Rejected(MISSING_HEADER, header + " header is missing");
    }

    public static Rejected malformed(String header, String problem) {
        return new Rejected(MALFORMED_HEADER, header + " header " + problem);
    }

    public static Rejected noMatch(String header) {
        return new Rejected(NO_MATCHING_SIGNATURE, "no signature in the " + header + " header matches the request");
    }

    public static Rejected unsupported(String header, String expected) {
        return new Rejected(UNSUPPORTED_VERSION, header + " header carries no " + expected + " signature");
    }

    /**
     * Null when each header has exactly one non-empty value (repeated identical lines count as one), else the
     * rejection of the first that has not: missing, or malformed when empty or ambiguous.
     */
    public static @Nullable Rejected checkSingle(Headers headers, String... names) {
        for (String name : names) {
            Rejected problem = checkOne(headers, name);
            if (problem != null) {
                return problem;
            }
        }
        return null;
    }

    private static @Nullable Rejected checkOne(Headers headers, String header) {
        List<String> values = headers.all(header);
        if (values.isEmpty()) {
            return missing(header);
        }
        if (values.size() > 1 && values.stream().distinct().count() > 1) {
            return malformed(header, "has several different values");
        }
        if (values.get(0).isBlank()) {
            return malformed(header, "is empty");
        }
        return null;
    }

    /** The value of a header that passed {@link #checkSingle}. */
    public static String single(Headers headers, String header) {
        return headers.all(header).get(0);
    }
}
