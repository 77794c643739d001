package dev.hookguard.faults;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.zaxxer.hikari.HikariDataSource;
import dev.hookguard.core.IdempotencyStore;
import dev.hookguard.core.RecordStatus;
import dev.hookguard.jdbc.JdbcIdempotencyStore;
import dev.hookguard.jdbc.JdbcStoreConfig;
import dev.hookguard.servlet.HookguardFilter;
import dev.hookguard.servlet.HookguardFilterConfig;
import dev.hookguard.spring.internal.transaction.TransactionalMode;
import dev.hookguard.spring.internal.transaction.TransactionalWebhooks;
import dev.hookguard.testkit.ThrowawayPostgres;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import jakarta.servlet.Filter;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.springframework.context.support.StaticApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;

/**
 * PostgreSQL crashed ({@code pg_ctl stop -m immediate}) and restarted while a paced storm flows, on a cluster of the
 * test's own. The handler's side effect is a row in the same database. In the plain mode the row commits on its own,
 * so a handler may run twice only where the crash fell between its row and its verdict (such deliveries were answered
 * 503, counted as unrecorded); in the transactional mode the row commits with the verdict, so no event has two rows.
 */
class PostgresKillIT {

    private static final int EVENTS = 120;
    private static final Duration LEASE = Duration.ofSeconds(10);

    @Test
    void shouldAcknowledgeNothingUnrecordedWhenPostgresCrashesMidStormInThePlainMode() throws Exception {
        Outcome outcome = storm(false);

        assertThat(outcome.doubleRuns).isLessThanOrEqualTo((int) outcome.unrecorded);
    }

    @Test
    void shouldRunNoHandlerTwiceWhenPostgresCrashesMidStormInTheTransactionalMode() throws Exception {
        Outcome outcome = storm(true);

        assertThat(outcome.doubleRuns).isZero();
    }

    private record Outcome(int doubleRuns, double unrecorded) {}

    private Outcome storm(boolean transactional) throws Exception {
        SimpleMeterRegistry meters = new SimpleMeterRegistry();
        Figures figures = new Figures();
        String mode = transactional ? "postgres-kill-transactional" : "postgres-kill-plain";
        List<String> ids = Storm.ids(mode, EVENTS);
        try (ThrowawayPostgres postgres = ThrowawayPostgres.start();
                HikariDataSource pool = pool(postgres, 16);
                HikariDataSource checks = pool(postgres, 2)) {
            JdbcIdempotencyStore store = Scenario.connect(() -> new JdbcIdempotencyStore(
                    pool, JdbcStoreConfig.custom().createSchemaIfMissing(true).build()));
            IdempotencyStore checker =
                    Scenario.connect(() -> new JdbcIdempotencyStore(checks, JdbcStoreConfig.ofDefaults()));
            JdbcTemplate jdbc = new JdbcTemplate(pool);
            jdbc.execute("create table side_effects (event_id text not null)");
            HookguardFilter hookguard;
            Filter filter;
            if (transactional) {
                StaticApplicationContext context = new StaticApplicationContext();
                context.getBeanFactory()
                        .registerSingleton(
                                "transactionalWebhooks",
                                new TransactionalWebhooks(store, pool, new DataSourceTransactionManager(pool)));
                TransactionalMode transactions = TransactionalMode.of(context, store);
                HookguardFilterConfig config =
                        Scenario.config(transactions.store(), LEASE, meters).build();
                hookguard = new HookguardFilter(config);
                filter = transactions.wrap(hookguard, config, request -> Scenario.ENDPOINT);
            } else {
                hookguard = new HookguardFilter(
                        Scenario.config(store, LEASE, meters).build());
                filter = hookguard;
            }
            SideEffectServlet handler =
                    new SideEffectServlet(id -> jdbc.update("insert into side_effects (event_id) values (?)", id));
            try (Receiver receiver = Receiver.start(filter, handler, 0);
                    Storm storm = new Storm(receiver.base(), figures, id -> Scenario.recorded(checker, id))) {
                CompletableFuture<Void> done = storm.start(ids, Duration.ofMillis(25));
                await().atMost(Duration.ofSeconds(60)).until(() -> storm.started() >= EVENTS / 3);
                postgres.crash();
                int before = figures.unavailable.get();
                await().atMost(Duration.ofSeconds(60)).until(() -> figures.unavailable.get() >= before + 20);
                postgres.startServer();
                done.get(240, TimeUnit.SECONDS);

                assertThat(storm.gaveUp()).isEmpty();
            } finally {
                hookguard.destroy();
            }
            Map<String, Integer> runs = rows(checks);
            double unrecorded = Scenario.outcomes(meters, "unrecorded");
            figures.print(
                    mode,
                    EVENTS,
                    unrecorded,
                    Figures.runHistogram(ids, id -> runs.getOrDefault(id, 0)),
                    Scenario.slowestClaimMillis(meters));

            assertThat(figures.acknowledgedUnrecorded).hasValue(0);
            if (transactional) {
                // an outage surfacing through Spring (no transaction, a failed commit, a handler's failed statement
                // whose failure cannot be recorded) is answered 503 with Retry-After, never 500
                assertThat(figures.answered(500)).as("deliveries answered 500").isZero();
            }
            for (String id : ids) {
                assertThat(Scenario.status(checker, id)).as(id).isEqualTo(Optional.of(RecordStatus.SUCCEEDED));
                assertThat(runs.getOrDefault(id, 0)).as(id).isPositive();
            }
            assertThat(Scenario.slowestClaimMillis(meters)).isLessThan(10_000);
            return new Outcome(Figures.doubleRuns(ids, id -> runs.getOrDefault(id, 0)), unrecorded);
        }
    }

    private static Map<String, Integer> rows(HikariDataSource checks) {
        Map<String, Integer> rows = new HashMap<>();
        new JdbcTemplate(checks).query("select event_id, count(*) from side_effects group by event_id", row -> {
            rows.put(row.getString(1), row.getInt(2));
        });
        return rows;
    }

    /** A pool that gives up on a connection after 250 ms (Hikari's least), so that an outage is noticed fast. */
    private static HikariDataSource pool(ThrowawayPostgres postgres, int size) {
        HikariDataSource pool = new HikariDataSource();
        pool.setJdbcUrl(postgres.url());
        pool.setUsername("postgres");
        pool.setMaximumPoolSize(size);
        pool.setConnectionTimeout(250);
        pool.setValidationTimeout(250);
        pool.setInitializationFailTimeout(-1);
        return pool;
    }
}
