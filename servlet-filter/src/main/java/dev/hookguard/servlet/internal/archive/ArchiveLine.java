package dev.hookguard.servlet.internal.archive;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.hookguard.core.Attempt;
import dev.hookguard.core.EventRecord;
import dev.hookguard.core.HeaderRedaction;
import dev.hookguard.core.Payload;
import dev.hookguard.core.internal.Utf8;
import dev.hookguard.core.operator.OperatorAction.AuditEntry;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * One archived dead letter as one JSON line: the fields of the console's export line that say what happened (key,
 * status, error class, attempts, times, last error, attempt log, operator history) and the payload, its headers with
 * the deny list redacted ({@link HeaderRedaction}) and its body as text (valid UTF-8) or base64. Written with
 * Jackson's streaming generator: the console's own view is out of reach (the console depends on this module).
 */
final class ArchiveLine {

    private static final JsonFactory JSON = new JsonFactory();

    private final HeaderRedaction redaction;

    ArchiveLine(HeaderRedaction redaction) {
        this.redaction = redaction;
    }

    /** The record's line, newline included. */
    byte[] encode(EventRecord record) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(512);
        try (JsonGenerator json = JSON.createGenerator(out)) {
            json.writeStartObject();
            json.writeStringField("endpoint", record.key().endpoint());
            json.writeStringField("eventId", record.key().eventId());
            json.writeStringField("status", record.status().name());
            json.writeStringField(
                    "errorClass",
                    record.errorClass() == null ? null : record.errorClass().code());
            json.writeNumberField("attempts", record.attempts());
            json.writeStringField("lastError", record.lastError());
            time(json, "createdAt", record.createdAt());
            time(json, "updatedAt", record.updatedAt());
            attempts(json, record.attemptLog());
            history(json, record.history());
            payload(json, record.payload());
            json.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        out.write('\n');
        return out.toByteArray();
    }

    private static void attempts(JsonGenerator json, List<Attempt> log) throws IOException {
        json.writeArrayFieldStart("attemptLog");
        for (Attempt attempt : log) {
            json.writeStartObject();
            time(json, "at", attempt.at());
            json.writeNumberField("durationMs", attempt.duration().toMillis());
            json.writeStringField("source", attempt.source().code());
            if (attempt.httpStatus() != 0) {
                json.writeNumberField("httpStatus", attempt.httpStatus());
            }
            json.writeStringField(
                    "errorClass",
                    attempt.errorClass() == null ? null : attempt.errorClass().code());
            json.writeStringField("exceptionClass", attempt.exceptionClass());
            json.writeStringField("message", attempt.message());
            json.writeEndObject();
        }
        json.writeEndArray();
    }

    private static void history(JsonGenerator json, List<AuditEntry> history) throws IOException {
        json.writeArrayFieldStart("history");
        for (AuditEntry entry : history) {
            json.writeStartObject();
            time(json, "at", entry.at());
            json.writeStringField("actor", entry.actor());
            json.writeStringField("action", entry.action());
            json.writeStringField("note", entry.note());
            json.writeEndObject();
        }
        json.writeEndArray();
    }

    private void payload(JsonGenerator json, @Nullable Payload payload) throws IOException {
        if (payload == null) {
            json.writeNullField("payload");
            return;
        }
        json.writeObjectFieldStart("payload");
        json.writeObjectFieldStart("headers");
        for (Map.Entry<String, List<String>> header :
                redaction.apply(payload.headers()).entrySet()) {
            json.writeArrayFieldStart(header.getKey());
            for (String value : header.getValue()) {
                json.writeString(value);
            }
            json.writeEndArray();
        }
        json.writeEndObject();
        String text = Utf8.textOrNull(payload.body());
        json.writeStringField("bodyEncoding", text != null ? "text" : "base64");
        json.writeStringField("body", text != null ? text : Base64.getEncoder().encodeToString(payload.body()));
        json.writeEndObject();
    }

    private static void time(JsonGenerator json, String name, @Nullable Instant at) throws IOException {
        json.writeStringField(name, at == null ? null : at.toString());
    }
}
