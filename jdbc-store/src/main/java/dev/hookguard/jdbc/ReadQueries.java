package dev.hookguard.jdbc;

import dev.hookguard.core.EventKey;
import org.jooq.DSLContext;
import org.jooq.Record;
import org.jooq.ResultQuery;

/** The hot path's read: one record by key. Expired rows are never returned. */
final class ReadQueries {

    private final EventsTable t;
    private final DatabaseTime time;
    private final ClaimQueries claims;

    ReadQueries(EventsTable table, DatabaseTime time, ClaimQueries claims) {
        this.t = table;
        this.time = time;
        this.claims = claims;
    }

    ResultQuery<Record> find(DSLContext dsl, EventKey key) {
        return dsl.select(t.columns).from(t.table).where(claims.is(key)).and(claims.live());
    }
}
