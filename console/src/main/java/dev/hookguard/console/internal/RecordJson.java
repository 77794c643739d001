package dev.hookguard.console.internal;

import dev.hookguard.core.Attempt;
import dev.hookguard.core.EventRecord;
import dev.hookguard.core.HeaderRedaction;
import dev.hookguard.core.Payload;
import dev.hookguard.core.RecordStatus;
import dev.hookguard.core.StoredResponse;
import dev.hookguard.core.operator.OperatorAction.AuditEntry;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * How records look in the operator API, the console's and the Actuator endpoint's alike: a summary per list row;
 * the detail adds the payload (denied headers redacted, the body as text or hex), the stored response, the audit
 * history and the attempt log. Export lines are details. Every summary carries a {@code reason}, what the page shows as why the record
 * is where it is ({@link #reason}). The views are plain maps of strings, numbers, lists and maps (times as
 * ISO-8601), so that any JSON writer renders them the same: the console's generator, Boot 3's Jackson 2 and Boot
 * 4's Jackson 3.
 */
public final class RecordJson {

    /** The most characters of a stored response's body that a {@link #reason} quotes. */
    public static final int REASON_BODY_CHARS = 300;

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

    Map<String, @Nullable Object> summary(EventRecord record) {
        Map<String, @Nullable Object> view = new LinkedHashMap<>();
        view.put("endpoint", record.key().endpoint());
        view.put("eventId", record.key().eventId());
        view.put("status", record.status().name());
        view.put(
                "errorClass",
                record.errorClass() == null ? null : record.errorClass().code());
        view.put("attempts", record.attempts());
        view.put("lastError", record.lastError());
        view.put("reason", reason(record));
        view.put("createdAt", time(record.createdAt()));
        view.put("updatedAt", time(record.updatedAt()));
        view.put("nextAttemptAt", time(record.nextAttemptAt()));
        return view;
    }

    Map<String, @Nullable Object> detail(EventRecord record, BodyView body) {
        Map<String, @Nullable Object> view = summary(record);
        view.put("token", record.token());
        view.put("fingerprint", record.fingerprint().hex());
        view.put("leaseUntil", time(record.leaseUntil()));
        view.put("response", response(record.response(), body));
        view.put("payload", payload(record.payload(), body));
        view.put("history", history(record.history()));
        view.put("attemptLog", attempts(record.attemptLog()));
        return view;
    }

    /** The attempt log, oldest first, every field of {@link Attempt} (durations in milliseconds). */
    static List<Map<String, @Nullable Object>> attempts(List<Attempt> log) {
        return log.stream()
                .map(attempt -> {
                    Map<String, @Nullable Object> view = new LinkedHashMap<>();
                    view.put("at", time(attempt.at()));
                    view.put("durationMs", attempt.duration().toMillis());
                    view.put("source", attempt.source().code());
                    view.put("httpStatus", attempt.httpStatus() == 0 ? null : attempt.httpStatus());
                    view.put(
                            "errorClass",
                            attempt.errorClass() == null
                                    ? null
                                    : attempt.errorClass().code());
                    view.put("exceptionClass", attempt.exceptionClass());
                    view.put("message", attempt.message());
                    view.put("stackTrace", attempt.stackTrace());
                    view.put(
                            "retryAfterMs",
                            attempt.retryAfter() == null
                                    ? null
                                    : attempt.retryAfter().toMillis());
                    return view;
                })
                .toList();
    }

    static List<Map<String, @Nullable Object>> history(List<AuditEntry> history) {
        return history.stream()
                .map(entry -> {
                    Map<String, @Nullable Object> view = new LinkedHashMap<>();
                    view.put("at", time(entry.at()));
                    view.put("actor", entry.actor());
                    view.put("action", entry.action());
                    view.put("note", entry.note());
                    return view;
                })
                .toList();
    }

    /** The reason of a stalled record that keeps no payload (DESIGN.md §8): nothing can redeliver it. */
    public static final String NO_PAYLOAD =
            "no payload kept (claimed by a node or store that did not keep it), so it cannot"
                    + " be redelivered: resolve or skip it, or replay it once a delivery brings its payload";

    /**
     * Why the record is where it is: for a REJECTED record, the answer that rejected it, {@code HTTP <status>: <body>}
     * (the body as text, up to {@value #REASON_BODY_CHARS} characters, or its size where it is not text); for a
     * record that is stuck and keeps no payload (PROCESSING past its lease), {@link
     * #NO_PAYLOAD}, after its last error if it has one; for any other record, or a REJECTED one without a stored
     * response, its last error (null when it has none). A REJECTED record's last error, if any, is an earlier
     * attempt's failure, not its verdict.
     */
    static @Nullable String reason(EventRecord record) {
        StoredResponse response = record.response();
        if (record.payload() == null && stuck(record)) {
            return record.lastError() == null ? NO_PAYLOAD : record.lastError() + "; " + NO_PAYLOAD;
        }
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

    /** PROCESSING past its lease: its node is presumed dead (what the sweeper would schedule, given a payload). */
    private static boolean stuck(EventRecord record) {
        return record.status() == RecordStatus.PROCESSING
                && record.leaseUntil() != null
                && record.leaseUntil().isBefore(Instant.now());
    }

    private @Nullable Map<String, @Nullable Object> payload(@Nullable Payload payload, BodyView view) {
        if (payload == null) {
            return null;
        }
        Map<String, @Nullable Object> json = new LinkedHashMap<>();
        json.put("headers", redaction.apply(payload.headers()));
        body(json, payload.body(), view);
        return json;
    }

    private static @Nullable Map<String, @Nullable Object> response(@Nullable StoredResponse response, BodyView view) {
        if (response == null) {
            return null;
        }
        Map<String, @Nullable Object> json = new LinkedHashMap<>();
        json.put("status", response.status());
        json.put("contentType", response.contentType());
        json.put("bodyOmitted", response.bodyOmitted());
        body(json, response.body(), view);
        return json;
    }

    private static void body(Map<String, @Nullable Object> json, byte[] body, BodyView view) {
        String text = view == BodyView.TEXT ? Bodies.utf8(body) : null;
        json.put("bodyBytes", body.length);
        json.put("bodyEncoding", text != null ? "text" : "hex");
        json.put("body", text != null ? text : Bodies.hex(body));
    }

    private static @Nullable String time(@Nullable Instant instant) {
        return instant == null ? null : instant.toString();
    }
}
