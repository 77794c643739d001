package dev.hookguard.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.hookguard.core.ClaimOutcome;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.Failure;
import dev.hookguard.core.Fingerprint;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.Payload;
import dev.hookguard.jdbc.internal.sql.EventsTable;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.jooq.DSLContext;
import org.jooq.impl.DSL;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A real InnoDB deadlock whose victim is the store's claim: the claim is run again and acquires instead of failing
 * with {@link dev.hookguard.core.StoreUnavailableException}.
 */
class MariaDbConflictRetryIT {

    private static final IdempotencyPolicy POLICY = IdempotencyPolicy.ofDefaults();
    private static final Fingerprint FP = Fingerprint.of("body".getBytes(StandardCharsets.UTF_8));

    private static TestDatabase database;

    @BeforeAll
    static void openDatabase() {
        database = TestDatabase.mariadb();
    }

    @AfterAll
    static void dropTables() {
        database.close();
    }

    /**
     * Another transaction holds a shared lock on the row and has written many rows; the claim's {@code SELECT … FOR
     * UPDATE} queues behind the shared lock; the other transaction then asks for the row exclusively. The two wait
     * for each other, InnoDB rolls back the lighter one (the claim, error 1213), the store retries and, once the other
     * transaction commits, acquires.
     */
    @Test
    void shouldRetryClaimThatLostADeadlock() throws Exception {
        JdbcIdempotencyStore store = database.store();
        EventKey key = EventKey.of("deadlock", "e1");
        long token = ((ClaimOutcome.Acquired) store.claim(key, FP, POLICY)).token();
        store.fail(key, token, new Failure(Payload.of(new byte[] {1}), "HTTP 503"), POLICY);
        EventsTable events = new EventsTable(database.table, database.dialect);

        CompletableFuture<ClaimOutcome> claim;
        try (Connection other = database.dataSource.getConnection()) {
            other.setAutoCommit(false);
            DSLContext dsl = database.dsl().configuration().derive(other).dsl();
            for (int i = 0; i < 200; i++) {
                database.effects.write(dsl, "heavy-" + i);
            }
            dsl.select(events.token)
                    .from(events.table)
                    .where(keyIs(events, key))
                    .forShare()
                    .fetch();

            claim = CompletableFuture.supplyAsync(() -> store.claim(key, FP, POLICY));
            await().atMost(Duration.ofSeconds(10)).until(() -> waitingForLock() == 1);
            dsl.select(events.token)
                    .from(events.table)
                    .where(keyIs(events, key))
                    .forUpdate()
                    .fetch();
            await().atMost(Duration.ofSeconds(10)).until(() -> store.session().conflictRetries() >= 1);

            other.commit();
        }

        assertThat(claim.get(10, TimeUnit.SECONDS)).isInstanceOfSatisfying(ClaimOutcome.Acquired.class, again -> {
            assertThat(again.attempt()).isEqualTo(2);
            assertThat(again.token()).isGreaterThan(token);
        });
        assertThat(store.session().conflictRetries()).isGreaterThanOrEqualTo(1);
    }

    private static org.jooq.Condition keyIs(EventsTable events, EventKey key) {
        return events.endpoint.eq(key.endpoint()).and(events.eventId.eq(key.eventId()));
    }

    /** Transactions of this server waiting for a lock in a statement on this test's table. */
    private static int waitingForLock() {
        return database.dsl()
                .fetchCount(
                        DSL.table(DSL.name("information_schema", "innodb_trx")),
                        DSL.field(DSL.name("trx_state"))
                                .eq("LOCK WAIT")
                                .and(DSL.field(DSL.name("trx_query"), String.class)
                                        .contains(database.table)));
    }
}
