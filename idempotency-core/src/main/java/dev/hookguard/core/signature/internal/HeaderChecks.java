package dev.hookguard.core.signature.internal;

import dev.hookguard.core.signature.Headers;
import dev.hookguard.core.signature.SignatureVerifier;
import dev.hookguard.core.signature.Verification.Rejected;
import java.util.Optional;

/**
 * The part of a scheme's verification that needs no body: signature headers present, the signed timestamp
 * within the tolerance. The verifiers' {@link SignatureVerifier#precheck} is built from these, so a request
 * that cannot pass is refused before its body is read (DESIGN.md §1, rule 7).
 */
public final class HeaderChecks {

    private static final Optional<Rejected> PASS = Optional.empty();

    private HeaderChecks() {}

    /** Passes when each header is present (with any number of values). */
    public static Optional<Rejected> present(Headers headers, String... names) {
        for (String name : names) {
            if (!headers.contains(name)) {
                return Optional.of(Rejections.missing(name));
            }
        }
        return PASS;
    }

    /** Passes when the header holds exactly one timestamp within the tolerance. */
    public static Optional<Rejected> timely(Headers headers, String header, Tolerance tolerance) {
        Rejected problem = Rejections.checkSingle(headers, header);
        if (problem != null) {
            return Optional.of(problem);
        }
        return tolerance.check(header, Rejections.single(headers, header)) instanceof Rejected late
                ? Optional.of(late)
                : PASS;
    }

    /** The first rejection of the checks, in order, or none. */
    @SafeVarargs
    public static Optional<Rejected> first(Optional<Rejected>... checks) {
        for (Optional<Rejected> check : checks) {
            if (check.isPresent()) {
                return check;
            }
        }
        return PASS;
    }
}
