package dev.hookguard.core.signature.internal;

import dev.hookguard.core.signature.EventIdConfig.EventIdSource;
import dev.hookguard.core.signature.EventIdResult.IdOrigin;
import dev.hookguard.core.signature.Headers;
import java.util.List;

/** Reads an event id from one {@link EventIdSource}; shared by the extractor and the generic verifier. */
public final class IdReader {

    /** What one source held. */
    public sealed interface Read {}

    /** The source held this id; it is not yet checked against {@link dev.hookguard.core.EventKey}'s rules. */
    public record Found(String id, IdOrigin origin) implements Read {}

    /** The source is not present in this delivery. */
    record Absent() implements Read {}

    /** The source is present but holds no usable id. */
    public record Unusable(String message) implements Read {}

    private IdReader() {}

    public static Read read(EventIdSource source, Headers headers, byte[] body) {
        if (source instanceof EventIdSource.Header header) {
            return fromHeader(header.name(), headers);
        }
        return fromBody((EventIdSource.JsonField) source, body);
    }

    /** A short description of the source for messages: {@code header X-GitHub-Delivery}, {@code body field /id}. */
    public static String describe(EventIdSource source) {
        return source instanceof EventIdSource.Header header
                ? "header " + header.name()
                : "body field " + ((EventIdSource.JsonField) source).pointer();
    }

    private static Read fromHeader(String name, Headers headers) {
        List<String> values = headers.all(name);
        if (values.isEmpty()) {
            return new Absent();
        }
        String first = values.get(0);
        for (int i = 1; i < values.size(); i++) { // a repeated line with the same id is one id
            if (!first.equals(values.get(i))) {
                return new Unusable("header " + name + " has several different values");
            }
        }
        return new Found(first, IdOrigin.HEADER);
    }

    private static Read fromBody(EventIdSource.JsonField field, byte[] body) {
        JsonField.Lookup lookup = JsonField.find(body, field.compiled());
        if (lookup instanceof JsonField.Found found) {
            return new Found(found.value(), IdOrigin.BODY_FIELD);
        }
        return lookup instanceof JsonField.Absent
                ? new Absent()
                : new Unusable("body field " + field.pointer() + " holds no string or integer");
    }
}
