package dev.hookguard.jdbc;

import org.jooq.Record;
import org.jooq.ResultQuery;
import org.jooq.impl.DSL;

/** The hot path's read: one record by key. Expired rows are never returned. */
final class ReadQueries {

    private final EventsTable t;
    private final ClaimQueries claims;

    ReadQueries(EventsTable table, DatabaseTime time, ClaimQueries claims) {
        this.t = table;
        this.claims = claims;
    }

    /** Every column of the live row. Parameters: {@code endpoint}, {@code event_id}. */
    ResultQuery<Record> find() {
        return DSL.select(t.columns).from(t.table).where(claims.isParameter()).and(claims.live());
    }
}
