package dev.hookguard.core.internal;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.hookguard.core.operator.OperatorAction.AuditEntry;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A record's operator history: the bounded append every store applies, and a stored form stores may share,
 * a JSON array of {@code {"at":epochMillis,"actor":…,"action":…,"note":…}} objects, oldest first (a Lua
 * script can append to it with {@code cjson}).
 */
public final class AuditHistory {

    private static final JsonFactory JSON = new JsonFactory();

    private AuditHistory() {}

    /** The history with {@code entry} appended, the oldest entries dropped beyond {@link AuditEntry#MAX_HISTORY}. */
    public static List<AuditEntry> append(List<AuditEntry> history, AuditEntry entry) {
        List<AuditEntry> next = new ArrayList<>(history);
        next.add(entry);
        int excess = next.size() - AuditEntry.MAX_HISTORY;
        return List.copyOf(excess > 0 ? next.subList(excess, next.size()) : next);
    }

    /** The history as a JSON array, times in epoch milliseconds. */
    public static String encode(List<AuditEntry> history) {
        StringWriter out = new StringWriter();
        try (JsonGenerator json = JSON.createGenerator(out)) {
            json.writeStartArray();
            for (AuditEntry entry : history) {
                json.writeStartObject();
                json.writeNumberField("at", entry.at().toEpochMilli());
                json.writeStringField("actor", entry.actor());
                json.writeStringField("action", entry.action());
                if (entry.note() != null) {
                    json.writeStringField("note", entry.note());
                }
                json.writeEndObject();
            }
            json.writeEndArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString();
    }

    /** The history {@link #encode} wrote; null or empty is no history, anything else malformed an IAE. */
    public static List<AuditEntry> decode(@Nullable String encoded) {
        if (encoded == null || encoded.isEmpty()) {
            return List.of();
        }
        List<AuditEntry> history = new ArrayList<>();
        try (JsonParser json = JSON.createParser(encoded)) {
            if (json.nextToken() != JsonToken.START_ARRAY) {
                throw new IllegalArgumentException("stored history is not a JSON array: '" + encoded + "'");
            }
            while (json.nextToken() == JsonToken.START_OBJECT) {
                history.add(entry(json));
            }
        } catch (IOException e) {
            throw new IllegalArgumentException("stored history is not a JSON array of entries", e);
        }
        return List.copyOf(history);
    }

    private static AuditEntry entry(JsonParser json) throws IOException {
        long at = 0;
        String actor = null;
        String action = null;
        String note = null;
        while (json.nextToken() == JsonToken.FIELD_NAME) {
            String field = json.currentName();
            json.nextToken();
            switch (field) {
                case "at" -> at = json.getLongValue();
                case "actor" -> actor = json.getText();
                case "action" -> action = json.getText();
                case "note" -> note = json.currentToken() == JsonToken.VALUE_NULL ? null : json.getText();
                default -> json.skipChildren();
            }
        }
        return new AuditEntry(Instant.ofEpochMilli(at), actor, action, note);
    }
}
