package dev.hookguard.core.signature;

import java.security.MessageDigest;
import java.util.List;

/**
 * The decoded keys of one verifier and the algorithm they are used with. Checks candidate signatures against
 * every key, in constant time per comparison ({@link MessageDigest#isEqual}).
 */
final class MacKeys {

    private final HmacAlgorithm algorithm;
    private final List<byte[]> keys;

    MacKeys(HmacAlgorithm algorithm, List<byte[]> keys) {
        this.algorithm = algorithm;
        this.keys = keys.stream().map(byte[]::clone).toList();
    }

    /** Whether any candidate equals the MAC of the concatenated parts under any key. */
    boolean anyMatches(List<byte[]> candidates, byte[]... parts) {
        if (candidates.isEmpty()) {
            return false;
        }
        boolean matched = false;
        for (byte[] key : keys) {
            byte[] expected = algorithm.mac(key, parts);
            for (byte[] candidate : candidates) {
                matched |= MessageDigest.isEqual(expected, candidate);
            }
        }
        return matched;
    }
}
