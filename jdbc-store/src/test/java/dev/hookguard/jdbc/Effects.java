package dev.hookguard.jdbc;

import java.util.List;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Table;
import org.jooq.impl.DSL;
import org.jooq.impl.SQLDataType;

/** A table standing for a handler's own business data, written in the handler's transaction. */
final class Effects {

    final Table<?> table;
    final Field<String> id;

    Effects(String tableName) {
        this.table = DSL.table(DSL.name(tableName));
        this.id = DSL.field(DSL.name("id"), SQLDataType.VARCHAR(100));
    }

    void create(DSLContext dsl) {
        dsl.createTableIfNotExists(table)
                .column(id.getName(), SQLDataType.VARCHAR(100).nullable(false))
                .primaryKey(id.getName())
                .execute();
    }

    void drop(DSLContext dsl) {
        dsl.dropTableIfExists(table).execute();
    }

    void write(DSLContext dsl, String value) {
        dsl.insertInto(table, id).values(value).execute();
    }

    List<String> all(DSLContext dsl) {
        return dsl.select(id).from(table).orderBy(id).fetch(id);
    }
}
