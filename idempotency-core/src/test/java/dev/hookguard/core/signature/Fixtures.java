package dev.hookguard.core.signature;

import static java.nio.charset.StandardCharsets.UTF_8;

import dev.hookguard.core.signature.Verification.RejectionReason;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import org.jspecify.annotations.Nullable;

/** Shared helpers of the signature tests: fixed clocks, bit flips and rejection reasons. */
public final class Fixtures {

    private Fixtures() {}

    /** A clock standing still at this epoch second. */
    public static Clock clockAt(long epochSecond) {
        return Clock.fixed(Instant.ofEpochSecond(epochSecond), ZoneOffset.UTC);
    }

    public static byte[] utf8(String text) {
        return text.getBytes(UTF_8);
    }

    /** A copy of the bytes with bit {@code bit % 8} of byte {@code bit / 8} flipped. */
    public static byte[] flip(byte[] bytes, int bit) {
        byte[] flipped = bytes.clone();
        flipped[bit / 8] ^= (byte) (1 << (bit % 8));
        return flipped;
    }

    /** The string with bit {@code bit % 8} of character {@code bit / 8} flipped. */
    public static String flip(String text, int bit) {
        char[] chars = text.toCharArray();
        chars[bit / 8] ^= (char) (1 << (bit % 8));
        return new String(chars);
    }

    /** The reason of a rejection, or null when the delivery was verified. */
    public static @Nullable RejectionReason reasonOf(Verification verification) {
        return verification instanceof Verification.Rejected rejected ? rejected.reason() : null;
    }

    /** The message of a rejection, or empty when the delivery was verified. */
    public static String messageOf(Verification verification) {
        return verification instanceof Verification.Rejected rejected ? rejected.message() : "";
    }
}
