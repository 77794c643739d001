package dev.hookguard.faults;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.zaxxer.hikari.HikariDataSource;
import dev.hookguard.core.IdempotencyStore;
import dev.hookguard.core.RecordStatus;
import dev.hookguard.jdbc.JdbcIdempotencyStore;
import dev.hookguard.jdbc.JdbcStoreConfig;
import dev.hookguard.redis.RedisStoreConfig;
import dev.hookguard.redis.RedisStores;
import dev.hookguard.testkit.ThrowawayPostgres;
import dev.hookguard.testkit.ThrowawayRedis;
import java.io.IOException;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A receiver with sync intake on an endpoint whose sender never redelivers (receiver retries, GitHub's default) is
 * killed ({@code SIGKILL}) while its handlers run ({@value #EVENTS} deliveries at once; a loaded machine may answer a
 * few 503 before their handler, which this sender never sends again), and started again on the same port. No sender sends
 * anything more (each event was delivered once, and its delivery died with the process), and no request reaches the
 * restarted node: its dispatcher knows its address from its start, its sweeper finds the records whose lease ran out,
 * and since their claims kept the payload it schedules them; every one runs again and ends SUCCEEDED, none stays
 * PROCESSING. On Redis and on PostgreSQL, each of the test's own.
 */
class SyncReceiverKillIT {

    static final int EVENTS = 16;
    private static final Duration LEASE = Duration.ofSeconds(3);

    @Test
    void shouldRunEveryHandlerInFlightAgainAfterAKillOnRedis() throws Exception {
        RedisStoreConfig config = RedisStoreConfig.custom().keyPrefix("faults").build();
        try (ThrowawayRedis redis = ThrowawayRedis.durable()) {
            try (var checker = Scenario.connect(() -> RedisStores.standalone(redis.uri(), config))) {
                killAndRestart("sync-kill-redis", "redis", redis.uri(), checker);
            }
        }
    }

    @Test
    void shouldRunEveryHandlerInFlightAgainAfterAKillOnPostgres() throws Exception {
        try (ThrowawayPostgres postgres = ThrowawayPostgres.start();
                HikariDataSource checks = Scenario.checks(postgres)) {
            JdbcIdempotencyStore checker = Scenario.connect(() -> new JdbcIdempotencyStore(
                    checks, JdbcStoreConfig.custom().createSchemaIfMissing(true).build()));
            killAndRestart("sync-kill-postgres", "postgres", postgres.url(), checker);
        }
    }

    private static void killAndRestart(String test, String kind, String storeUri, IdempotencyStore checker)
            throws Exception {
        Figures figures = new Figures();
        List<String> ids = Storm.ids(test, EVENTS);
        Ledger ledger = new Ledger(Files.createTempFile("hookguard-ledger", ".txt"));
        int port = Scenario.sparePort();
        try {
            Process first = receiver(kind, storeUri, ledger, port);
            Map<String, Long> atKill;
            List<String> inFlight;
            int answeredBeforeKill;
            long restartedAt;
            long recoveredMillis;
            try (Storm storm = new Storm(ReceiverKillIT.port(first), figures, id -> Scenario.recorded(checker, id))
                    .maxTries(1)) { // the sender never redelivers
                CompletableFuture<Void> sent = storm.start(ids, Duration.ZERO);
                // every delivery either reached its handler or was answered (a loaded machine may refuse a few)
                await().atMost(Duration.ofSeconds(60)).until(() -> ledger.total() + figures.deliveries.get() >= EVENTS);
                answeredBeforeKill = figures.deliveries.get();
                first.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
                inFlight = List.copyOf(ledger.runs().keySet());
                sent.get(60, TimeUnit.SECONDS);
                atKill = Scenario.statuses(checker, inFlight);
                assertThat(inFlight).as("handlers in flight at the kill").hasSizeGreaterThanOrEqualTo(EVENTS / 2);
                assertThat(atKill).as("their records at the kill").containsOnlyKeys(RecordStatus.PROCESSING.name());
                assertThat(storm.gaveUp())
                        .as("deliveries that died with the receiver")
                        .containsExactlyInAnyOrderElementsOf(inFlight);
            } finally {
                first.destroyForcibly();
            }

            Process second = receiver(kind, storeUri, ledger, port);
            try {
                ReceiverKillIT.port(second);
                restartedAt = System.nanoTime();
                List<String> timeline = new ArrayList<>();
                await().atMost(Duration.ofSeconds(120))
                        .pollInterval(Duration.ofMillis(200))
                        .untilAsserted(() -> {
                            Map<String, Long> now = Scenario.statuses(checker, inFlight);
                            String step = now.toString();
                            if (timeline.isEmpty()
                                    || !timeline.get(timeline.size() - 1).endsWith(step)) {
                                timeline.add((System.nanoTime() - restartedAt) / 1_000_000 + " ms " + step);
                            }
                            assertThat(now).containsOnlyKeys(RecordStatus.SUCCEEDED.name());
                        });
                System.out.printf("[fault-figures] %s: statuses after the restart: %s%n", test, timeline);
                recoveredMillis = (System.nanoTime() - restartedAt) / 1_000_000;
            } finally {
                second.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
            }

            Map<String, Integer> runs = ledger.runs();
            System.out.printf(
                    "[fault-figures] %s: events=%d answered-before-kill=%d in-flight-at-kill=%d statuses-at-kill=%s all"
                            + " SUCCEEDED %d ms after the restart with no inbound request (lease %d ms)"
                            + " handler-runs{runs=events}=%s%n",
                    test,
                    EVENTS,
                    answeredBeforeKill,
                    inFlight.size(),
                    atKill,
                    recoveredMillis,
                    LEASE.toMillis(),
                    Figures.runHistogram(ids, id -> runs.getOrDefault(id, 0)));
            assertThat(inFlight)
                    .allSatisfy(id -> assertThat(runs.getOrDefault(id, 0))
                            .as("runs of " + id + ": one cut off by the kill, one after")
                            .isEqualTo(2));
        } finally {
            Files.deleteIfExists(ledger.file());
        }
    }

    private static Process receiver(String kind, String storeUri, Ledger ledger, int port) throws IOException {
        return Scenario.jvm(
                SyncReceiverMain.class,
                kind,
                storeUri,
                ledger.file().toString(),
                Integer.toString(port),
                Long.toString(LEASE.toMillis()));
    }
}
