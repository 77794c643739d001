package dev.hookguard.jdbc.internal.sql;

import static dev.hookguard.jdbc.internal.sql.EventsTable.column;
import static org.jooq.impl.DSL.noCondition;
import static org.jooq.impl.DSL.val;

import dev.hookguard.core.operator.OperatorStore.AuditLine;
import dev.hookguard.core.operator.OperatorStore.AuditQuery;
import dev.hookguard.jdbc.JdbcDialect;
import dev.hookguard.jdbc.JdbcStoreConfig;
import dev.hookguard.jdbc.internal.DatabaseTime;
import java.time.Instant;
import org.jooq.Condition;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Query;
import org.jooq.Record;
import org.jooq.Record6;
import org.jooq.ResultQuery;
import org.jooq.Table;
import org.jooq.impl.DSL;
import org.jooq.impl.SQLDataType;
import org.jspecify.annotations.Nullable;

/**
 * The audit trail's statements on the table {@code <table>_audit} of the migration {@code V6__audit_trail.sql}, with
 * its hand-written jOOQ definition: the append (one {@code INSERT}; the database numbers the line), a page of one
 * endpoint's trail newest first (descending {@code id}, on {@code …_audit_walk_idx}), and the purge of expired lines in
 * bounded batches (on {@code …_audit_expires_idx}). Every value is bound; a line is live while its {@code expires_at}
 * is after the database's now.
 */
public final class AuditQueries {

    private final DatabaseTime time;
    private final Table<Record> table;
    private final Field<Long> id;
    private final Field<String> endpoint;
    private final Field<String> eventId;
    private final Field<Instant> at;
    private final Field<String> actor;
    private final Field<String> action;
    private final Field<String> note;
    private final Field<Instant> expiresAt;

    /** The statements on the audit trail of the events table {@code eventsTable}. */
    public AuditQueries(String eventsTable, DatabaseTime time) {
        this.time = time;
        String name = eventsTable + JdbcStoreConfig.AUDIT_SUFFIX;
        this.table = DSL.table(DSL.name(name));
        this.id = column(name, "id", SQLDataType.BIGINT);
        this.endpoint = column(name, "endpoint", SQLDataType.VARCHAR(255));
        this.eventId = column(name, "event_id", SQLDataType.VARCHAR(255));
        this.at = column(name, "at", EventsTable.timeType(time.dialect()));
        this.actor = column(name, "actor", SQLDataType.VARCHAR(1024));
        this.action = column(name, "action", SQLDataType.VARCHAR(32));
        this.note = column(name, "note", SQLDataType.CLOB);
        this.expiresAt = column(name, "expires_at", EventsTable.timeType(time.dialect()));
    }

    /** Appends the line at {@code lineAt}, kept until {@code keptUntil} (both in milliseconds). */
    public Query append(DSLContext dsl, AuditLine line, Instant lineAt, Instant keptUntil) {
        return dsl.insertInto(table)
                .set(endpoint, val(line.endpoint()))
                .set(eventId, val(line.eventId(), eventId))
                .set(at, val(lineAt, at))
                .set(actor, val(line.entry().actor()))
                .set(action, val(line.entry().action()))
                .set(note, val(line.entry().note(), note))
                .set(expiresAt, val(keptUntil, expiresAt));
    }

    /**
     * Up to {@code limit} live lines of the query's endpoint that it selects, with ids below {@code before} when set,
     * newest first: {@code id, event_id, at, actor, action, note}.
     */
    public ResultQuery<Record6<Long, String, Instant, String, String, String>> page(
            DSLContext dsl, AuditQuery query, @Nullable Long before, int limit) {
        return dsl.select(id, eventId, at, actor, action, note)
                .from(table)
                .where(endpoint.eq(val(query.endpoint())))
                .and(expiresAt.gt(time.now()))
                .and(query.actor() == null ? noCondition() : actor.eq(val(query.actor())))
                .and(query.action() == null ? noCondition() : action.eq(val(query.action())))
                .and(query.from() == null ? noCondition() : at.ge(val(query.from(), at)))
                .and(query.to() == null ? noCondition() : at.lt(val(query.to(), at)))
                .and(before == null ? noCondition() : id.lt(val(before)))
                .orderBy(id.desc())
                .limit(val(limit));
    }

    /**
     * Deletes at most {@code limit} expired lines. MariaDB/MySQL: {@code DELETE … ORDER BY expires_at LIMIT n}.
     * PostgreSQL and H2: by id from a limited sub-select (PostgreSQL's locked with {@code SKIP LOCKED}, so purgers
     * running at once take different lines).
     */
    public Query purgeBatch(DSLContext dsl, int limit) {
        Condition expired = expiresAt.le(time.now());
        return switch (time.dialect()) {
            case MARIADB, MYSQL ->
                dsl.deleteFrom(table).where(expired).orderBy(expiresAt).limit(val(limit));
            case POSTGRESQL, H2 -> {
                var batch = dsl.select(id).from(table).where(expired).limit(val(limit));
                yield dsl.deleteFrom(table)
                        .where(id.in(
                                time.dialect() == JdbcDialect.POSTGRESQL
                                        ? batch.forUpdate().skipLocked()
                                        : batch));
            }
        };
    }
}
