package dev.hookguard.jdbc;

import dev.hookguard.core.AuditHistory;
import dev.hookguard.core.ErrorClass;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.EventRecord;
import dev.hookguard.core.Fingerprint;
import dev.hookguard.core.HeadersCodec;
import dev.hookguard.core.Payload;
import dev.hookguard.core.RecordStatus;
import dev.hookguard.core.StoredResponse;
import java.util.Map;
import org.jooq.Record;
import org.jspecify.annotations.Nullable;

/** Turns a row of the events table (all of {@link EventsTable#columns}) into the core model. */
final class EventRowMapper {

    private static final byte[] NO_BYTES = new byte[0];

    private final EventsTable t;

    EventRowMapper(EventsTable table) {
        this.t = table;
    }

    StoredRow row(Record r) {
        return new StoredRow(record(r), r.get(t.expiresAt), r.get(t.nextAttemptAt));
    }

    EventRecord record(Record r) {
        return new EventRecord(
                EventKey.of(r.get(t.endpoint), r.get(t.eventId)),
                RecordStatus.fromCode(r.get(t.status)),
                new Fingerprint(r.get(t.fingerprint)),
                r.get(t.token),
                r.get(t.attempts),
                r.get(t.leaseUntil),
                response(r),
                payload(r),
                r.get(t.lastError),
                r.get(t.createdAt),
                r.get(t.updatedAt),
                errorClass(r.get(t.errorClass)),
                r.get(t.nextAttemptAt),
                AuditHistory.decode(r.get(t.history)));
    }

    private static @Nullable ErrorClass errorClass(@Nullable String code) {
        return code == null ? null : ErrorClass.fromCode(code);
    }

    private @Nullable StoredResponse response(Record r) {
        Integer status = r.get(t.responseStatus);
        if (status == null) {
            return null;
        }
        byte[] body = r.get(t.responseBody);
        return new StoredResponse(
                status, r.get(t.responseType), body == null ? NO_BYTES : body, r.get(t.responseBodyOmitted));
    }

    private @Nullable Payload payload(Record r) {
        byte[] body = r.get(t.payloadBody);
        if (body == null) {
            return null;
        }
        String headers = r.get(t.payloadHeaders);
        return new Payload(body, headers == null ? Map.of() : HeadersCodec.decode(headers));
    }
}
