package dev.hookguard.jdbc.internal.sql;

import dev.hookguard.jdbc.JdbcDialect;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.List;
import org.jooq.Converter;
import org.jooq.DataType;
import org.jooq.Field;
import org.jooq.Record;
import org.jooq.Table;
import org.jooq.impl.DSL;
import org.jooq.impl.SQLDataType;

/**
 * The hand-written jOOQ definition of the events table (no code generation): its name and one typed field per
 * column of the migrations {@code migration/<dialect>/V*.sql}. Fields are qualified with the table name, which jOOQ drops where SQL
 * wants bare column names (insert lists, {@code SET}).
 *
 * <p>Times are {@link Instant}s: {@code TIMESTAMP(3) WITH TIME ZONE} on PostgreSQL and H2, {@code DATETIME(3)}
 * holding UTC on MariaDB/MySQL (a {@code TIMESTAMP} there would end in 2038 and follow the session time zone).
 */
public final class EventsTable {

    /** The row format this code writes into {@code format_version}. */
    static final int FORMAT_VERSION = 2;

    /** The database the table is in. */
    final JdbcDialect dialect;

    public final Table<Record> table;
    public final Field<String> endpoint;
    public final Field<String> eventId;
    public final Field<Integer> formatVersion;
    public final Field<String> status;
    public final Field<String> fingerprint;
    public final Field<Long> token;
    public final Field<Integer> attempts;
    final Field<Instant> leaseUntil;
    public final Field<Instant> expiresAt;
    public final Field<Integer> responseStatus;
    final Field<String> responseType;
    final Field<byte[]> responseBody;
    public final Field<Boolean> responseBodyOmitted;
    final Field<byte[]> payloadBody;
    final Field<String> payloadHeaders;
    final Field<String> lastError;
    public final Field<Instant> createdAt;
    public final Field<Instant> updatedAt;
    public final Field<Instant> completedAt;
    final Field<Instant> nextAttemptAt;
    final Field<String> errorClass;
    final Field<String> history;
    final Field<String> attemptLog;
    /** Every column, in the order of the migrations. */
    final List<Field<?>> columns;

    public EventsTable(String tableName, JdbcDialect dialect) {
        this.dialect = dialect;
        DataType<Instant> time = timeType(dialect);
        table = DSL.table(DSL.name(tableName));
        endpoint = column(tableName, "endpoint", SQLDataType.VARCHAR(255));
        eventId = column(tableName, "event_id", SQLDataType.VARCHAR(255));
        formatVersion = column(tableName, "format_version", SQLDataType.INTEGER);
        status = column(tableName, "status", SQLDataType.CHAR(1));
        fingerprint = column(tableName, "fingerprint", SQLDataType.CHAR(64));
        token = column(tableName, "token", SQLDataType.BIGINT);
        attempts = column(tableName, "attempts", SQLDataType.INTEGER);
        leaseUntil = column(tableName, "lease_until", time);
        expiresAt = column(tableName, "expires_at", time);
        responseStatus = column(tableName, "response_status", SQLDataType.INTEGER);
        responseType = column(tableName, "response_type", SQLDataType.VARCHAR(1024));
        responseBody = column(tableName, "response_body", SQLDataType.BLOB);
        responseBodyOmitted = column(tableName, "response_body_omitted", SQLDataType.BOOLEAN);
        payloadBody = column(tableName, "payload_body", SQLDataType.BLOB);
        payloadHeaders = column(tableName, "payload_headers", SQLDataType.CLOB);
        lastError = column(tableName, "last_error", SQLDataType.VARCHAR(4000));
        createdAt = column(tableName, "created_at", time);
        updatedAt = column(tableName, "updated_at", time);
        completedAt = column(tableName, "completed_at", time);
        nextAttemptAt = column(tableName, "next_attempt_at", time);
        errorClass = column(tableName, "error_class", SQLDataType.VARCHAR(32));
        history = column(tableName, "history", SQLDataType.CLOB);
        attemptLog = column(tableName, "attempt_log", SQLDataType.CLOB);
        columns = List.of(
                endpoint,
                eventId,
                formatVersion,
                status,
                fingerprint,
                token,
                attempts,
                leaseUntil,
                expiresAt,
                responseStatus,
                responseType,
                responseBody,
                responseBodyOmitted,
                payloadBody,
                payloadHeaders,
                lastError,
                createdAt,
                updatedAt,
                completedAt,
                nextAttemptAt,
                errorClass,
                history,
                attemptLog);
    }

    /** The type of every time column on this dialect, seen from Java as an {@link Instant}. */
    public static DataType<Instant> timeType(JdbcDialect dialect) {
        return switch (dialect) {
            case POSTGRESQL, H2 -> SQLDataType.INSTANT.precision(3);
            case MARIADB, MYSQL -> SQLDataType.LOCALDATETIME(3).asConvertedDataType(UtcDateTime.CONVERTER);
        };
    }

    /** The column of that table, qualified with its name. */
    static <T> Field<T> column(String tableName, String column, DataType<T> type) {
        return DSL.field(DSL.name(tableName, column), type);
    }

    /** {@code DATETIME} values that hold UTC wall-clock time, read and written as instants. */
    private static final class UtcDateTime {
        static final Converter<LocalDateTime, Instant> CONVERTER = Converter.ofNullable(
                LocalDateTime.class,
                Instant.class,
                local -> local.toInstant(ZoneOffset.UTC),
                instant -> LocalDateTime.ofInstant(instant, ZoneOffset.UTC));
    }
}
