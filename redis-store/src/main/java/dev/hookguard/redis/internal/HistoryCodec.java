package dev.hookguard.redis.internal;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.hookguard.core.operator.OperatorAction.AuditEntry;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * Reads the audit history of a record, field {@code h}: a JSON array, oldest first, written by {@code
 * prelude.lua}'s {@code audit} with Redis's {@code cjson}, of objects {@code {"t": "<epoch ms>", "a":
 * action, "u": actor, "n": note}} ({@code n} absent when there is no note). Unknown members are skipped,
 * so a later format may add some.
 */
public final class HistoryCodec {

    private static final JsonFactory JSON = new JsonFactory();

    private HistoryCodec() {}

    /** The entries of field {@code h}; empty when the field is absent. */
    public static List<AuditEntry> decode(byte @Nullable [] field) {
        if (field == null) {
            return List.of();
        }
        List<AuditEntry> history = new ArrayList<>();
        try (JsonParser json = JSON.createParser(new String(field, StandardCharsets.UTF_8))) {
            expect(json.nextToken(), JsonToken.START_ARRAY);
            while (json.nextToken() == JsonToken.START_OBJECT) {
                history.add(entry(json));
            }
        } catch (IOException e) {
            throw new IllegalStateException("a Redis record has an unreadable history: " + e.getMessage(), e);
        }
        return List.copyOf(history);
    }

    private static AuditEntry entry(JsonParser json) throws IOException {
        String at = "0";
        String action = "";
        String actor = "";
        String note = null;
        while (json.nextToken() == JsonToken.FIELD_NAME) {
            String name = json.currentName();
            json.nextToken();
            switch (name) {
                case "t" -> at = json.getText();
                case "a" -> action = json.getText();
                case "u" -> actor = json.getText();
                case "n" -> note = json.getText();
                default -> json.skipChildren();
            }
        }
        return new AuditEntry(Instant.ofEpochMilli(Long.parseLong(at)), actor, action, note);
    }

    private static void expect(@Nullable JsonToken actual, JsonToken expected) throws IOException {
        if (actual != expected) {
            throw new IOException("expected " + expected + " but found " + actual);
        }
    }
}
