package dev.hookguard.console.internal;

import dev.hookguard.core.internal.Utf8;
import java.util.HexFormat;
import org.jspecify.annotations.Nullable;

/** How bodies are shown: as text when they are valid UTF-8, else (or on request) as hex. */
final class Bodies {

    private Bodies() {}

    /** The body as UTF-8 text, or null when it is not valid UTF-8. */
    static @Nullable String utf8(byte[] body) {
        return Utf8.textOrNull(body);
    }

    /** The body as lower-case hex, two digits per byte. */
    static String hex(byte[] body) {
        return HexFormat.of().formatHex(body);
    }
}
