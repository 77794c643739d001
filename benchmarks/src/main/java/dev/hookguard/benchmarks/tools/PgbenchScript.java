package dev.hookguard.benchmarks.tools;

import dev.hookguard.benchmarks.BenchTable;
import dev.hookguard.benchmarks.Workload;
import dev.hookguard.core.ClaimOutcome;
import dev.hookguard.core.EventKey;
import dev.hookguard.jdbc.JdbcDialect;
import dev.hookguard.jdbc.JdbcIdempotencyStore;
import dev.hookguard.jdbc.JdbcStoreConfig;
import java.util.HexFormat;
import java.util.List;
import java.util.UUID;
import java.util.stream.Collectors;
import javax.sql.DataSource;
import org.jspecify.annotations.Nullable;

/**
 * Writes the {@code pgbench} script of one claim + complete pair from the statements the JDBC store really sends:
 * it runs one pair through a {@link StatementCapture}, then writes both statements with every bound value as a
 * literal, except the event id, which becomes the {@code pgbench} variable {@code :id} (a random number per
 * transaction). Run it with {@code pgbench -M prepared}: the store's statements are server-side prepared by
 * pgjdbc too, and {@code :id} then becomes a parameter whose type PostgreSQL infers from the column.
 */
public final class PgbenchScript {

    /** The endpoint of the rows {@code pgbench} writes. */
    public static final String ENDPOINT = "pgbench";

    private PgbenchScript() {}

    /** The script's text, captured from a store on {@code dataSource} (whose table must exist). */
    public static String capture(DataSource dataSource) {
        StatementCapture capture = new StatementCapture();
        JdbcIdempotencyStore store = new JdbcIdempotencyStore(
                capture.wrap(dataSource),
                JdbcStoreConfig.custom()
                        .tableName(BenchTable.HOOKGUARD.tableName())
                        .dialect(JdbcDialect.POSTGRESQL)
                        .build());
        String eventId = "capture-" + UUID.randomUUID();
        EventKey key = EventKey.of(ENDPOINT, eventId);
        ClaimOutcome claim = store.claim(key, Workload.FINGERPRINT, Workload.POLICY);
        if (!(claim instanceof ClaimOutcome.Acquired acquired)) {
            throw new IllegalStateException("the capture's claim of a new event was not acquired: " + claim);
        }
        store.complete(key, acquired.token(), Workload.COMPLETION, Workload.POLICY);
        List<StatementCapture.Executed> executed = capture.executed();
        if (executed.size() != 2) {
            throw new IllegalStateException("expected the store to send 2 statements for a pair, but it sent "
                    + executed.size() + ": " + executed);
        }
        return "-- One claim + complete pair, as JdbcIdempotencyStore sends it (captured by BenchTool pgbench-script)\n"
                + "\\set id random(1, 1000000000)\n"
                + executed.stream().map(e -> inline(e, eventId) + ";").collect(Collectors.joining("\n"))
                + "\n";
    }

    /** The statement with its {@code ?} markers replaced by literals, and the event id by {@code :id}. */
    static String inline(StatementCapture.Executed statement, String eventId) {
        StringBuilder sql = new StringBuilder();
        boolean quoted = false;
        int index = 0;
        for (char c : statement.sql().toCharArray()) {
            if (c == '\'') {
                quoted = !quoted;
            }
            if (c == '?' && !quoted) {
                index++;
                if (!statement.values().containsKey(index)) {
                    throw new IllegalStateException("no value was bound to marker " + index + " of " + statement.sql());
                }
                Object value = statement.values().get(index);
                sql.append(eventId.equals(value) ? ":id" : literal(value));
            } else {
                sql.append(c);
            }
        }
        if (index != statement.values().size()) {
            throw new IllegalStateException(
                    "found " + index + " markers but " + statement.values().size() + " values in " + statement.sql());
        }
        return sql.toString();
    }

    static String literal(@Nullable Object value) {
        if (value == null) {
            return "NULL";
        }
        if (value instanceof Number || value instanceof Boolean) {
            return value.toString();
        }
        if (value instanceof byte[] bytes) {
            return "'\\x" + HexFormat.of().formatHex(bytes) + "'";
        }
        return "'" + value.toString().replace("'", "''") + "'";
    }
}
