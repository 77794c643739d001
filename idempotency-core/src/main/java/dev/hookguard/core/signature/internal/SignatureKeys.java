package dev.hookguard.core.signature.internal;

import java.security.GeneralSecurityException;
import java.security.PublicKey;
import java.security.Signature;
import java.util.List;

/**
 * The public keys of one asymmetric verifier and their signature algorithm ({@code Ed25519}, {@code
 * SHA256withECDSA}). A candidate that is not a well-formed signature counts as no match, never as an error.
 */
public final class SignatureKeys {

    private final String algorithm;
    private final List<PublicKey> keys;

    public SignatureKeys(String algorithm, List<PublicKey> keys) {
        this.algorithm = algorithm;
        this.keys = List.copyOf(keys);
    }

    public boolean isEmpty() {
        return keys.isEmpty();
    }

    /** Whether any candidate is a valid signature of the concatenated parts under any key. */
    public boolean anyMatches(List<byte[]> candidates, byte[]... parts) {
        boolean matched = false;
        for (PublicKey key : keys) {
            for (byte[] candidate : candidates) {
                matched |= verifies(key, candidate, parts);
            }
        }
        return matched;
    }

    private boolean verifies(PublicKey key, byte[] candidate, byte[]... parts) {
        try {
            Signature signature = Signature.getInstance(algorithm);
            signature.initVerify(key);
            for (byte[] part : parts) {
                signature.update(part);
            }
            return signature.verify(candidate);
        } catch (GeneralSecurityException | IllegalArgumentException | ArithmeticException e) {
            return false; // a malformed signature (bad DER, wrong length) is simply not a match
        }
    }
}
