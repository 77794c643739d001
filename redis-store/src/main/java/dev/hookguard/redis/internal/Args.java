package dev.hookguard.redis.internal;

import java.nio.charset.StandardCharsets;
import java.time.Duration;

/** Script arguments as the scripts read them: ASCII decimal numbers, flags {@code 1}/{@code 0}, UTF-8 text. */
public final class Args {

    private Args() {}

    public static byte[] millis(Duration duration) {
        return number(duration.toMillis());
    }

    /** A decimal number, its ASCII digits written straight into the array (no intermediate string). */
    public static byte[] number(long value) {
        if (value == Long.MIN_VALUE) {
            return ascii(Long.toString(value));
        }
        long rest = Math.abs(value);
        int length = value < 0 ? 2 : 1;
        for (long left = rest / 10; left != 0; left /= 10) {
            length++;
        }
        byte[] digits = new byte[length];
        int at = length;
        do {
            digits[--at] = (byte) ('0' + rest % 10);
            rest /= 10;
        } while (rest != 0);
        if (value < 0) {
            digits[0] = '-';
        }
        return digits;
    }

    public static byte[] flag(boolean value) {
        return new byte[] {value ? (byte) '1' : (byte) '0'};
    }

    public static byte[] ascii(String text) {
        return text.getBytes(StandardCharsets.US_ASCII);
    }

    /** UTF-8 text; null as the empty string, which the scripts read as "none". */
    public static byte[] utf8(@org.jspecify.annotations.Nullable String text) {
        return text == null ? new byte[0] : text.getBytes(StandardCharsets.UTF_8);
    }
}
