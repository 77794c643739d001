package dev.hookguard.core.signature.internal.providers;

import static java.nio.charset.StandardCharsets.UTF_8;

import dev.hookguard.core.signature.Headers;
import dev.hookguard.core.signature.WebhookSigner;
import dev.hookguard.core.signature.internal.Codecs;
import dev.hookguard.core.signature.internal.Secrets;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.Signature;
import java.security.spec.PKCS8EncodedKeySpec;

/** The signers of the asymmetric schemes: Standard Webhooks {@code v1a} (Ed25519) and SendGrid (ECDSA P-256). */
public final class KeyPairSigners {

    /** The prefix of a Standard Webhooks Ed25519 private key. */
    static final String WHSK_PREFIX = "whsk_";

    /** The DER prefix of a PKCS#8 PrivateKeyInfo holding a 32-byte Ed25519 seed (RFC 8410). */
    private static final byte[] ED25519_PKCS8_PREFIX = {
        0x30, 0x2e, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20
    };

    private KeyPairSigners() {}

    /** {@code whsk_} followed by the base64 of the 32-byte seed, or of seed and public key (64 bytes). */
    static WebhookSigner standardWebhooks(String secret) {
        byte[] raw = Secrets.decodeOrEmpty(secret.substring(WHSK_PREFIX.length()));
        if (raw.length != 32 && raw.length != 64) {
            throw new IllegalArgumentException("secret must be 'whsk_' followed by the base64 of a 32-byte seed");
        }
        byte[] pkcs8 = new byte[ED25519_PKCS8_PREFIX.length + 32];
        System.arraycopy(ED25519_PKCS8_PREFIX, 0, pkcs8, 0, ED25519_PKCS8_PREFIX.length);
        System.arraycopy(raw, 0, pkcs8, ED25519_PKCS8_PREFIX.length, 32);
        PrivateKey key = privateKey("Ed25519", pkcs8);
        return (id, timestamp, body) -> {
            String seconds = Signers.seconds(timestamp);
            byte[] signature = sign("Ed25519", key, StandardWebhooksVerifier.signedHead(id, seconds), body);
            return Headers.of(
                    "webhook-id",
                    id,
                    "webhook-timestamp",
                    seconds,
                    "webhook-signature",
                    "v1a," + Codecs.toBase64(signature));
        };
    }

    /** The base64 PKCS#8 encoding of a P-256 private key, PEM armour allowed. */
    public static WebhookSigner sendGrid(String secret) {
        String base64 = Signers.requireSecret(secret)
                .replaceAll("-----[A-Z ]+-----", "")
                .replaceAll("\\s", "");
        PrivateKey key = privateKey("EC", Secrets.decodeOrEmpty(base64));
        return (id, timestamp, body) -> {
            String seconds = Signers.seconds(timestamp);
            byte[] signature = sign("SHA256withECDSA", key, seconds.getBytes(UTF_8), body);
            return Headers.of(
                    SendGridVerifier.SIGNATURE_HEADER,
                    Codecs.toBase64(signature),
                    SendGridVerifier.TIMESTAMP_HEADER,
                    seconds);
        };
    }

    private static PrivateKey privateKey(String algorithm, byte[] pkcs8) {
        try {
            return KeyFactory.getInstance(algorithm).generatePrivate(new PKCS8EncodedKeySpec(pkcs8));
        } catch (GeneralSecurityException | IllegalArgumentException e) {
            throw new IllegalArgumentException("secret is not a valid " + algorithm + " private key (base64 PKCS#8)");
        }
    }

    private static byte[] sign(String algorithm, PrivateKey key, byte[]... parts) {
        try {
            Signature signature = Signature.getInstance(algorithm);
            signature.initSign(key);
            for (byte[] part : parts) {
                signature.update(part);
            }
            return signature.sign();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("every Java 17 platform has " + algorithm, e);
        }
    }
}
