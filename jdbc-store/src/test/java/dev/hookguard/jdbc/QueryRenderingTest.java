package dev.hookguard.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hookguard.core.ClaimOutcome;
import dev.hookguard.core.ErrorClass;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.Fingerprint;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.Payload;
import dev.hookguard.core.RecordStatus;
import dev.hookguard.core.operator.ListFilter;
import dev.hookguard.core.operator.ListFilter.Listing;
import dev.hookguard.core.operator.OperatorAction.AuditEntry;
import dev.hookguard.core.operator.OperatorStore.AuditLine;
import dev.hookguard.core.operator.OperatorStore.AuditQuery;
import dev.hookguard.jdbc.internal.ClaimDecision;
import dev.hookguard.jdbc.internal.DatabaseTime;
import dev.hookguard.jdbc.internal.JdbcSession;
import dev.hookguard.jdbc.internal.sql.AdminQueries;
import dev.hookguard.jdbc.internal.sql.AuditQueries;
import dev.hookguard.jdbc.internal.sql.ClaimQueries;
import dev.hookguard.jdbc.internal.sql.EventsTable;
import dev.hookguard.jdbc.internal.sql.OperatorQueries;
import dev.hookguard.jdbc.internal.sql.QueueQueries;
import dev.hookguard.jdbc.internal.sql.ReadQueries;
import dev.hookguard.jdbc.internal.sql.RecordCursor;
import dev.hookguard.jdbc.internal.sql.WriteQueries;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import org.jooq.DSLContext;
import org.jooq.Query;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Every statement binds every value the caller supplies, and names only the configured table. */
class QueryRenderingTest {

    private static final EventKey KEY = EventKey.of("endpointvalue", "eventidvalue");
    private static final Fingerprint FP = Fingerprint.of("bodyvalue".getBytes(StandardCharsets.UTF_8));
    private static final IdempotencyPolicy POLICY = IdempotencyPolicy.ofDefaults();
    private static final List<String> VALUES = List.of(
            "endpointvalue",
            "eventidvalue",
            FP.hex(),
            "notevalue",
            "errorvalue",
            "text/value",
            "cursorvalue",
            "textvalue",
            "actorvalue");

    @ParameterizedTest
    @EnumSource(JdbcDialect.class)
    void shouldBindEveryValueAndNameOnlyTheConfiguredTable(JdbcDialect dialect) {
        for (String sql : statements(dialect)) {
            assertThat(sql).contains("?").contains("my_events").doesNotContain("hookguard_events");
            VALUES.forEach(value -> assertThat(sql).doesNotContain(value));
        }
    }

    @ParameterizedTest
    @EnumSource(JdbcDialect.class)
    void shouldClaimWithOneGuardedUpsertOnPostgresAndInsertIfAbsentElsewhere(JdbcDialect dialect) {
        String claim = statements(dialect).get(0);

        switch (dialect) {
            case POSTGRESQL ->
                assertThat(claim)
                        .startsWith("with claimed as (insert into my_events")
                        .contains(" on conflict (endpoint, event_id) do update set ")
                        .contains(" token = greatest((my_events.token + 1), excluded.token),")
                        .contains(" where ((my_events.expires_at <= current_timestamp(3) and my_events.next_attempt_at"
                                + " is null) or ")
                        .contains(" returning my_events.status, my_events.fingerprint, my_events.token,")
                        .endsWith(" from my_events where (my_events.endpoint = ? and my_events.event_id = ?)"
                                + " and not exists (select 1 from claimed)");
            case H2 ->
                assertThat(claim)
                        .startsWith("select token from final table (merge into my_events")
                        .contains(" when not matched then insert ");
            case MARIADB ->
                assertThat(claim).startsWith("insert ignore into my_events").endsWith(" returning token");
            case MYSQL -> assertThat(claim).startsWith("insert ignore into my_events");
        }
    }

