package dev.hookguard.jdbc;

import java.time.Duration;
import java.time.Instant;
import org.jooq.Field;
import org.jooq.impl.DSL;
import org.jooq.impl.SQLDataType;
import org.jooq.types.DayToSecond;

/**
 * The database's clock as jOOQ expressions, in milliseconds: {@code current_timestamp(3)} on PostgreSQL and H2,
 * {@code utc_timestamp(3)} on MariaDB/MySQL (whose {@code current_timestamp} follows the session time zone). Leases
 * and retention are judged by these, never by the JVM's clock; durations are bound as intervals.
 *
 * <p>Fencing tokens start at the database's time in microseconds ({@link #micros()}) and every claim sets {@code
 * greatest(token + 1, micros)}, so a key's tokens keep rising even after its record was purged and created again.
 *
 * <p>PostgreSQL and H2 return the same value for every use within one transaction; MariaDB the same within one
 * statement. Either way all times one statement writes are equal.
 */
final class DatabaseTime {

    private final Field<Instant> now;
    private final Field<Long> micros;

    DatabaseTime(JdbcDialect dialect) {
        this.now = switch (dialect) {
            case POSTGRESQL, H2 -> DSL.currentTimestamp(DSL.inline(3)).coerce(EventsTable.timeType(dialect));
            case MARIADB, MYSQL ->
                DSL.function(DSL.name("utc_timestamp"), EventsTable.timeType(dialect), DSL.inline(3));
        };
        this.micros = DSL.field(
                switch (dialect) {
                    case POSTGRESQL -> "cast(extract(epoch from current_timestamp) * 1000000 as bigint)";
                    case H2 ->
                        "datediff(microsecond, timestamp with time zone '1970-01-01 00:00:00+00', current_timestamp(6))";
                    case MARIADB, MYSQL -> "timestampdiff(microsecond, '1970-01-01 00:00:00', utc_timestamp(6))";
                },
                SQLDataType.BIGINT);
    }

    /**
     * The database's current time in microseconds since the epoch, the floor of every fencing token: a fixed SQL
     * template per dialect (jOOQ's own epoch function has only whole seconds).
     */
    Field<Long> micros() {
        return micros;
    }

    /** The database's current time. */
    Field<Instant> now() {
        return now;
    }

    /** The database's current time minus {@code duration}, which is bound. */
    Field<Instant> before(Duration duration) {
        return now.minus(DSL.val(DayToSecond.valueOf(duration)));
    }

    /** The database's current time plus {@code duration}, which is bound. */
    Field<Instant> after(Duration duration) {
        return now.plus(DSL.val(DayToSecond.valueOf(duration)));
    }
}
