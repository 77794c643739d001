package dev.hookguard.core.signature;

import dev.hookguard.core.signature.internal.Codecs;
import org.jspecify.annotations.Nullable;

/** How a signature is written into its header. */
public enum SignatureEncoding {
    /** Lower-case hex digits; upper case is not accepted, so that a signature has one spelling. */
    HEX,
    /** Standard base64 (RFC 4648 §4), padded when signing; padding optional, unused bits zero when verifying. */
    BASE64;

    /** The signature's bytes, or null when the text is not of this encoding. */
    public byte @Nullable [] decode(String text) {
        return this == HEX ? Codecs.hex(text) : Codecs.base64(text);
    }

    /** The signature as text. */
    public String encode(byte[] signature) {
        return this == HEX ? Codecs.toHex(signature) : Codecs.toBase64(signature);
    }
}
