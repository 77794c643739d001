package dev.hookguard.core.signature;

import java.security.GeneralSecurityException;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/** The MAC algorithms a scheme may use; every Java platform provides all three. */
public enum HmacAlgorithm {
    /** HMAC with SHA-1: 20-byte signatures. Only for senders that still use it (Twilio, Intercom). */
    HMAC_SHA1("HmacSHA1"),
    /** HMAC with SHA-256: 32-byte signatures. Most provider schemes use it. */
    HMAC_SHA256("HmacSHA256"),
    /** HMAC with SHA-512: 64-byte signatures. */
    HMAC_SHA512("HmacSHA512");

    private final String jcaName;

    HmacAlgorithm(String jcaName) {
        this.jcaName = jcaName;
    }

    /** A {@link Mac} of this algorithm initialised with the key, to be cloned and never updated itself. */
    public Mac prepared(byte[] key) {
        try {
            Mac mac = Mac.getInstance(jcaName);
            mac.init(new SecretKeySpec(key, jcaName));
            return mac;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("every Java platform has " + jcaName + " and accepts non-empty keys", e);
        }
    }

    /** The MAC of the concatenated parts under this key. */
    public byte[] mac(byte[] key, byte[]... parts) {
        try {
            Mac mac = Mac.getInstance(jcaName);
            mac.init(new SecretKeySpec(key, jcaName));
            for (byte[] part : parts) {
                mac.update(part);
            }
            return mac.doFinal();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("every Java platform has " + jcaName + " and accepts non-empty keys", e);
        }
    }
}
