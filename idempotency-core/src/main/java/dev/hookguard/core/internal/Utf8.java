package dev.hookguard.core.internal;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import org.jspecify.annotations.Nullable;

/** Strict UTF-8 decoding of stored bodies, for views and exports that show a body as text only when it is text. */
public final class Utf8 {

    private Utf8() {}

    /** The bytes as UTF-8 text, or null when they are not valid UTF-8 (a binary body is shown another way). */
    public static @Nullable String textOrNull(byte[] body) {
        try {
            return StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(body))
                    .toString();
        } catch (CharacterCodingException e) {
            return null;
        }
    }
}
