package dev.hookguard.servlet;

import static dev.hookguard.core.signature.Scheme.STANDARD_WEBHOOKS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.zaxxer.hikari.HikariDataSource;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.EventRecord;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.RecordStatus;
import dev.hookguard.core.signature.SignatureConfig;
import dev.hookguard.jdbc.JdbcDialect;
import dev.hookguard.jdbc.JdbcIdempotencyStore;
import dev.hookguard.jdbc.JdbcSchema;
import dev.hookguard.jdbc.JdbcStoreConfig;
import dev.hookguard.servlet.DeliveryMetrics.DispatchOutcome;
import dev.hookguard.testkit.TestServices;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Async intake on a JDBC store whose pool has 8 connections, in front of a handler that works 2 s (a latch-free wait,
 * the workload), with the dispatcher's 128 dispatches in flight: far more dispatches than connections, since a
 * dispatch holds a connection only for its claim and its verdict, never while the handler works. Every event
 * SUCCEEDED once, and no dispatch was refused by the node's own store (the pool exhausted), counted by the
 * dispatcher's outcomes. Real Tomcat, real PostgreSQL; the issue's {@value #EVENTS} events (about half a minute: 128
 * handlers of 2 s at a time, 16 dispatches per connection).
 */
@Timeout(300)
class TomcatPostgresSmallPoolIT {

    static final int EVENTS = 2_000;
    static final int POOL = 8;
    static final int IN_FLIGHT = 128;
    static final Duration HANDLER_TIME = Duration.ofSeconds(2);

    @Test
    void shouldRunEveryEventOnceWithoutExhaustingAPoolOfEightConnections() throws Exception {
        String run = UUID.randomUUID().toString().substring(0, 8);
        String table = "hookguard_smallpool_" + run;
        String endpoint = "pool-" + run;
        TestServices.Database db = TestServices.postgres();
        try (HikariDataSource pool = new HikariDataSource()) {
            pool.setJdbcUrl(db.url());
            pool.setUsername(db.user());
            pool.setPassword(db.password());
            pool.setMaximumPoolSize(POOL);
            pool.setConnectionTimeout(2_000); // the README's recommendation: a claim waits at most this long
            JdbcIdempotencyStore store = new JdbcIdempotencyStore(
                    pool,
                    JdbcStoreConfig.custom()
                            .tableName(table)
                            .createSchemaIfMissing(true)
                            .build());
            try {
                run(store, endpoint, EVENTS);
            } finally {
                JdbcSchema.drop(pool, JdbcDialect.POSTGRESQL, table);
            }
        }
    }

    private static void run(JdbcIdempotencyStore store, String endpoint, int events) throws Exception {
        ScriptedHandler handler = new ScriptedHandler();
        handler.slowFor = HANDLER_TIME;
        HookguardFilter filter = new HookguardFilter(HookguardFilterConfig.custom()
                .store(store)
                .dispatcher(DispatcherConfig.custom()
                        .workers(4)
                        .maxInFlight(IN_FLIGHT)
                        .build())
                .endpoint(EndpointConfig.custom(endpoint)
                        .path("/hooks/" + endpoint)
                        .scheme(STANDARD_WEBHOOKS, SignatureConfig.of(AbstractFilterIT.SECRET))
                        .policy(IdempotencyPolicy.ofDefaults())
                        .recovery(RecoveryConfig.custom().intake(Intake.ASYNC).build())
                        .build())
                .build());
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < events; i++) {
            ids.add("slow-" + endpoint + "-" + i);
        }
        try (ServletContainer container =
                TomcatContainer.start(WebApp.of(filter).servlet("/hooks/*", handler))) {
            Sender sender = new Sender(Sender.client(), container.base());
            long started = System.nanoTime();
            Deliveries answers = Deliveries.send(
                    sender,
                    ids,
                    8,
                    id -> sender.signed(
                            "/hooks/" + endpoint,
                            STANDARD_WEBHOOKS,
                            AbstractFilterIT.SECRET,
                            id,
                            AbstractRecoveryMatrixIT.json(id)));
            long storedAt = System.nanoTime();
            // a 503 at intake (the pool exhausted before anything was stored) would be the sender's to retry
            List<String> queued =
                    ids.stream().filter(id -> answers.status(id) == 202).toList();

            await().atMost(Duration.ofSeconds(240))
                    .untilAsserted(() -> assertThat(handler.successes.size())
                            .as(() -> "handlers succeeded; due queue " + store.stats(endpoint) + ", dispatcher "
                                    + filter.dispatcher().orElseThrow().snapshot(endpoint))
                            .isEqualTo(queued.size()));
            long doneAt = System.nanoTime();
            Map<DispatchOutcome, Long> outcomes = filter.dispatcher()
                    .orElseThrow()
                    .snapshot(endpoint)
                    .orElseThrow()
                    .dispatches();
            System.out.printf(
                    "[recovery-figures] %s: %d events, %d answered 202, stored in %d ms, all handled %d ms later;"
                            + " pool %d, %d in flight, dispatch outcomes %s%n",
                    TomcatPostgresSmallPoolIT.class.getSimpleName(),
                    ids.size(),
                    queued.size(),
                    (storedAt - started) / 1_000_000,
                    (doneAt - storedAt) / 1_000_000,
                    POOL,
                    IN_FLIGHT,
                    outcomes);

            assertThat(queued).as("answered 202 at intake").hasSameSizeAs(ids);
            assertThat(ids).allSatisfy(id -> {
                assertThat(handler.successes(id)).as(id).isEqualTo(1);
                assertThat(handler.runs(id)).as(id).isEqualTo(1);
                assertThat(status(store, endpoint, id)).as(id).contains(RecordStatus.SUCCEEDED);
            });
            assertThat(outcomes.get(DispatchOutcome.REFUSED))
                    .as("dispatches refused by the pool")
                    .isZero();
            assertThat(outcomes.get(DispatchOutcome.ERROR))
                    .as("dispatches without an answer")
                    .isZero();
        }
    }

    private static Optional<RecordStatus> status(JdbcIdempotencyStore store, String endpoint, String id) {
        return store.find(EventKey.of(endpoint, id)).map(EventRecord::status);
    }
}
