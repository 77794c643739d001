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
import javax.sql.DataSource;
import org.jspecify.annotations.Nullable;

/**
 * Writes the {@code pgbench} script of one claim + complete pair from the statements the JDBC store really sends:
 * it runs one pair through a {@link StatementCapture}, then writes both statements with every bound value as a
 * literal, except two. The event id becomes the {@code pgbench} variable {@code :id} (a random number per
 * transaction). The fencing token is the database's time in microseconds when the claim ran, so the captured one
 * fences nothing in a later transaction: the claim ends in {@code \gset}, which stores the token its {@code
 * RETURNING} gives into {@code :token}, and the completion sends {@code :token}, as the store sends the token its
 * claim returned. Run it with {@code pgbench -M prepared}: the store's statements are server-side prepared by
 * pgjdbc too, and {@code :id} and {@code :token} then become parameters whose types PostgreSQL infers from the
 * columns.
 */
public final class PgbenchScript {

    /** The {@code pgbench} variable the claim's {@code RETURNING token} is stored into ({@code \\gset}). */
    public static final String TOKEN = "token";

    /** The endpoint of the rows {@code pgbench} writes. */
    public static final String ENDPOINT = "pgbench";

    /** The endpoint of the seeded events whose duplicates the mixed script claims ({@code BenchTool seed}). */
    public static final String DUPLICATES = "pgbench-dup";

    private PgbenchScript() {}

    /** The script's text, captured from a store on {@code dataSource} (whose table must exist). */
    public static String capture(DataSource dataSource) {
        return "-- One claim + complete pair, as JdbcIdempotencyStore sends it (captured by BenchTool pgbench-script)\n"
                + "\\set id random(1, 1000000000000000000)\n"
                + pair(dataSource);
    }

    /**
     * The duplicate workload's script: one transaction in {@link Workload#NEW_EVERY} the pair of {@link
     * #capture(DataSource)}, the others the statements the store sends for a duplicate claim of one of the seeded
     * events of {@link #DUPLICATES} (which {@code BenchTool seed} creates), drawn as {@code :dup}.
     */
    public static String captureMixed(DataSource dataSource) {
        StatementCapture capture = new StatementCapture();
        JdbcIdempotencyStore store = store(capture.wrap(dataSource));
        String seeded = Workload.seededId(1);
        ClaimOutcome claim = store.claim(EventKey.of(DUPLICATES, seeded), Workload.FINGERPRINT, Workload.POLICY);
        if (!(claim instanceof ClaimOutcome.Duplicate)) {
            throw new IllegalStateException(
                    "the seeded event was not a duplicate (run BenchTool seed first): " + claim);
        }
        StringBuilder duplicate = new StringBuilder();
        for (StatementCapture.Executed statement : capture.executed()) {
            duplicate.append(inline(statement, seeded, -1, ":dup")).append(";\n");
        }
        return "-- The duplicate workload, as JdbcIdempotencyStore sends it (captured by BenchTool pgbench-mixed-script):\n"
                + "-- one transaction in " + Workload.NEW_EVERY + " a new event's claim + complete, the others a"
                + " duplicate claim of a seeded event\n"
                + "\\set id random(1, 1000000000000000000)\n"
                + "\\set dup random(1, " + Workload.SEEDED + ")\n"
                + "\\set r random(1, " + Workload.NEW_EVERY + ")\n"
                + "\\if :r = 1\n"
                + pair(dataSource)
                + "\\else\n"
                + duplicate
                + "\\endif\n";
    }

    private static JdbcIdempotencyStore store(DataSource dataSource) {
        return new JdbcIdempotencyStore(
                dataSource,
                JdbcStoreConfig.custom()
                        .tableName(BenchTable.HOOKGUARD.tableName())
                        .dialect(JdbcDialect.POSTGRESQL)
                        .build());
    }

    /** The claim ({@code \\gset} of its token) and the completion of a new event {@code :id}. */
    private static String pair(DataSource dataSource) {
        StatementCapture capture = new StatementCapture();
        JdbcIdempotencyStore store = store(capture.wrap(dataSource));
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
        String claimed = inline(executed.get(0), eventId, acquired.token(), ":id");
        String completed = inline(executed.get(1), eventId, acquired.token(), ":id");
        if (!claimed.matches("(?s).* returning .*\\b" + TOKEN + "\\b.*") || !completed.contains(":" + TOKEN)) {
            throw new IllegalStateException("expected the claim to return the token and the completion to send it: "
                    + claimed + "; " + completed);
        }
        return claimed + " \\gset\n" + completed + ";\n";
    }

    /**
     * The statement with its {@code ?} markers replaced by literals, the event id by {@code idVariable} and the token
     * by {@code :token}.
     */
    static String inline(StatementCapture.Executed statement, String eventId, long token, String idVariable) {
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
                sql.append(
                        eventId.equals(value)
                                ? idVariable
                                : Long.valueOf(token).equals(value) ? ":" + TOKEN : literal(value));
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
