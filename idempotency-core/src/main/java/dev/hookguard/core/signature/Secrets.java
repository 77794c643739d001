package dev.hookguard.core.signature;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

/** Validation and decoding of configured secrets. Messages name the secret's index, never its value. */
final class Secrets {

    /** The prefix of a Standard Webhooks secret. */
    static final String WHSEC_PREFIX = "whsec_";

    private Secrets() {}

    /** A copy of the list, if it has at least one secret and none is null or empty. */
    static List<String> requireValid(List<String> secrets) {
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
    static List<byte[]> utf8Keys(List<String> secrets) {
        List<byte[]> keys = new ArrayList<>();
        secrets.forEach(secret -> keys.add(secret.getBytes(StandardCharsets.UTF_8)));
        return keys;
    }

    /** Each secret's base64-decoded bytes after {@code whsec_}: the key of Standard Webhooks. */
    static List<byte[]> whsecKeys(List<String> secrets) {
        List<byte[]> keys = new ArrayList<>();
        for (int i = 0; i < secrets.size(); i++) {
            keys.add(whsecKey("secrets[" + i + "]", secrets.get(i)));
        }
        return keys;
    }

    /** One Standard Webhooks secret's key; {@code name} is used in the message of a bad one. */
    static byte[] whsecKey(String name, String secret) {
        if (!secret.startsWith(WHSEC_PREFIX)) {
            throw new IllegalArgumentException(name + " must start with '" + WHSEC_PREFIX + "'");
        }
        byte[] key;
        try {
            key = Base64.getDecoder().decode(secret.substring(WHSEC_PREFIX.length()));
        } catch (IllegalArgumentException e) {
            key = new byte[0]; // the message must not quote the secret, so the decoder's is not passed on
        }
        if (key.length == 0) {
            throw new IllegalArgumentException(name + " must be '" + WHSEC_PREFIX + "' followed by non-empty base64");
        }
        return key;
    }
}
