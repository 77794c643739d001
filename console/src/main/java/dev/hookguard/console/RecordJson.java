package dev.hookguard.console;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.hookguard.core.EventRecord;
import dev.hookguard.core.HeaderRedaction;
import dev.hookguard.core.Payload;
import dev.hookguard.core.RecordStatus;
import dev.hookguard.core.StoredResponse;
import dev.hookguard.core.operator.AuditEntry;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * How records look in the API: a summary per list row; the detail adds the payload (denied headers redacted,
 * the body as text or hex), the stored response and the audit history. Export lines are details. Every summary
 * carries a {@code reason}, what the page shows as why the record is where it is ({@link #reason}).
 */
final class RecordJson {

    /** The most characters of a stored response's body that a {@link #reason} quotes. */
    static final int REASON_BODY_CHARS = 300;

    /** How a body is written. */
    enum BodyView {
        /** UTF-8 text, falling back to hex when the body is not valid UTF-8. */
        TEXT,
        /** Always hex. */
        HEX
    }

    private final HeaderRedaction redaction;

    RecordJson(HeaderRedaction redaction) {
        this.redaction = redaction;
    }

    void summary(JsonGenerator json, EventRecord record) throws IOException {
        json.writeStartObject();
        summaryFields(json, record);
        json.writeEndObject();
    }

    void detail(JsonGenerator json, EventRecord record, BodyView view) throws IOException {
        json.writeStartObject();
        summaryFields(json, record);
        json.writeNumberField("token", record.token());
        json.writeStringField("fingerprint", record.fingerprint().hex());
        Json.time(json, "leaseUntil", record.leaseUntil());
        response(json, record.response(), view);
        payload(json, record.payload(), view);
        json.writeFieldName("history");
        history(json, record.history());
        json.writeEndObject();
    }

    static void history(JsonGenerator json, List<AuditEntry> history) throws IOException {
        json.writeStartArray();
        for (AuditEntry entry : history) {
            json.writeStartObject();
            Json.time(json, "at", entry.at());
            json.writeStringField("actor", entry.actor());
            json.writeStringField("action", entry.action());
            Json.string(json, "note", entry.note());
            json.writeEndObject();
        }
        json.writeEndArray();
    }

    private static void summaryFields(JsonGenerator json, EventRecord record) throws IOException {
        json.writeStringField("endpoint", record.key().endpoint());
        json.writeStringField("eventId", record.key().eventId());
        json.writeStringField("status", record.status().name());
        Json.string(
                json,
                "errorClass",
                record.errorClass() == null ? null : record.errorClass().code());
        json.writeNumberField("attempts", record.attempts());
        Json.string(json, "lastError", record.lastError());
        Json.string(json, "reason", reason(record));
        Json.time(json, "createdAt", record.createdAt());
        Json.time(json, "updatedAt", record.updatedAt());
        Json.time(json, "nextAttemptAt", record.nextAttemptAt());
    }

    /**
     * Why the record is where it is: for a REJECTED record, the answer that rejected it, {@code HTTP <status>: <body>}
     * (the body as text, up to {@value #REASON_BODY_CHARS} characters, or its size where it is not text); for any
     * other record, or a REJECTED one without a stored response, its last error (null when it has none). A REJECTED
     * record's last error, if any, is an earlier attempt's failure, not its verdict.
     */
    static @Nullable String reason(EventRecord record) {
        StoredResponse response = record.response();
        if (record.status() != RecordStatus.REJECTED || response == null) {
            return record.lastError();
        }
        String text = Bodies.utf8(response.body());
        String body = text == null ? "(" + response.body().length + " bytes, not text)" : text.strip();
        if (body.length() > REASON_BODY_CHARS) {
            int end = Character.isHighSurrogate(body.charAt(REASON_BODY_CHARS - 1))
                    ? REASON_BODY_CHARS - 1
                    : REASON_BODY_CHARS;
            body = body.substring(0, end) + "…";
        }
        return "HTTP " + response.status() + (body.isEmpty() ? "" : ": " + body);
    }

    private void payload(JsonGenerator json, @Nullable Payload payload, BodyView view) throws IOException {
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
        body(json, payload.body(), view);
        json.writeEndObject();
    }

    private static void response(JsonGenerator json, @Nullable StoredResponse response, BodyView view)
            throws IOException {
        if (response == null) {
            json.writeNullField("response");
            return;
        }
        json.writeObjectFieldStart("response");
        json.writeNumberField("status", response.status());
        Json.string(json, "contentType", response.contentType());
        body(json, response.body(), view);
        json.writeEndObject();
    }

    private static void body(JsonGenerator json, byte[] body, BodyView view) throws IOException {
        String text = view == BodyView.TEXT ? Bodies.utf8(body) : null;
        json.writeNumberField("bodyBytes", body.length);
        json.writeStringField("bodyEncoding", text != null ? "text" : "hex");
        json.writeStringField("body", text != null ? text : Bodies.hex(body));
    }
}
