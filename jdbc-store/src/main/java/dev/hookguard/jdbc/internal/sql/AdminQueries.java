package dev.hookguard.jdbc.internal.sql;

import static org.jooq.impl.DSL.row;
import static org.jooq.impl.DSL.val;

import dev.hookguard.jdbc.JdbcDialect;
import dev.hookguard.jdbc.internal.DatabaseTime;
import org.jooq.Condition;
import org.jooq.DSLContext;
import org.jooq.Query;

/** The purge of expired rows in bounded batches; it never deletes a row that is queued or in the due queue. */
public final class AdminQueries {

    private final EventsTable t;
    private final DatabaseTime time;
    private final ClaimQueries claims;

    public AdminQueries(EventsTable table, DatabaseTime time, ClaimQueries claims) {
        this.t = table;
        this.time = time;
        this.claims = claims;
    }

    /** Past its retention and neither queued nor in the due queue: purge never deletes what still has to run. */
    private Condition purgeable() {
        return claims.expired().and(t.status.ne(ClaimQueries.QUEUED));
    }

    /**
     * Deletes at most {@code limit} rows past their retention. MariaDB/MySQL: {@code DELETE … ORDER BY expires_at
     * LIMIT n}. PostgreSQL and H2: by primary key from a limited sub-select (PostgreSQL's locked with {@code SKIP
     * LOCKED}, so the purge never waits for a claim), with the expiry checked again on the row being deleted, so a row
     * that a claim took over in between is kept.
     */
    public Query purgeBatch(DSLContext dsl, JdbcDialect dialect, int limit) {
        return switch (dialect) {
            case MARIADB, MYSQL ->
                dsl.deleteFrom(t.table).where(purgeable()).orderBy(t.expiresAt).limit(val(limit));
            case POSTGRESQL, H2 -> {
                var expired = dsl.select(t.endpoint, t.eventId)
                        .from(t.table)
                        .where(purgeable())
                        .limit(val(limit));
                yield dsl.deleteFrom(t.table)
                        .where(purgeable())
                        .and(row(t.endpoint, t.eventId)
                                .in(
                                        dialect == JdbcDialect.POSTGRESQL
                                                ? expired.forUpdate().skipLocked()
                                                : expired));
            }
        };
    }
}
