package dev.hookguard.jdbc;

import java.time.Duration;
import java.time.Instant;
import org.jooq.Field;
import org.jooq.impl.DSL;
import org.jooq.types.DayToSecond;

/**
 * The database's clock as jOOQ expressions, in milliseconds: {@code current_timestamp(3)} on PostgreSQL and H2,
 * {@code utc_timestamp(3)} on MariaDB/MySQL (whose {@code current_timestamp} follows the session time zone). Leases
 * and retention are judged by these, never by the JVM's clock; durations are bound as intervals.
 *
 * <p>PostgreSQL and H2 return the same value for every use within one transaction; MariaDB the same within one
 * statement. Either way all times one statement writes are equal.
 */
final class DatabaseTime {

    private final Field<Instant> now;

    DatabaseTime(JdbcDialect dialect) {
        this.now = switch (dialect) {
            case POSTGRESQL, H2 -> DSL.currentTimestamp(DSL.inline(3)).coerce(EventsTable.timeType(dialect));
            case MARIADB, MYSQL ->
                DSL.function(DSL.name("utc_timestamp"), EventsTable.timeType(dialect), DSL.inline(3));
        };
    }

    /** The database's current time. */
    Field<Instant> now() {
        return now;
    }

    /** The database's current time plus {@code duration}, which is bound. */
    Field<Instant> after(Duration duration) {
        return now.plus(DSL.val(DayToSecond.valueOf(duration)));
    }
}
