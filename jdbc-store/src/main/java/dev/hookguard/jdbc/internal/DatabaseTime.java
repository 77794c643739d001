package dev.hookguard.jdbc.internal;

import dev.hookguard.jdbc.JdbcDialect;
import dev.hookguard.jdbc.internal.sql.EventsTable;
import java.time.Duration;
import java.time.Instant;
import org.jooq.Field;
import org.jooq.impl.DSL;
import org.jooq.impl.SQLDataType;

/**
 * The database's clock as jOOQ expressions, in milliseconds: {@code current_timestamp(3)} on PostgreSQL and H2,
 * {@code utc_timestamp(3)} on MariaDB/MySQL (whose {@code current_timestamp} follows the session time zone). Leases
 * and retention are judged by these, never by the JVM's clock; durations are bound as whole milliseconds (a {@code
 * BIGINT}, which plain JDBC binds as it is on every database) and added with a fixed template per dialect.
 *
 * <p>Fencing tokens start at the database's time in microseconds ({@link #micros()}) and every claim sets {@code
 * greatest(token + 1, micros)}, so a key's tokens keep rising even after its record was purged and created again.
 *
 * <p>PostgreSQL and H2 return the same value for every use within one transaction; MariaDB the same within one
 * statement. Either way all times one statement writes are equal.
 */
public final class DatabaseTime {

    private final JdbcDialect dialect;
    private final Field<Instant> now;
    private final Field<Long> micros;

    public DatabaseTime(JdbcDialect dialect) {
        this.dialect = dialect;
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
    public Field<Long> micros() {
        return micros;
    }

    /** The database these expressions are for. */
    public JdbcDialect dialect() {
        return dialect;
    }

    /** The database's current time. */
    public Field<Instant> now() {
        return now;
    }

    /** The database's current time minus {@code duration}, which is bound. */
    public Field<Instant> before(Duration duration) {
        return after(DSL.val(-duration.toMillis()));
    }

    /** The database's current time plus {@code duration}, which is bound. */
    public Field<Instant> after(Duration duration) {
        return after(DSL.val(duration.toMillis()));
    }

    /**
     * The database's current time plus {@code millis} milliseconds (a bind parameter, typically named, of a statement
     * rendered once); null when {@code millis} is null.
     */
    public Field<Instant> after(Field<Long> millis) {
        return switch (dialect) {
            case POSTGRESQL ->
                DSL.field("({0} + cast({1} as bigint) * interval '1 millisecond')", now.getDataType(), now, millis);
            case H2 -> DSL.field("dateadd(millisecond, cast({1} as bigint), {0})", now.getDataType(), now, millis);
            case MARIADB, MYSQL ->
                DSL.field("timestampadd(microsecond, cast({1} as signed) * 1000, {0})", now.getDataType(), now, millis);
        };
    }
}
