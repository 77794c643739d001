package dev.hookguard.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.hookguard.core.ClaimOutcome;
import dev.hookguard.core.Completion;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.Fingerprint;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.StoredResponse;
import dev.hookguard.core.operator.OperatorAction.AuditEntry;
import dev.hookguard.core.operator.OperatorStore.AuditLine;
import dev.hookguard.core.operator.OperatorStore.AuditQuery;
import dev.hookguard.jdbc.internal.DatabaseTime;
import dev.hookguard.jdbc.internal.JdbcSession;
import dev.hookguard.jdbc.internal.sql.AuditQueries;
import dev.hookguard.jdbc.internal.sql.ClaimQueries;
import dev.hookguard.jdbc.internal.sql.EventsTable;
import dev.hookguard.jdbc.internal.sql.OperatorQueries;
import dev.hookguard.jdbc.internal.sql.QueueQueries;
import dev.hookguard.jdbc.internal.sql.ReadQueries;
import dev.hookguard.jdbc.internal.sql.RenderedStatement;
import dev.hookguard.jdbc.internal.sql.WriteQueries;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.jooq.DSLContext;
import org.jooq.Query;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A purge that empties the table, followed by VACUUM and ANALYZE, leaves PostgreSQL's key lookups on the primary key
 * (an emptied, re-analysed table once switched them to a sequential scan, four times slower once it filled again):
 * the V2 migration keeps VACUUM from cutting the table to zero pages. A fenced write (the completion) reads the
 * primary key, never the operator index, whose PROCESSING entries include a dead one per finished event until VACUUM
 * (a scan of them made every completion slower than the last). The pick stays on the due index and the dead-letter
 * count is an index-only scan of the operator index. A page of one endpoint's audit trail (one of 20) reads the walk
 * index, a later page the walk index or the primary key (ids below the cursor), never the whole table.
 */
class PostgresPlanIT {

    private static final Fingerprint FP = Fingerprint.of("body".getBytes(StandardCharsets.UTF_8));
    private static final IdempotencyPolicy BRIEF = IdempotencyPolicy.custom()
            .lease(Duration.ofMillis(400))
            .retention(Duration.ofMillis(400))
            .build();
    private static final EventKey KEY = EventKey.of("plan", "e1");
    private static final String[] KEY_PARAMETERS = {ClaimQueries.ENDPOINT, ClaimQueries.EVENT_ID};

    private static TestDatabase database;

    @BeforeAll
    static void openDatabase() {
        database = TestDatabase.postgres();
    }

    @AfterAll
    static void dropTables() {
        database.close();
    }

    @Test
    void shouldKeepKeyLookupsOnThePrimaryKeyAfterPurgeEmptiedAndReanalysedTheTable() {
        JdbcIdempotencyStore store = database.store();
        for (int i = 0; i < 500; i++) {
            EventKey key = EventKey.of("plan", "p" + i);
            long token = ((ClaimOutcome.Acquired) store.claim(key, FP, BRIEF)).token();
            store.complete(key, token, Completion.succeeded(StoredResponse.empty(200)), BRIEF);
        }
        await().atMost(Duration.ofSeconds(10))
                .pollInterval(Duration.ofMillis(100))
                .until(() -> store.find(EventKey.of("plan", "p499")).isEmpty());
        assertThat(store.purgeExpired()).isEqualTo(500);
        database.dsl().execute("vacuum analyze " + database.table);

        assertThat(plan(queries().reads.find(), KEY_PARAMETERS, KEY.endpoint(), KEY.eventId()))
                .contains("Index Scan using " + database.table + "_pk")
                .doesNotContain("Seq Scan");
        assertThat(plan(
                        queries().writes.complete(),
                        WriteQueries.COMPLETE_PARAMETERS,
                        KEY.endpoint(),
                        KEY.eventId(),
                        1L,
                        "S",
                        200,
                        null,
                        new byte[0],
                        false,
                        null,
                        null,
                        null,
                        400L,
                        "",
                        200_000))
                .contains("Index Scan using " + database.table + "_pk")
                .doesNotContain("_ops_idx")
                .doesNotContain("Seq Scan");
        String claimPlan = plan(
                queries().claims.claimOrRead(false),
                ClaimQueries.CLAIM_PARAMETERS,
                KEY.endpoint(),
                KEY.eventId(),
                FP.hex(),
                400L,
                400L);
        assertThat(claimPlan).contains("Conflict Arbiter Indexes: " + database.table + "_pk");
        assertThat(claimPlan.substring(claimPlan.indexOf("Append")))
                .contains("Index Scan using " + database.table + "_pk")
                .doesNotContain("Seq Scan");
        assertThat(plan(queries().queue.pickReturning(dsl(), "plan", 10, Duration.ofSeconds(30))))
                .contains("Index Scan using " + database.table + "_due_idx")
                .doesNotContain("Seq Scan");
        assertThat(plan(queries().operators.deadLetterCount(dsl(), "plan")))
                .contains("Index Only Scan using " + database.table + "_ops_idx");
    }

    @Test
    void shouldWalkAnEndpointsAuditTrailOnTheWalkIndex() {
        AuditQueries queries = new AuditQueries(database.table, new DatabaseTime(database.dialect));
        Instant now = Instant.now();
        List<Query> appends = new ArrayList<>();
        for (int i = 0; i < 2_000; i++) {
            AuditEntry entry = new AuditEntry(now.plusMillis(i), "ops", AuditEntry.SKIP, null);
            AuditLine line = new AuditLine("audit" + i % 20, "e" + i, entry);
            appends.add(queries.append(dsl(), line, entry.at(), entry.at().plus(Duration.ofDays(1))));
        }
        dsl().batch(appends).execute();
        String audit = database.table + JdbcStoreConfig.AUDIT_SUFFIX;
        dsl().execute("analyze " + audit);

        assertThat(plan(queries.page(dsl(), AuditQuery.all("audit3"), null, 51)))
                .contains(audit + "_walk_idx")
                .doesNotContain("Seq Scan");
        assertThat(plan(queries.page(dsl(), new AuditQuery("audit3", "ops", null, now, null), 1_500L, 51)))
                .containsPattern(audit + "_(walk_idx|pk)")
                .doesNotContain("Seq Scan");
    }

    private static DSLContext dsl() {
        return database.dsl();
    }

    private static Queries queries() {
        return new Queries(new EventsTable(database.table, database.dialect), database.dialect);
    }

    /** The text of {@code EXPLAIN} for a hot-path shape with these values written as literals. */
    private static String plan(Query shape, String[] names, @Nullable Object... values) {
        String sql = RenderedStatement.of(JdbcSession.renderer(database.dialect), shape, names)
                .inlined(values);
        return String.join("\n", dsl().fetch("explain " + sql).getValues(0, String.class));
    }

    /** The text of {@code EXPLAIN} for the query with its values inlined, as a generic plan would see them. */
    private static String plan(Query query) {
        return String.join(
                "\n", dsl().fetch("explain " + dsl().renderInlined(query)).getValues(0, String.class));
    }

    /** The store's statement builders on the test table. */
    private static final class Queries {
        final ClaimQueries claims;
        final WriteQueries writes;
        final ReadQueries reads;
        final QueueQueries queue;
        final OperatorQueries operators;

        Queries(EventsTable table, JdbcDialect dialect) {
            DatabaseTime time = new DatabaseTime(dialect);
            claims = new ClaimQueries(table, time);
            writes = new WriteQueries(table, time, claims);
            reads = new ReadQueries(table, time, claims);
            queue = new QueueQueries(table, time, claims);
            operators = new OperatorQueries(table, time, claims, writes);
        }
    }
}
