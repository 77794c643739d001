package dev.hookguard.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.hookguard.core.EventKey;
import dev.hookguard.core.Payload;
import dev.hookguard.core.RecordStatus;
import dev.hookguard.core.StoredResponse;
import dev.hookguard.core.executor.Execution;
import dev.hookguard.core.executor.Verdict;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.jooq.Record2;
import org.jooq.impl.DSL;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The JDBC store on Postgres commits a handler's writes with its verdict. */
class PostgresTransactionalModeIT extends TransactionalModeContract {

    private static TestDatabase database;

    @BeforeAll
    static void openDatabase() {
        database = TestDatabase.postgres();
    }

    @AfterAll
    static void dropTables() {
        database.close();
    }

    @Override
    TestDatabase database() {
        return database;
    }

    /**
     * The claim writes a fresh event's row as its success leaves it, so the verdict in the same transaction changes no
     * column that the shipped indexes name (primary key, expiry, due queue, the operators' index of every status but
     * SUCCEEDED): PostgreSQL writes it as a HOT update, a new version in the same page and no index entry. Counted on a
     * table of its own from {@code pg_stat_user_tables}, whose counters a backend publishes within seconds of its
     * transactions (awaited).
     */
    @Test
    void shouldWriteTheVerdictAsAHotUpdateOnTheShippedIndexes() throws Exception {
        int events = 200;
        StoredResponse ok =
                StoredResponse.of(200, "application/json", "{\"ok\":true}".getBytes(StandardCharsets.UTF_8));
        try (TestDatabase own = TestDatabase.postgres()) {
            JdbcIdempotentExecutor executor = new JdbcIdempotentExecutor(own.store());
            for (int i = 0; i < events; i++) {
                Execution execution = executor.executeInTransaction(
                        EventKey.of("hot", "e" + i),
                        JdbcStoreContract.FP,
                        new Payload(new byte[0], Map.of()),
                        JdbcStoreContract.POLICY,
                        tx -> ok);
                assertThat(execution).isEqualTo(new Execution.Handled(ok, Verdict.PROCESSED));
            }

            Record2<Long, Long> updates = await().atMost(Duration.ofSeconds(60))
                    .pollInterval(Duration.ofMillis(250))
                    .until(() -> updates(own), u -> u.value1() >= events);

            System.out.printf(
                    "transactional verdicts: %d updates, %d HOT (%.1f %%)%n",
                    updates.value1(), updates.value2(), 100.0 * updates.value2() / updates.value1());
            assertThat(updates.value1()).isEqualTo(events);
            assertThat(updates.value2()).isGreaterThanOrEqualTo(events * 9L / 10);
            for (String id : List.of("e0", "e" + (events - 1))) {
                assertThat(own.store().find(EventKey.of("hot", id)).orElseThrow())
                        .satisfies(r -> assertThat(r.status()).isEqualTo(RecordStatus.SUCCEEDED))
                        .satisfies(r -> assertThat(r.response()).isEqualTo(ok));
            }
        }
    }

    /** The table's updates and HOT updates as PostgreSQL's statistics have them so far. */
    private static Record2<Long, Long> updates(TestDatabase db) {
        return db.dsl()
                .select(DSL.field("n_tup_upd", Long.class), DSL.field("n_tup_hot_upd", Long.class))
                .from("pg_stat_user_tables")
                .where(DSL.field("relname").eq(db.table))
                .fetchSingle();
    }
}
