package dev.hookguard.console;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.OutputStream;
import java.time.Instant;
import org.jspecify.annotations.Nullable;

/** The console's JSON output, written as a stream with Jackson's generator (no object mapper, no tree). */
final class Json {

    private static final JsonFactory FACTORY = JsonFactory.builder().build();

    private Json() {}

    /** A generator over the stream that leaves the stream open when closed. */
    static JsonGenerator generator(OutputStream out) throws IOException {
        JsonGenerator json = FACTORY.createGenerator(out);
        json.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
        return json;
    }

    static void time(JsonGenerator json, String field, @Nullable Instant instant) throws IOException {
        if (instant == null) {
            json.writeNullField(field);
        } else {
            json.writeStringField(field, instant.toString());
        }
    }

    static void string(JsonGenerator json, String field, @Nullable String value) throws IOException {
        if (value == null) {
            json.writeNullField(field);
        } else {
            json.writeStringField(field, value);
        }
    }

    /** The value cut to 64 characters, for messages that echo what a client sent. */
    static String abbreviate(String value) {
        return value.length() <= 64 ? value : value.substring(0, 61) + "...";
    }
}
