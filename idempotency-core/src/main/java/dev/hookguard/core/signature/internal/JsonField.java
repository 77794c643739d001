package dev.hookguard.core.signature.internal;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonPointer;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;

/**
 * Finds one field of a JSON body with Jackson's streaming parser. It walks only the path of the pointer,
 * skipping every other subtree, and stops at the field: the payload is never bound and the rest of it is
 * never read. {@code /id} therefore only matches a top-level {@code id}, never one nested deeper. When a
 * name occurs twice in one object, the first occurrence counts. A body that is not JSON, or breaks off before
 * the field, simply has no such field.
 */
public final class JsonField {

    private static final JsonFactory FACTORY = new JsonFactory();

    /** What the lookup found. */
    sealed interface Lookup {}

    /** The field holds a string or an integer; an integer is given in its JSON text. */
    record Found(String value) implements Lookup {}

    /** The body has no such field, or is not JSON up to it. */
    record Absent() implements Lookup {}

    /** The field holds something else: an object, an array, a fraction, a boolean or null. */
    record NotScalar(JsonToken token) implements Lookup {}

    private JsonField() {}

    /** Looks up the pointer's field in the body. */
    static Lookup find(byte[] body, JsonPointer pointer) {
        try (JsonParser parser = FACTORY.createParser(body)) {
            return descend(parser, parser.nextToken(), pointer);
        } catch (IOException e) {
            return new Absent(); // not JSON, not decodable, too deep or too long before the field
        }
    }

    private static Lookup descend(JsonParser parser, JsonToken token, JsonPointer pointer) throws IOException {
        if (token == null) {
            return new Absent();
        }
        if (pointer.matches()) {
            return valueOf(parser, token);
        }
        if (token == JsonToken.START_OBJECT) {
            return inObject(parser, pointer);
        }
        if (token == JsonToken.START_ARRAY && pointer.mayMatchElement()) {
            return inArray(parser, pointer);
        }
        return new Absent();
    }

    private static Lookup inObject(JsonParser parser, JsonPointer pointer) throws IOException {
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            JsonPointer tail = pointer.matchProperty(parser.currentName());
            JsonToken value = parser.nextToken();
            if (tail != null) {
                return descend(parser, value, tail);
            }
            parser.skipChildren();
        }
        return new Absent();
    }

    private static Lookup inArray(JsonParser parser, JsonPointer pointer) throws IOException {
        int index = 0;
        for (JsonToken element = parser.nextToken();
                element != null && element != JsonToken.END_ARRAY;
                element = parser.nextToken()) {
            JsonPointer tail = pointer.matchElement(index++);
            if (tail != null) {
                return descend(parser, element, tail);
            }
            parser.skipChildren();
        }
        return new Absent();
    }

    private static Lookup valueOf(JsonParser parser, JsonToken token) throws IOException {
        return switch (token) {
            case VALUE_STRING, VALUE_NUMBER_INT -> new Found(parser.getText());
            default -> new NotScalar(token);
        };
    }
}
