package dev.hookguard.jdbc.internal.sql;

import dev.hookguard.jdbc.internal.DatabaseTime;
import org.jooq.Record;
import org.jooq.ResultQuery;
import org.jooq.impl.DSL;

/** The hot path's read: one record by key. Expired rows are never returned. */
public final class ReadQueries {

    private final EventsTable t;
    private final ClaimQueries claims;

    public ReadQueries(EventsTable table, DatabaseTime time, ClaimQueries claims) {
        this.t = table;
        this.claims = claims;
    }

    /** Every column of the live row. Parameters: {@code endpoint}, {@code event_id}. */
    public ResultQuery<Record> find() {
        return DSL.select(t.columns).from(t.table).where(claims.isParameter()).and(claims.live());
    }
}
