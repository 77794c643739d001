package dev.hookguard.examples.sender;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import org.jspecify.annotations.Nullable;

/**
 * What the demo handler reads from a delivery's body: the top-level {@code id}, and {@code demo.fail} and
 * {@code demo.chaos}, which tell it to fail on purpose and mark an attack.
 *
 * @param id the event id
 * @param failure how the handler treats the event
 * @param chaos the attack marker, or null for a genuine delivery
 */
public record DemoEvent(
        String id, FailureMode failure, @Nullable String chaos) {

    private static final JsonFactory JSON = new JsonFactory();

    /** Reads the body; throws {@link IllegalArgumentException} when it is not a JSON object with an id. */
    public static DemoEvent parse(byte[] body) {
        try (JsonParser parser = JSON.createParser(body)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                throw new IllegalArgumentException("body must be a JSON object");
            }
            return read(parser);
        } catch (IOException e) {
            throw new IllegalArgumentException("body must be JSON", e);
        }
    }

    private static DemoEvent read(JsonParser parser) throws IOException {
        String id = null;
        FailureMode failure = FailureMode.NONE;
        String chaos = null;
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            String field = parser.currentName();
            JsonToken value = parser.nextToken();
            if ("id".equals(field) && value == JsonToken.VALUE_STRING) {
                id = parser.getText();
            } else if ("demo".equals(field) && value == JsonToken.START_OBJECT) {
                while (parser.nextToken() == JsonToken.FIELD_NAME) {
                    String name = parser.currentName();
                    parser.nextToken();
                    failure = "fail".equals(name) ? FailureMode.ofWire(parser.getText()) : failure;
                    chaos = "chaos".equals(name) ? parser.getText() : chaos;
                }
            } else {
                parser.skipChildren();
            }
        }
        if (id == null) {
            throw new IllegalArgumentException("body must have a string field id");
        }
        return new DemoEvent(id, failure, chaos);
    }
}
