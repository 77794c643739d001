package dev.hookguard.core.signature;

import com.fasterxml.jackson.core.JsonPointer;
import dev.hookguard.core.signature.internal.JsonField;

/** Where an event id is read from: a request header or a field of the JSON body. */
public sealed interface EventIdSource {

    /** A request header, such as {@code X-GitHub-Delivery}. */
    static EventIdSource header(String name) {
        return new Header(name);
    }

    /** A field of the JSON body, by RFC 6901 pointer: {@code /id} is the top-level {@code id} field only. */
    static EventIdSource jsonPointer(String pointer) {
        return new JsonField(pointer);
    }

    /**
     * The id is the value of this header. It must have one value (identical repeated lines count as one).
     *
     * @param name the header name, in any case
     */
    record Header(String name) implements EventIdSource {

        /** Checks that the name is a header name: visible ASCII without {@code ':'}. */
        public Header {
            Headers.requireName("name", name);
        }
    }

    /**
     * The id is the string or integer at this pointer in the JSON body, read by a streaming parser that stops
     * there.
     *
     * @param pointer an RFC 6901 JSON pointer to a field, such as {@code /id} or {@code /data/id}
     */
    record JsonField(String pointer) implements EventIdSource {

        /** Checks that the pointer is valid and points below the root. */
        public JsonField {
            if (pointer == null || pointer.isEmpty() || pointer.charAt(0) != '/') {
                throw new IllegalArgumentException(
                        "pointer must be a JSON pointer starting with '/' but was '" + pointer + "'");
            }
            try {
                JsonPointer.compile(pointer);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("pointer is not a valid JSON pointer: '" + pointer + "'", e);
            }
        }

        public JsonPointer compiled() {
            return JsonPointer.compile(pointer);
        }
    }
}
