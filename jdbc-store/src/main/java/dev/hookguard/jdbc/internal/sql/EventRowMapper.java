package dev.hookguard.jdbc.internal.sql;

import dev.hookguard.core.ErrorClass;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.EventRecord;
import dev.hookguard.core.Fingerprint;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.Payload;
import dev.hookguard.core.RecordStatus;
import dev.hookguard.core.StoredResponse;
import dev.hookguard.core.internal.AttemptLog;
import dev.hookguard.core.internal.AuditHistory;
import dev.hookguard.core.internal.HeadersCodec;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Map;
import org.jooq.Record;
import org.jspecify.annotations.Nullable;

/**
 * Turns a row of the events table into the core model: from a jOOQ {@link Record} (the operator and queue paths) or,
 * on the hot path, from a plain JDBC {@link ResultSet} by column label. Times are {@code TIMESTAMP WITH TIME ZONE} on
 * PostgreSQL and H2 and {@code DATETIME} holding UTC on MariaDB/MySQL.
 */
public final class EventRowMapper {

    private static final byte[] NO_BYTES = new byte[0];

    private final EventsTable t;

    public EventRowMapper(EventsTable table) {
        this.t = table;
    }

    /** The record in the current row of {@code rs}, which has every column of {@link EventsTable#columns}. */
    public EventRecord record(ResultSet rs) throws SQLException {
        String history = rs.getString(t.history.getName());
        return new EventRecord(
                EventKey.of(rs.getString(t.endpoint.getName()), rs.getString(t.eventId.getName())),
                RecordStatus.fromCode(rs.getString(t.status.getName())),
                new Fingerprint(rs.getString(t.fingerprint.getName())),
                rs.getLong(t.token.getName()),
                rs.getInt(t.attempts.getName()),
                instant(rs, t.leaseUntil.getName()),
                response(rs),
                payload(rs),
                rs.getString(t.lastError.getName()),
                instant(rs, t.createdAt.getName()),
                instant(rs, t.updatedAt.getName()),
                errorClass(rs.getString(t.errorClass.getName())),
                instant(rs, t.nextAttemptAt.getName()),
                AuditHistory.decode(history),
                AttemptLog.decode(rs.getString(t.attemptLog.getName()), IdempotencyPolicy.MAX_ATTEMPT_LOG));
    }

    /** The claim's view of the current row of {@code rs}, which has {@link ClaimQueries#claimColumns()}. */
    public ClaimRow claimRow(ResultSet rs) throws SQLException {
        Instant expiresAt = instant(rs, t.expiresAt.getName());
        if (expiresAt == null) {
            throw new SQLException("row without expires_at");
        }
        return new ClaimRow(
                RecordStatus.fromCode(rs.getString(t.status.getName())),
                new Fingerprint(rs.getString(t.fingerprint.getName())),
                rs.getLong(t.token.getName()),
                rs.getInt(t.attempts.getName()),
                instant(rs, t.leaseUntil.getName()),
                expiresAt,
                instant(rs, t.nextAttemptAt.getName()),
                response(rs));
    }

    /** A time column (or {@code db_now}) of the current row, null when SQL NULL. */
    @Nullable
    public Instant instant(ResultSet rs, String label) throws SQLException {
        return switch (t.dialect) {
            case POSTGRESQL, H2 -> {
                OffsetDateTime time = rs.getObject(label, OffsetDateTime.class);
                yield time == null ? null : time.toInstant();
            }
            case MARIADB, MYSQL -> {
                LocalDateTime time = rs.getObject(label, LocalDateTime.class);
                yield time == null ? null : time.toInstant(ZoneOffset.UTC);
            }
        };
    }

    private @Nullable StoredResponse response(ResultSet rs) throws SQLException {
        int status = rs.getInt(t.responseStatus.getName());
        if (rs.wasNull()) {
            return null;
        }
        byte[] body = rs.getBytes(t.responseBody.getName());
        return new StoredResponse(
                status,
                rs.getString(t.responseType.getName()),
                body == null ? NO_BYTES : body,
                rs.getBoolean(t.responseBodyOmitted.getName()));
    }

    private @Nullable Payload payload(ResultSet rs) throws SQLException {
        byte[] body = rs.getBytes(t.payloadBody.getName());
        if (body == null) {
            return null;
        }
        String headers = rs.getString(t.payloadHeaders.getName());
        return new Payload(body, headers == null ? Map.of() : HeadersCodec.decode(headers));
    }

    /** The claim's view of a row read through jOOQ (the transactional claim's reads). */
    public ClaimRow claimRow(Record r) {
        return new ClaimRow(
                RecordStatus.fromCode(r.get(t.status)),
                new Fingerprint(r.get(t.fingerprint)),
                r.get(t.token),
                r.get(t.attempts),
                r.get(t.leaseUntil),
                r.get(t.expiresAt),
                r.get(t.nextAttemptAt),
                response(r));
    }

    public StoredRow row(Record r) {
        return new StoredRow(record(r), r.get(t.expiresAt), r.get(t.nextAttemptAt));
    }

    public EventRecord record(Record r) {
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
                AuditHistory.decode(r.get(t.history)),
                AttemptLog.decode(r.get(t.attemptLog), IdempotencyPolicy.MAX_ATTEMPT_LOG));
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
