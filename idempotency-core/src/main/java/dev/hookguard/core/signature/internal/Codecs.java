package dev.hookguard.core.signature.internal;

import java.util.Base64;
import java.util.HexFormat;
import org.jspecify.annotations.Nullable;

/**
 * Decoders for untrusted header values: null for anything undecodable, never an exception. They accept only
 * the canonical encoding of a value (lower-case hex; base64 whose unused trailing bits are zero), so that one
 * signature has exactly one spelling and any changed character changes the decoded bytes.
 */
public final class Codecs {

    private static final HexFormat HEX = HexFormat.of();

    private Codecs() {}

    /** The bytes of an even-length string of lower-case hex digits, or null. */
    public static byte @Nullable [] hex(String text) {
        if (text.isEmpty() || text.length() % 2 != 0) {
            return null;
        }
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) {
                return null;
            }
        }
        return HEX.parseHex(text);
    }

    /** The bytes of canonical standard base64, padded or not, or null. */
    public static byte @Nullable [] base64(String text) {
        if (text.isEmpty() || !isBase64Alphabet(text)) {
            return null;
        }
        byte[] decoded;
        try {
            decoded = Base64.getDecoder().decode(text);
        } catch (IllegalArgumentException e) {
            return null; // bad padding or length: the alphabet check cannot see those
        }
        Base64.Encoder encoder =
                text.endsWith("=") ? Base64.getEncoder() : Base64.getEncoder().withoutPadding();
        return encoder.encodeToString(decoded).equals(text) ? decoded : null;
    }

    /** Lower-case hex. */
    public static String toHex(byte[] bytes) {
        return HEX.formatHex(bytes);
    }

    /** Standard padded base64. */
    public static String toBase64(byte[] bytes) {
        return Base64.getEncoder().encodeToString(bytes);
    }

    private static boolean isBase64Alphabet(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            boolean ok = (c >= 'A' && c <= 'Z')
                    || (c >= 'a' && c <= 'z')
                    || (c >= '0' && c <= '9')
                    || c == '+'
                    || c == '/'
                    || c == '=';
            if (!ok) {
                return false;
            }
        }
        return true;
    }
}
