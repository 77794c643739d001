package dev.hookguard.console;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/** Reads the API's JSON into maps, lists, strings, longs, booleans and nulls, for assertions. */
final class TestJson {

    private static final JsonFactory FACTORY = new JsonFactory();

    private TestJson() {}

    @SuppressWarnings("unchecked")
    static Map<String, Object> object(String json) {
        return (Map<String, Object>) parse(json);
    }

    @SuppressWarnings("unchecked")
    static List<Object> array(String json) {
        return (List<Object>) parse(json);
    }

    @SuppressWarnings("unchecked")
    static List<Map<String, Object>> objects(Object value) {
        return (List<Map<String, Object>>) value;
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> object(Object value) {
        return (Map<String, Object>) value;
    }

    static @Nullable Object parse(String json) {
        try (JsonParser parser = FACTORY.createParser(json)) {
            parser.nextToken();
            return value(parser);
        } catch (IOException e) {
            throw new UncheckedIOException("not JSON: " + json, e);
        }
    }

    private static @Nullable Object value(JsonParser parser) throws IOException {
        JsonToken token = parser.currentToken();
        return switch (token) {
            case START_OBJECT -> {
                Map<String, Object> map = new LinkedHashMap<>();
                while (parser.nextToken() == JsonToken.FIELD_NAME) {
                    String name = parser.currentName();
                    parser.nextToken();
                    map.put(name, value(parser));
                }
                yield map;
            }
            case START_ARRAY -> {
                List<Object> list = new ArrayList<>();
                while (parser.nextToken() != JsonToken.END_ARRAY) {
                    list.add(value(parser));
                }
                yield list;
            }
            case VALUE_STRING -> parser.getText();
            case VALUE_NUMBER_INT -> parser.getLongValue();
            case VALUE_TRUE -> true;
            case VALUE_FALSE -> false;
            case VALUE_NULL -> null;
            default -> throw new IOException("unexpected " + token);
        };
    }
}
