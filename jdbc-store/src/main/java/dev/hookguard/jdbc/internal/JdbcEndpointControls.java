package dev.hookguard.jdbc.internal;

import dev.hookguard.core.operator.EndpointControls;
import dev.hookguard.core.operator.EndpointControls.EndpointState;
import dev.hookguard.core.operator.OperatorAction;
import dev.hookguard.core.operator.OperatorAction.AuditEntry;
import dev.hookguard.jdbc.JdbcDialect;
import dev.hookguard.jdbc.JdbcStoreConfig;
import dev.hookguard.jdbc.internal.sql.EventsTable;
import java.time.Instant;
import org.jooq.DataType;
import org.jooq.Field;
import org.jooq.Record;
import org.jooq.Table;
import org.jooq.impl.DSL;
import org.jooq.impl.SQLDataType;

/**
 * The {@link EndpointControls} of the JDBC store, on the table {@code <table>_controls} of the migration {@code
 * V4__endpoint_controls.sql}: one row per endpoint ever paused or resumed. A change is one short transaction: {@code
 * SELECT <now>}, then one upsert ({@code INSERT … ON CONFLICT (endpoint) DO UPDATE} on PostgreSQL, {@code ON DUPLICATE
 * KEY UPDATE} on MariaDB/MySQL, {@code MERGE} on H2, as jOOQ renders {@code onConflict}) of the state, the action, its
 * operator, the database's time and the note. A read is one {@code SELECT} by primary key.
 */
public final class JdbcEndpointControls {

    /** The row format this code writes into {@code format_version}. */
    private static final int FORMAT_VERSION = 1;

    private final JdbcSession session;
    private final DatabaseTime time;
    private final Table<Record> table;
    private final Field<String> endpoint;
    private final Field<Integer> formatVersion;
    private final Field<Boolean> paused;
    private final Field<String> action;
    private final Field<String> actor;
    private final Field<Instant> changedAt;
    private final Field<String> note;

    public JdbcEndpointControls(JdbcSession session, String eventsTable, JdbcDialect dialect) {
        this.session = session;
        this.time = new DatabaseTime(dialect);
        String name = eventsTable + JdbcStoreConfig.CONTROLS_SUFFIX;
        this.table = DSL.table(DSL.name(name));
        this.endpoint = column(name, "endpoint", SQLDataType.VARCHAR(255));
        this.formatVersion = column(name, "format_version", SQLDataType.INTEGER);
        this.paused = column(name, "paused", SQLDataType.BOOLEAN);
        this.action = column(name, "action", SQLDataType.VARCHAR(32));
        this.actor = column(name, "actor", SQLDataType.VARCHAR(1024));
        this.changedAt = column(name, "changed_at", EventsTable.timeType(dialect));
        this.note = column(name, "note", SQLDataType.VARCHAR(4000));
    }

    public EndpointState change(String name, boolean pause, OperatorAction operator, String what) {
        return session.transaction(what + " endpoint " + name, dsl -> {
            Instant now = dsl.select(time.now()).fetchOne().value1();
            dsl.insertInto(table)
                    .set(endpoint, name)
                    .set(formatVersion, FORMAT_VERSION)
                    .set(paused, pause)
                    .set(action, what)
                    .set(actor, operator.actor())
                    .set(changedAt, now)
                    .set(note, operator.note())
                    .onConflict(endpoint)
                    .doUpdate()
                    .set(formatVersion, FORMAT_VERSION)
                    .set(paused, pause)
                    .set(action, what)
                    .set(actor, operator.actor())
                    .set(changedAt, now)
                    .set(note, operator.note())
                    .execute();
            return new EndpointState(name, pause, operator.entry(now, what));
        });
    }

    public EndpointState read(String name) {
        return session.autoCommit(
                "read the controls of endpoint " + name,
                dsl -> dsl.select(paused, action, actor, changedAt, note)
                        .from(table)
                        .where(endpoint.eq(name))
                        .fetchOptional(row -> new EndpointState(
                                name,
                                Boolean.TRUE.equals(row.value1()),
                                new AuditEntry(row.value4(), row.value3(), row.value2(), row.value5())))
                        .orElseGet(() -> EndpointState.running(name)));
    }

    private static <T> Field<T> column(String tableName, String column, DataType<T> type) {
        return DSL.field(DSL.name(tableName, column), type);
    }
}
