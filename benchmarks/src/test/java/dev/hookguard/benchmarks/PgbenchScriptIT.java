package dev.hookguard.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import com.zaxxer.hikari.HikariDataSource;
import dev.hookguard.benchmarks.tools.PgbenchScript;
import dev.hookguard.core.EventKey;
import dev.hookguard.jdbc.JdbcDialect;
import dev.hookguard.jdbc.JdbcIdempotencyStore;
import dev.hookguard.jdbc.JdbcStoreConfig;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The {@code pgbench} script holds the store's two statements, and they leave the row the store leaves. */
class PgbenchScriptIT {

    /** Every column that says what the pair did; the token is the claim's database time, so only checked as one. */
    private static final String COLUMNS = "format_version, status, fingerprint,"
            + " abs(token - cast(extract(epoch from created_at) * 1000000 as bigint)) < 1000, attempts, lease_until IS NULL,"
            + " expires_at - updated_at, response_status, response_type, response_body, response_body_omitted,"
            + " payload_body, payload_headers, last_error, completed_at = updated_at";

    private static HikariDataSource pool;
    private static boolean createdTable;

    @BeforeAll
    static void open() {
        BenchServices.configure();
        pool = Postgres.pool(1);
        createdTable = BenchTable.HOOKGUARD.createIfMissing(pool);
    }

    @AfterAll
    static void close() {
        if (createdTable) {
            BenchTable.HOOKGUARD.drop(pool);
        }
        pool.close();
    }

    @Test
    void shouldHoldTheClaimAndTheCompletionWithTheEventIdAsTheOnlyVariable() {
        List<String> lines = PgbenchScript.capture(pool).lines().toList();

        assertThat(lines).hasSize(4);
        assertThat(lines.get(1)).isEqualTo("\\set id random(1, 1000000000000000000)");
        assertThat(lines.get(2))
                .startsWith("with claimed as (insert into " + BenchTable.HOOKGUARD.tableName() + " ")
                .contains(" on conflict (endpoint, event_id) do nothing returning ") // a new event: the first statement
                .contains("'" + PgbenchScript.ENDPOINT + "', :id,")
                .contains(" returning ")
                .endsWith(" \\gset");
        assertThat(lines.get(3))
                .startsWith("update " + BenchTable.HOOKGUARD.tableName() + " set ")
                .contains(".event_id = :id ")
                .contains(" = :token")
                .endsWith(";");
        // the claim names the event in its insert and in its read of a refusing row, the completion once
        assertThat(String.join("\n", lines).split(":id", -1)).hasSize(4);
        assertThat(String.join("\n", lines).split(":token", -1)).hasSize(2);
    }

    @Test
    void shouldClaimADuplicateWithOneStatementInFourOfFiveTransactions() {
        PairCheck.seed(
                new JdbcIdempotencyStore(
                        pool,
                        JdbcStoreConfig.custom()
                                .tableName(BenchTable.HOOKGUARD.tableName())
                                .dialect(JdbcDialect.POSTGRESQL)
                                .build()),
                PgbenchScript.DUPLICATES);

        List<String> lines = PgbenchScript.captureMixed(pool).lines().toList();

        assertThat(lines).contains("\\set r random(1, 5)", "\\if :r = 1", "\\else", "\\endif");
        List<String> duplicate = lines.subList(lines.indexOf("\\else") + 1, lines.indexOf("\\endif"));
        assertThat(duplicate).hasSize(1);
        assertThat(duplicate.get(0))
                .startsWith("with claimed as (insert into ")
                .contains("'" + PgbenchScript.DUPLICATES + "', :dup,")
                .endsWith(";");
    }

    @Test
    void shouldLeaveTheRowTheStoreLeaves() throws Exception {
        List<String> lines = PgbenchScript.capture(pool).lines().toList();
        String scripted = "it-" + UUID.randomUUID();
        String stored = "it-" + UUID.randomUUID();
        try (Connection connection = pool.getConnection();
                Statement statement = connection.createStatement()) {
            String claim = lines.get(2).replace(":id", "'" + scripted + "'").replace(" \\gset", "");
            long token;
            try (ResultSet claimed = statement.executeQuery(claim)) {
                assertThat(claimed.next()).as("the claim returned the token").isTrue();
                token = claimed.getLong(PgbenchScript.TOKEN);
            }
            statement.execute(
                    lines.get(3).replace(":id", "'" + scripted + "'").replace(":token", Long.toString(token)));
        }
        JdbcIdempotencyStore store = new JdbcIdempotencyStore(
                pool,
                JdbcStoreConfig.custom()
                        .tableName(BenchTable.HOOKGUARD.tableName())
                        .dialect(JdbcDialect.POSTGRESQL)
                        .build());
        PairCheck.claimAndComplete(store, EventKey.of(PgbenchScript.ENDPOINT, stored));

        assertThat(row(scripted)).isEqualTo(row(stored)).contains("S");
    }

    private static List<String> row(String eventId) throws Exception {
        try (Connection connection = pool.getConnection();
                PreparedStatement query = connection.prepareStatement("SELECT " + COLUMNS + " FROM "
                        + BenchTable.HOOKGUARD.tableName() + " WHERE endpoint = ? AND event_id = ?")) {
            query.setString(1, PgbenchScript.ENDPOINT);
            query.setString(2, eventId);
            try (ResultSet result = query.executeQuery()) {
                assertThat(result.next()).as("row of " + eventId).isTrue();
                ResultSetMetaData meta = result.getMetaData();
                List<String> values = new ArrayList<>();
                for (int i = 1; i <= meta.getColumnCount(); i++) {
                    Object value = result.getObject(i);
                    values.add(value instanceof byte[] bytes ? Arrays.toString(bytes) : String.valueOf(value));
                }
                return values;
            }
        }
    }
}
