package dev.hookguard.console.internal;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/** The console's JSON output, written as a stream with Jackson's generator (no object mapper, no tree). */
public final class Json {

    private static final JsonFactory FACTORY = JsonFactory.builder().build();

    private Json() {}

    /** A generator over the stream that leaves the stream open when closed. */
    static JsonGenerator generator(OutputStream out) throws IOException {
        JsonGenerator json = FACTORY.createGenerator(out);
        json.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
        return json;
    }

    /**
     * Writes a value of the operator service's views: a map (an object, in its order), a list (an array), a
     * string, a number, a boolean or null.
     */
    static void write(JsonGenerator json, @Nullable Object value) throws IOException {
        if (value == null) {
            json.writeNull();
        } else if (value instanceof Map<?, ?> map) {
            json.writeStartObject();
            for (Map.Entry<?, ?> entry : map.entrySet()) {
                json.writeFieldName(String.valueOf(entry.getKey()));
                write(json, entry.getValue());
            }
            json.writeEndObject();
        } else if (value instanceof Iterable<?> values) {
            json.writeStartArray();
            for (Object element : values) {
                write(json, element);
            }
            json.writeEndArray();
        } else if (value instanceof Integer || value instanceof Long) {
            json.writeNumber(((Number) value).longValue());
        } else if (value instanceof Number number) {
            json.writeNumber(number.doubleValue());
        } else if (value instanceof Boolean bool) {
            json.writeBoolean(bool);
        } else {
            json.writeString(value.toString());
        }
    }

    /** The value cut to 64 characters, for messages that echo what a client sent. */
    public static String abbreviate(String value) {
        return value.length() <= 64 ? value : value.substring(0, 61) + "...";
    }
}
