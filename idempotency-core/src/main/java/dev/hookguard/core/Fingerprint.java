package dev.hookguard.core;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * The SHA-256 of a delivery's raw body (or of a configured part of it), as 64 lower-case hex digits. Two
 * deliveries with the same event id and different fingerprints are a {@link ClaimOutcome.Mismatch}.
 *
 * @param hex 64 lower-case hex digits
 */
public record Fingerprint(String hex) {

    private static final int SHA256_HEX_LENGTH = 64;

    /** Checks the form; anything but 64 lower-case hex digits is an {@link IllegalArgumentException}. */
    public Fingerprint {
        if (!isSha256Hex(hex)) {
            throw new IllegalArgumentException(
                    "fingerprint must be 64 lower-case hex digits (SHA-256) but was '" + hex + "'");
        }
    }

    /** The fingerprint of these bytes. */
    public static Fingerprint of(byte[] body) {
        return new Fingerprint(sha256Hex(body));
    }

    /** The lower-case hex SHA-256 of these bytes; also the fallback event id of a delivery without one. */
    public static String sha256Hex(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }

    @Override
    public String toString() {
        return hex;
    }

    /** 64 lower-case hex digits, checked without a regular expression (no matcher per event). */
    private static boolean isSha256Hex(String hex) {
        if (hex == null || hex.length() != SHA256_HEX_LENGTH) {
            return false;
        }
        for (int i = 0; i < SHA256_HEX_LENGTH; i++) {
            char c = hex.charAt(i);
            if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) {
                return false;
            }
        }
        return true;
    }
}
