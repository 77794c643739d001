package dev.hookguard.core.internal;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.hookguard.core.Payload;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The stored form of a {@link Payload}'s headers, shared by every store: a JSON object of arrays, such as
 * {@code {"Content-Type":["application/json"]}}, written and read with Jackson's streaming API.
 */
public final class HeadersCodec {

    private static final JsonFactory JSON = new JsonFactory();

    private HeadersCodec() {}

    /** The headers as a JSON object of string arrays, in their order. */
    public static String encode(Map<String, List<String>> headers) {
        StringWriter out = new StringWriter();
        try (JsonGenerator json = JSON.createGenerator(out)) {
            json.writeStartObject();
            for (Map.Entry<String, List<String>> header : headers.entrySet()) {
                json.writeArrayFieldStart(header.getKey());
                for (String value : header.getValue()) {
                    json.writeString(value);
                }
                json.writeEndArray();
            }
            json.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString();
    }

    /** The headers that {@link #encode} wrote; anything else is an {@link IllegalArgumentException}. */
    public static Map<String, List<String>> decode(String encoded) {
        Map<String, List<String>> headers = new LinkedHashMap<>();
        try (JsonParser json = JSON.createParser(encoded)) {
            expect(json.nextToken(), JsonToken.START_OBJECT);
            while (json.nextToken() == JsonToken.FIELD_NAME) {
                String name = json.currentName();
                expect(json.nextToken(), JsonToken.START_ARRAY);
                List<String> values = new ArrayList<>();
                while (json.nextToken() == JsonToken.VALUE_STRING) {
                    values.add(json.getText());
                }
                expect(json.currentToken(), JsonToken.END_ARRAY);
                headers.put(name, values);
            }
            expect(json.currentToken(), JsonToken.END_OBJECT);
        } catch (IOException e) {
            throw new IllegalArgumentException("stored headers are not a JSON object of string arrays", e);
        }
        return headers;
    }

    private static void expect(JsonToken actual, JsonToken expected) {
        if (actual != expected) {
            throw new IllegalArgumentException(
                    "stored headers are not a JSON object of string arrays: found " + actual + " for " + expected);
        }
    }
}
