package dev.hookguard.console.internal;

import dev.hookguard.console.ConsoleAuthorizer.Operator;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.jspecify.annotations.Nullable;

/**
 * The console's CSRF tokens: an HMAC-SHA256 of the operator's name under a server key, so that no session is
 * needed and every node that shares the key accepts the token. The page reads its token from {@code GET
 * api/session} (a same-origin read another site cannot make) and sends it in {@value #HEADER} with every
 * write; a forged cross-site form can set neither the header nor the credentials.
 */
public final class CsrfTokens {

    /** The request header that carries the token. */
    static final String HEADER = "X-Hookguard-Csrf";
    /** Shortest accepted key: 32 bytes. */
    public static final int MIN_KEY_BYTES = 32;

    private final SecretKeySpec key;

    CsrfTokens(byte[] key) {
        if (key.length < MIN_KEY_BYTES) {
            throw new IllegalArgumentException(
                    "csrfKey must be at least " + MIN_KEY_BYTES + " bytes but was " + key.length + " bytes");
        }
        this.key = new SecretKeySpec(key.clone(), "HmacSHA256");
    }

    /** A fresh random key, for a single node (tokens change when it restarts; the page fetches a new one). */
    public static byte[] randomKey() {
        byte[] key = new byte[MIN_KEY_BYTES];
        new SecureRandom().nextBytes(key);
        return key;
    }

    /** The operator's token. */
    String tokenFor(Operator operator) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(key);
            byte[] digest = mac.doFinal(operator.name().getBytes(StandardCharsets.UTF_8));
            return Base64.getUrlEncoder().withoutPadding().encodeToString(digest);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("every Java platform has HmacSHA256", e);
        }
    }

    /** True when the presented token is the operator's, compared in constant time. */
    boolean accepts(Operator operator, @Nullable String presented) {
        if (presented == null) {
            return false;
        }
        return MessageDigest.isEqual(
                tokenFor(operator).getBytes(StandardCharsets.US_ASCII), presented.getBytes(StandardCharsets.UTF_8));
    }
}
