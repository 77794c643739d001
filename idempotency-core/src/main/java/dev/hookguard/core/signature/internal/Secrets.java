package dev.hookguard.core.signature.internal;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

/** Validation and decoding of configured secrets. Messages name the secret's index, never its value. */
public final class Secrets {

    /** The prefix of a Standard Webhooks secret. */
    public static final String WHSEC_PREFIX = "whsec_";

    private Secrets() {}

    /** A copy of the list, if it has at least one secret and none is null or empty. */
    public static List<String> requireValid(List<String> secrets) {
        if (secrets == null || secrets.isEmpty()) {
            throw new IllegalArgumentException("secrets must hold at least one secret but was empty");
        }
        for (int i = 0; i < secrets.size(); i++) {
            String secret = secrets.get(i);
            if (secret == null || secret.isEmpty()) {
                throw new IllegalArgumentException("secrets[" + i + "] must not be empty");
            }
        }
        return List.copyOf(secrets);
    }

    /** Each secret's UTF-8 bytes: the key of Stripe, GitHub, Shopify, Slack and the generic scheme. */
    public static List<byte[]> utf8Keys(List<String> secrets) {
        List<byte[]> keys = new ArrayList<>();
        secrets.forEach(secret -> keys.add(secret.getBytes(StandardCharsets.UTF_8)));
        return keys;
    }

    /**
     * The HMAC keys among Standard Webhooks secrets: each {@code whsec_<base64>} or bare base64 secret decoded;
     * {@code whpk_} public keys are left to {@link PublicKeys#ed25519}.
     */
    public static List<byte[]> whsecKeys(List<String> secrets) {
        List<byte[]> keys = new ArrayList<>();
        for (int i = 0; i < secrets.size(); i++) {
            if (!secrets.get(i).startsWith(PublicKeys.WHPK_PREFIX)) {
                keys.add(whsecKey("secrets[" + i + "]", secrets.get(i)));
            }
        }
        return keys;
    }

    /**
     * One Standard Webhooks secret's key: the base64 after {@code whsec_}, or the whole secret when it has no
     * prefix, as the reference libraries accept; {@code name} is used in the message of a bad one.
     */
    public static byte[] whsecKey(String name, String secret) {
        String encoded = secret.startsWith(WHSEC_PREFIX) ? secret.substring(WHSEC_PREFIX.length()) : secret;
        byte[] key = decodeOrEmpty(encoded);
        if (key.length == 0) {
            throw new IllegalArgumentException(name + " must be '" + WHSEC_PREFIX
                    + "' followed by non-empty base64, or bare base64 (the secret is not shown)");
        }
        return key;
    }

    /** The standard base64 decoding of the text, or no bytes when it is not base64. */
    public static byte[] decodeOrEmpty(String encoded) {
        try {
            return Base64.getDecoder().decode(encoded.strip());
        } catch (IllegalArgumentException e) {
            return new byte[0]; // the message must not quote the secret, so the decoder's is not passed on
        }
    }
}
