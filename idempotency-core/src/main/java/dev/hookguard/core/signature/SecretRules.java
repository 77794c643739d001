package dev.hookguard.core.signature;

import dev.hookguard.core.signature.internal.PublicKeys;
import dev.hookguard.core.signature.internal.Secrets;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;

/**
 * Refuses configured secrets that cannot be the sender's real ones, so a mistake fails at start-up instead of
 * turning a placeholder or a typo into the signing key: an unresolved placeholder ({@code ${…}}), a key shorter
 * than {@value #MIN_KEY_BYTES} bytes (every provider issues longer ones), or a secret without the shape its
 * provider documents (Stripe: {@code whsec_…}; Standard Webhooks: base64, with an optional {@code whsec_}, or a
 * {@code whpk_} Ed25519 public key).
 * Messages name the secret's index, never its value.
 */
public final class SecretRules {

    /** The shortest key accepted, in bytes: 128 bits. */
    public static final int MIN_KEY_BYTES = 16;

    private static final String PREFIX = Secrets.WHSEC_PREFIX;

    private SecretRules() {}

    /**
     * Checks every secret for use with the scheme.
     *
     * @throws IllegalArgumentException naming {@code secrets[i]} and the problem, never the value
     */
    public static void require(Scheme scheme, List<String> secrets) {
        if (secrets == null || secrets.isEmpty()) {
            throw new IllegalArgumentException("secrets must hold at least one secret but was empty");
        }
        for (int i = 0; i < secrets.size(); i++) {
            requireOne(scheme, "secrets[" + i + "]", secrets.get(i));
        }
    }

    /**
     * The name inside the first {@code ${…}} of {@code secret}, without a {@code :default} part: the variable the
     * user has to set. It is the placeholder's own text, never part of a key.
     */
    private static String placeholderName(String secret) {
        int start = secret.indexOf("${") + 2;
        int end = secret.indexOf('}', start);
        String inside = end < 0 ? secret.substring(start) : secret.substring(start, end);
        int colon = inside.indexOf(':');
        String variable = (colon < 0 ? inside : inside.substring(0, colon)).strip();
        return variable.isEmpty() ? "…" : variable;
    }

    private static void requireOne(Scheme scheme, String name, String secret) {
        if (secret == null || secret.isBlank()) {
            throw new IllegalArgumentException(name + " must not be empty");
        }
        if (secret.contains("${")) {
            throw new IllegalArgumentException(name + " holds an unresolved placeholder '${" + placeholderName(secret)
                    + "}': set the environment variable or property " + placeholderName(secret)
                    + " (the literal text is not a secret)");
        }
        int keyBytes = switch (scheme) {
            case STANDARD_WEBHOOKS -> standardWebhooksKeyBytes(name, secret);
            case STRIPE -> stripeKeyBytes(name, secret);
            default -> secret.getBytes(StandardCharsets.UTF_8).length;
        };
        if (keyBytes < MIN_KEY_BYTES) {
            throw new IllegalArgumentException(name + " is too short: " + keyBytes + " bytes of key, at least "
                    + MIN_KEY_BYTES + " expected; use the secret the sender issued");
        }
    }

    /** The bytes after {@code whsec_}: Stripe's documented shape is {@code whsec_} and a random string. */
    private static int stripeKeyBytes(String name, String secret) {
        if (!secret.startsWith(PREFIX)) {
            throw new IllegalArgumentException(
                    name + " must start with '" + PREFIX + "', as Stripe endpoint secrets do");
        }
        return secret.substring(PREFIX.length()).getBytes(StandardCharsets.UTF_8).length;
    }

    /**
     * The decoded key after an optional {@code whsec_}, or after {@code whpk_} (a public key, whose shape {@link
     * PublicKeys} checks); a secret that is not base64 is refused.
     */
    private static int standardWebhooksKeyBytes(String name, String secret) {
        String encoded = secret.startsWith(PREFIX)
                ? secret.substring(PREFIX.length())
                : secret.startsWith(PublicKeys.WHPK_PREFIX)
                        ? secret.substring(PublicKeys.WHPK_PREFIX.length())
                        : secret;
        try {
            return Base64.getDecoder().decode(encoded).length;
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(name + " must be '" + PREFIX
                    + "' followed by non-empty base64, or bare base64, as Standard Webhooks secrets are");
        }
    }
}
