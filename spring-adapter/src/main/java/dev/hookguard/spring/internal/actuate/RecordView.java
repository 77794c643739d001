package dev.hookguard.spring.internal.actuate;

import dev.hookguard.core.EventRecord;
import dev.hookguard.core.HeaderRedaction;
import dev.hookguard.core.Payload;
import dev.hookguard.core.StoredResponse;
import dev.hookguard.core.operator.AuditEntry;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * How the {@code hookguard} Actuator endpoint shows records: plain maps of strings and numbers (the same JSON with
 * Spring Boot 3's Jackson 2 and Boot 4's Jackson 3), times as ISO-8601, bodies as text when they are UTF-8 and as
 * base64 otherwise. Values of headers that carry signatures or credentials are redacted.
 */
public final class RecordView {

    private static final HeaderRedaction REDACTION = HeaderRedaction.ofDefaults();

    private RecordView() {}

    /** One line of the dead-letter list. */
    static Map<String, Object> summary(EventRecord record) {
        Map<String, Object> view = new LinkedHashMap<>();
        view.put("eventId", record.key().eventId());
        view.put("status", record.status().name());
        view.put("attempts", record.attempts());
        view.put("lastError", record.lastError());
        view.put(
                "errorClass",
                record.errorClass() == null ? null : record.errorClass().code());
        view.put("nextAttemptAt", time(record.nextAttemptAt()));
        view.put("createdAt", time(record.createdAt()));
        view.put("updatedAt", time(record.updatedAt()));
        return view;
    }

    /** Everything about one record. */
    static Map<String, Object> detail(EventRecord record) {
        Map<String, Object> view = new LinkedHashMap<>();
        view.put("endpoint", record.key().endpoint());
        view.put("eventId", record.key().eventId());
        view.put("status", record.status().name());
        view.put("attempts", record.attempts());
        view.put("token", record.token());
        view.put("fingerprint", record.fingerprint().hex());
        view.put("leaseUntil", time(record.leaseUntil()));
        view.put("createdAt", time(record.createdAt()));
        view.put("updatedAt", time(record.updatedAt()));
        view.put("lastError", record.lastError());
        view.put(
                "errorClass",
                record.errorClass() == null ? null : record.errorClass().code());
        view.put("nextAttemptAt", time(record.nextAttemptAt()));
        view.put("history", record.history().stream().map(RecordView::audit).toList());
        view.put("response", response(record.response()));
        view.put("payload", payload(record.payload()));
        return view;
    }

    private static Map<String, Object> audit(AuditEntry entry) {
        Map<String, Object> view = new LinkedHashMap<>();
        view.put("at", time(entry.at()));
        view.put("actor", entry.actor());
        view.put("action", entry.action());
        view.put("note", entry.note());
        return view;
    }

    private static @Nullable Map<String, Object> response(@Nullable StoredResponse response) {
        if (response == null) {
            return null;
        }
        Map<String, Object> view = new LinkedHashMap<>();
        view.put("status", response.status());
        view.put("contentType", response.contentType());
        view.put("bodyOmitted", response.bodyOmitted());
        body(view, response.body());
        return view;
    }

    private static @Nullable Map<String, Object> payload(@Nullable Payload payload) {
        if (payload == null) {
            return null;
        }
        Map<String, Object> view = new LinkedHashMap<>();
        view.put("headers", REDACTION.apply(payload.headers()));
        body(view, payload.body());
        return view;
    }

    private static void body(Map<String, Object> view, byte[] body) {
        String text = utf8(body);
        view.put("bodyBytes", body.length);
        view.put("bodyEncoding", text != null ? "utf-8" : "base64");
        view.put("body", text != null ? text : Base64.getEncoder().encodeToString(body));
    }

    private static @Nullable String utf8(byte[] bytes) {
        try {
            return StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes))
                    .toString();
        } catch (CharacterCodingException e) {
            return null;
        }
    }

    private static @Nullable String time(@Nullable Instant instant) {
        return instant == null ? null : instant.toString();
    }
}
