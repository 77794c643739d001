package dev.hookguard.console.internal;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonPointer;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.filter.FilteringParserDelegate;
import com.fasterxml.jackson.core.filter.JsonPointerBasedFilter;
import com.fasterxml.jackson.core.filter.TokenFilter;
import dev.hookguard.core.EventRecord;
import java.io.IOException;
import org.jspecify.annotations.Nullable;

/**
 * A JSON-pointer match on a record's payload, {@code /data/object/customer = cus_123}: true when the kept body is
 * JSON and the value at the pointer is a scalar (string, number, boolean, null) whose text equals the value (quotes
 * around the value are optional). A record without a payload, or whose body is not JSON, never matches. Read with
 * Jackson's streaming parser, filtered by the pointer, so a large body is never turned into a tree.
 *
 * @param pointer the RFC 6901 pointer, starting with {@code /}
 * @param value the text the scalar must equal
 */
record PayloadMatch(JsonPointer pointer, String value) {

    /** The parameter that carries a match. */
    static final String PARAM = "match";

    private static final JsonFactory FACTORY = JsonFactory.builder().build();

    /** The match a parameter asks for, or null when it is absent; a malformed one is a {@link BadRequestException}. */
    static @Nullable PayloadMatch parse(@Nullable String text) {
        if (text == null || text.isBlank()) {
            return null;
        }
        int equals = text.indexOf('=');
        String pointer = equals < 0 ? "" : text.substring(0, equals).trim();
        if (equals < 0 || !pointer.startsWith("/")) {
            throw new BadRequestException(PARAM
                    + " must be a JSON pointer, '=' and a value, such as /data/object/customer = cus_123, but was '"
                    + Json.abbreviate(text) + "'");
        }
        String value = text.substring(equals + 1).trim();
        if (value.length() >= 2 && value.startsWith("\"") && value.endsWith("\"")) {
            value = value.substring(1, value.length() - 1);
        }
        try {
            return new PayloadMatch(JsonPointer.compile(pointer), value);
        } catch (IllegalArgumentException e) {
            throw new BadRequestException(PARAM + " has an invalid JSON pointer '" + Json.abbreviate(pointer) + "'");
        }
    }

    /** True when the record's payload holds the value at the pointer. */
    boolean matches(EventRecord record) {
        if (record.payload() == null) {
            return false;
        }
        try (JsonParser parser = new FilteringParserDelegate(
                FACTORY.createParser(record.payload().body()),
                new JsonPointerBasedFilter(pointer),
                TokenFilter.Inclusion.ONLY_INCLUDE_ALL,
                false)) {
            JsonToken token = parser.nextToken();
            return token != null && token.isScalarValue() && value.equals(parser.getText());
        } catch (IOException e) { // not JSON: no match
            return false;
        }
    }
}