    private static List<String> statements(JdbcDialect dialect) {
        DSLContext dsl = JdbcSession.renderer(dialect);
        EventsTable table = new EventsTable("my_events", dialect);
        DatabaseTime time = new DatabaseTime(dialect);
        ClaimQueries claims = new ClaimQueries(table, time);
        WriteQueries writes = new WriteQueries(table, time, claims);
        ReadQueries reads = new ReadQueries(table, time, claims);
        AdminQueries admin = new AdminQueries(table, time, claims);
        QueueQueries queue = new QueueQueries(table, time, claims);
        OperatorQueries operators = new OperatorQueries(table, time, claims, writes);
        AuditQueries audit = new AuditQueries("my_events", time);
        ListFilter filter = ListFilter.forEndpoint("endpointvalue")
                .listings(EnumSet.allOf(Listing.class))
                .errorClasses(ErrorClass.TIMEOUT)
                .from(Instant.EPOCH)
                .to(Instant.EPOCH.plusSeconds(1))
                .text("textvalue")
                .build();
        List<AuditEntry> history = List.of(new AuditEntry(Instant.EPOCH, "actorvalue", "replay", "notevalue"));
        Payload payload = new Payload(new byte[] {1}, Map.of("X-Header", List.of("text/value")));
        List<Query> queries = List.of(
                dialect == JdbcDialect.POSTGRESQL ? claims.claimOrRead(false) : claims.insertIfAbsent(false),
                dialect == JdbcDialect.POSTGRESQL ? claims.claimOrRead(true) : claims.insertIfAbsent(true),
                claims.insertIfAbsent(dsl, KEY, claims.freshRow(KEY, FP, POLICY)),
                claims.readForClaim(true),
                claims.read(dsl, KEY, true),
                claims.takeOver(
                        dsl,
                        KEY,
                        FP,
                        null,
                        POLICY,
                        new ClaimDecision.TakeOver(new ClaimOutcome.Acquired(2, 1), 1, true)),
                claims.takeOver(
                        dsl,
                        KEY,
                        FP,
                        payload,
                        POLICY,
                        new ClaimDecision.TakeOver(new ClaimOutcome.Acquired(2, 1), 1, false)),
                writes.renew(),
                writes.complete(),
                writes.fail(null),
                writes.fail(RecordStatus.DEAD),
                reads.find(),
                dialect == JdbcDialect.POSTGRESQL
                        ? queue.upsert(dsl, KEY, FP, payload, POLICY)
                        : queue.restart(dsl, KEY, FP, payload, POLICY, 5),
                dialect == JdbcDialect.POSTGRESQL
                        ? queue.pickReturning(dsl, "endpointvalue", 10, Duration.ofSeconds(1))
                        : queue.pickLocked(dsl, "endpointvalue", 10, Duration.ofSeconds(1)),
                queue.push(dsl, "endpointvalue", List.of("eventidvalue"), Instant.EPOCH),
                queue.schedule(dsl, KEY, Duration.ofSeconds(1), POLICY),
                queue.stats(dsl, "endpointvalue"),
                operators.list(dsl, filter, new RecordCursor(Instant.EPOCH, "cursorvalue"), 10),
                operators.count(dsl, filter),
                operators.deadLetterCount(dsl, "endpointvalue"),
                operators.lock(dsl, KEY),
                operators.replay(dsl, history, POLICY).where(operators.is(KEY)),
                operators.requeue(dsl, history, POLICY).where(operators.is(KEY)),
                operators.settle(dsl, history, POLICY, "notevalue").where(operators.is(KEY)),
                admin.purgeBatch(dsl, dialect, 1000),
                audit.append(
                        dsl,
                        new AuditLine("endpointvalue", "eventidvalue", history.get(0)),
                        Instant.EPOCH,
                        Instant.EPOCH.plusSeconds(1)),
                audit.page(
                        dsl,
                        new AuditQuery(
                                "endpointvalue", "actorvalue", "replay", Instant.EPOCH, Instant.EPOCH.plusSeconds(1)),
                        5L,
                        10),
                audit.purgeBatch(dsl, 1000));
        return queries.stream().map(dsl::render).toList();
    }
}
