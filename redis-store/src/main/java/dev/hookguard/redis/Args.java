package dev.hookguard.redis;

import java.nio.charset.StandardCharsets;
import java.time.Duration;

/** Script arguments as the scripts read them: ASCII decimal numbers, flags {@code 1}/{@code 0}, UTF-8 text. */
final class Args {

    private Args() {}

    static byte[] millis(Duration duration) {
        return number(duration.toMillis());
    }

    static byte[] number(long value) {
        return ascii(Long.toString(value));
    }

    static byte[] flag(boolean value) {
        return ascii(value ? "1" : "0");
    }

    static byte[] ascii(String text) {
        return text.getBytes(StandardCharsets.US_ASCII);
    }

    /** UTF-8 text; null as the empty string, which the scripts read as "none". */
    static byte[] utf8(@org.jspecify.annotations.Nullable String text) {
        return text == null ? new byte[0] : text.getBytes(StandardCharsets.UTF_8);
    }
}
