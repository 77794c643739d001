package dev.hookguard.core.signature.internal;

import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PublicKey;
import java.security.interfaces.ECPublicKey;
import java.security.spec.X509EncodedKeySpec;
import java.util.ArrayList;
import java.util.List;

/**
 * Parses configured public keys; the messages name the key's index, never its value. The JDK has Ed25519 (since
 * 15) and ECDSA P-256 built in, so no provider is needed.
 */
public final class PublicKeys {

    /** The prefix of a Standard Webhooks Ed25519 public key. */
    public static final String WHPK_PREFIX = "whpk_";

    /** The DER prefix of an X.509 SubjectPublicKeyInfo holding a 32-byte Ed25519 key (RFC 8410). */
    private static final byte[] ED25519_SPKI_PREFIX = {
        0x30, 0x2a, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x03, 0x21, 0x00
    };

    private PublicKeys() {}

    /** The {@code whpk_<base64 of 32 bytes>} entries of the list, as Ed25519 keys. */
    public static List<PublicKey> ed25519(List<String> secrets) {
        List<PublicKey> keys = new ArrayList<>();
        for (int i = 0; i < secrets.size(); i++) {
            if (secrets.get(i).startsWith(WHPK_PREFIX)) {
                keys.add(ed25519("secrets[" + i + "]", secrets.get(i).substring(WHPK_PREFIX.length())));
            }
        }
        return keys;
    }

    /** Each entry as an ECDSA P-256 public key: base64 of its X.509 encoding, with or without PEM armour. */
    public static List<PublicKey> ecP256(List<String> secrets) {
        List<PublicKey> keys = new ArrayList<>();
        for (int i = 0; i < secrets.size(); i++) {
            keys.add(ecP256("secrets[" + i + "]", secrets.get(i)));
        }
        return keys;
    }

    private static PublicKey ed25519(String name, String encoded) {
        byte[] raw = Secrets.decodeOrEmpty(encoded);
        if (raw.length != 32) {
            throw new IllegalArgumentException(name + " must be 'whpk_' followed by the base64 of a 32-byte key");
        }
        byte[] spki = new byte[ED25519_SPKI_PREFIX.length + raw.length];
        System.arraycopy(ED25519_SPKI_PREFIX, 0, spki, 0, ED25519_SPKI_PREFIX.length);
        System.arraycopy(raw, 0, spki, ED25519_SPKI_PREFIX.length, raw.length);
        return decode(name, "Ed25519", spki);
    }

    private static PublicKey ecP256(String name, String text) {
        String base64 = text.replaceAll("-----[A-Z ]+-----", "").replaceAll("\\s", "");
        PublicKey key = decode(name, "EC", Secrets.decodeOrEmpty(base64));
        if (!(key instanceof ECPublicKey ec)
                || ec.getParams().getCurve().getField().getFieldSize() != 256) {
            throw new IllegalArgumentException(name + " must be an ECDSA P-256 public key");
        }
        return key;
    }

    private static PublicKey decode(String name, String algorithm, byte[] spki) {
        try {
            return KeyFactory.getInstance(algorithm).generatePublic(new X509EncodedKeySpec(spki));
        } catch (GeneralSecurityException | IllegalArgumentException e) {
            throw new IllegalArgumentException(name + " is not a valid " + algorithm + " public key (base64 X.509)");
        }
    }
}
