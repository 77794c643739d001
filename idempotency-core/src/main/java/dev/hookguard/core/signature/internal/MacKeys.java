package dev.hookguard.core.signature.internal;

import dev.hookguard.core.signature.GenericHmacConfig.HmacAlgorithm;
import java.security.MessageDigest;
import java.util.List;
import javax.crypto.Mac;

/**
 * The keys of one verifier and the algorithm they are used with. Checks candidate signatures against every key,
 * in constant time per comparison ({@link MessageDigest#isEqual}).
 *
 * <p>Each key's {@link Mac} is prepared once ({@code getInstance} and {@code init}) and cloned per verification,
 * which copies its precomputed inner and outer pads: a verification does no provider lookup and no key
 * schedule, only the MAC over the signed bytes. The prototypes are never updated, so concurrent clones are safe.
 */
public final class MacKeys {

    private final HmacAlgorithm algorithm;
    private final List<byte[]> keys;
    private final List<Mac> prototypes;

    public MacKeys(HmacAlgorithm algorithm, List<byte[]> keys) {
        this.algorithm = algorithm;
        this.keys = keys.stream().map(byte[]::clone).toList();
        this.prototypes = this.keys.stream().map(algorithm::prepared).toList();
    }

    /** Whether any candidate equals the MAC of the concatenated parts under any key. */
    public boolean anyMatches(List<byte[]> candidates, byte[]... parts) {
        if (candidates.isEmpty()) {
            return false;
        }
        boolean matched = false;
        for (int i = 0; i < prototypes.size(); i++) {
            byte[] expected = mac(i, parts);
            for (int c = 0; c < candidates.size(); c++) { // indexed: no iterator per delivery
                matched |= MessageDigest.isEqual(expected, candidates.get(c));
            }
        }
        return matched;
    }

    /**
     * Whether the candidate equals the MAC, under any key, of what {@code input} feeds: for signed content that is
     * not one array, such as Twilio's form parameters fed slice by slice from a decoding buffer.
     */
    public boolean anyMatches(byte[] candidate, Input input) {
        boolean matched = false;
        for (int i = 0; i < prototypes.size(); i++) {
            Mac mac = fresh(i);
            input.feed(mac);
            matched |= MessageDigest.isEqual(mac.doFinal(), candidate);
        }
        return matched;
    }

    /** Signed content fed to a {@link Mac} part by part. */
    @FunctionalInterface
    public interface Input {
        /** Calls {@code update} on the MAC with every part, in order. */
        void feed(Mac mac);
    }

    private byte[] mac(int index, byte[]... parts) {
        Mac mac = fresh(index);
        for (byte[] part : parts) {
            mac.update(part);
        }
        return mac.doFinal();
    }

    /** A clone of key {@code index}'s prepared {@code Mac}, or a new one where the provider cannot clone. */
    private Mac fresh(int index) {
        try {
            return (Mac) prototypes.get(index).clone();
        } catch (CloneNotSupportedException e) {
            return algorithm.prepared(keys.get(index));
        }
    }
}
