package dev.hookguard.faults;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.zaxxer.hikari.HikariDataSource;
import dev.hookguard.core.IdempotencyStore;
import dev.hookguard.jdbc.JdbcIdempotencyStore;
import dev.hookguard.jdbc.JdbcStoreConfig;
import dev.hookguard.testkit.ThrowawayPostgres;
import java.nio.file.Files;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * A PostgreSQL primary with a streaming standby ({@code pg_basebackup -R}), each a cluster of the test's own, the WAL
 * reaching the standby {@value #LAG_MILLIS} ms late (a proxy on the replication connection); the receiver, a JVM of its own, on the multi-host URL {@code jdbc:postgresql://primary,standby/postgres?
 * targetServerType=primary} with the pool the jdbc-store README recommends. Mid-storm (signed deliveries, each sent
 * until it gets a 2xx, so with duplicates) every process of the primary is killed with {@code SIGKILL}; once the
 * receiver has refused deliveries with 503 for a while, the standby is promoted ({@code pg_ctl promote}) and the storm
 * goes on against it.
 *
 * <p>With a synchronous standby ({@code synchronous_standby_names = '*'}, {@code synchronous_commit = on}): no event
 * answered 2xx is missing its verdict on the promoted server, and only handlers in flight at the kill (started, not
 * yet answered 2xx) run twice. With an asynchronous standby the same figures are printed, not asserted: what a commit
 * acknowledged before the standby received it costs.
 *
 * <p>Each case runs three times, side by side ({@link Repeats}; {@code -Dfaults.repeat=1} for one run).
 */
class PostgresFailoverIT {

    private static final int EVENTS = 400;
    private static final Duration LEASE = Duration.ofSeconds(3);
    /**
     * How late the WAL reaches the standby, in milliseconds (a {@link DelayingProxy} on its replication connection), as
     * over a network between two sites or to a busy standby; what the proxy still holds back when the primary dies is
     * dropped with it.
     */
    private static final long LAG_MILLIS = 100;

    private static final Duration REPLICATION_LAG = Duration.ofMillis(LAG_MILLIS);

    @Test
    void shouldLoseNothingAcknowledgedWhenASynchronousStandbyIsPromoted() throws Exception {
        Repeats.concurrently(run -> {
            Outcome outcome = failover("postgres-failover-sync-" + run, true);

            assertThat(outcome.lost())
                    .as("events answered 2xx whose verdict the promoted server lacks")
                    .isEmpty();
            assertThat(outcome.twiceBeyondInFlight())
                    .as("handlers run twice that were not in flight at the kill")
                    .isEmpty();
        });
    }

    @Test
    void shouldPrintWhatAnAsynchronousStandbyLosesWhenItIsPromoted() throws Exception {
        // figures only: they show why the setting matters
        Repeats.concurrently(run -> failover("postgres-failover-async-" + run, false));
    }

    /**
     * @param lost events answered 2xx whose terminal record is not on the promoted server
     * @param twiceBeyondInFlight events whose handler ran more than once but was not in flight at the kill
     */
    private record Outcome(Set<String> lost, Set<String> twiceBeyondInFlight) {}

    private static Outcome failover(String test, boolean synchronous) throws Exception {
        long began = System.nanoTime();
        Figures figures = new Figures();
        List<String> ids = Storm.ids(test, EVENTS);
        Ledger ledger = new Ledger(Files.createTempFile("hookguard-ledger", ".txt"));
        try (ThrowawayPostgres primary = ThrowawayPostgres.start();
                DelayingProxy replication = new DelayingProxy(primary.port(), REPLICATION_LAG);
                ThrowawayPostgres standby = primary.standby(replication.port())) {
            String url = "jdbc:postgresql://127.0.0.1:" + primary.port() + ",127.0.0.1:" + standby.port()
                    + "/postgres?targetServerType=primary&connectTimeout=2&socketTimeout=10";
            if (synchronous) {
                synchronousStandby(primary);
            }
            try (HikariDataSource checks = Scenario.failoverPool(url, 2)) {
                IdempotencyStore checker = Scenario.connect(() -> new JdbcIdempotencyStore(
                        checks,
                        JdbcStoreConfig.custom().createSchemaIfMissing(true).build()));
                Set<String> acknowledged = ConcurrentHashMap.newKeySet(); // events answered 2xx
                long killedAt;
                Set<String> inFlight = new TreeSet<>();
                long promotedAfterMillis;
                Set<String> gaveUp;
                long setUpMillis;
                Process receiver = Scenario.jvm(
                        ReceiverMain.class, url, ledger.file().toString(), Long.toString(LEASE.toMillis()));
                try (Storm storm = new Storm(ReceiverKillIT.port(receiver), figures, id -> {
                    acknowledged.add(id);
                    return Scenario.recorded(checker, id);
                })) {
                    setUpMillis = (System.nanoTime() - began) / 1_000_000;
                    CompletableFuture<Void> done = storm.start(ids, Duration.ofMillis(20));
                    await().atMost(Duration.ofSeconds(60)).until(() -> acknowledged.size() >= EVENTS / 4);
                    Set<String> acknowledgedBeforeKill = Set.copyOf(acknowledged);
                    primary.kill();
                    killedAt = System.nanoTime(); // every process of the primary is gone
                    ledger.runs().keySet().stream()
                            .filter(id -> !acknowledgedBeforeKill.contains(id))
                            .forEach(inFlight::add);
                    int refusedBefore = figures.unavailable.get();
                    await().atMost(Duration.ofSeconds(60)).until(() -> figures.unavailable.get() >= refusedBefore + 20);
                    standby.promote();
                    promotedAfterMillis = (System.nanoTime() - killedAt) / 1_000_000;
                    done.get(240, TimeUnit.SECONDS);
                    gaveUp = Set.copyOf(storm.gaveUp());
                } finally {
                    receiver.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
                }

                Map<String, Integer> runs = ledger.runs();
                Set<String> lost = new TreeSet<>();
                Set<String> twice = new TreeSet<>();
                for (String id : ids) { // the promoted server answers by now: one read per event, no polling
                    if (checker.find(Scenario.key(id))
                            .filter(found -> Scenario.TERMINAL.contains(found.status()))
                            .isEmpty()) {
                        lost.add(id);
                    }
                    if (runs.getOrDefault(id, 0) > 1) {
                        twice.add(id);
                    }
                }
                Set<String> twiceBeyondInFlight = new TreeSet<>(twice);
                twiceBeyondInFlight.removeAll(inFlight);
                long firstOkAfterKill = figures.firstOkSentAfterMillis(killedAt);
                figures.print(test, EVENTS, -1, Figures.runHistogram(ids, id -> runs.getOrDefault(id, 0)), -1);
                System.out.printf(
                        "[fault-figures] %s: standby=%s replication-lag=%dms deliveries=%d 2xx=%d 503=%d acknowledged-not-in-store=%d"
                                + " handlers-twice=%d in-flight-at-kill=%d twice-beyond-in-flight=%d"
                                + " promoted-after-kill=%dms first-2xx-after-kill=%dms set-up=%dms run=%dms%n",
                        test,
                        synchronous ? "synchronous" : "asynchronous",
                        REPLICATION_LAG.toMillis(),
                        figures.deliveries.get(),
                        figures.ok.get(),
                        figures.unavailable.get(),
                        lost.size(),
                        twice.size(),
                        inFlight.size(),
                        twiceBeyondInFlight.size(),
                        promotedAfterMillis,
                        firstOkAfterKill,
                        setUpMillis,
                        (System.nanoTime() - began) / 1_000_000);
                assertThat(gaveUp).as("events that never got a 2xx").isEmpty();
                return new Outcome(lost, twiceBeyondInFlight);
            }
        } finally {
            Files.deleteIfExists(ledger.file());
        }
    }

    /**
     * Makes every commit on {@code primary} wait until a standby has flushed it ({@code synchronous_commit = on}, the
     * default, with {@code synchronous_standby_names = '*'}), once the standby streams. Set with {@code ALTER SYSTEM}
     * after the base backup, so that the standby does not inherit it: a promoted server that waited for a standby it
     * does not have would never commit again.
     */
    private static void synchronousStandby(ThrowawayPostgres primary) {
        try (HikariDataSource admin = new HikariDataSource()) {
            admin.setJdbcUrl(primary.url());
            admin.setUsername("postgres");
            admin.setMaximumPoolSize(1);
            JdbcTemplate jdbc = new JdbcTemplate(admin);
            jdbc.execute("alter system set synchronous_standby_names = '*'");
            jdbc.execute("alter system set synchronous_commit = 'on'");
            jdbc.execute("select pg_reload_conf()");
            await().atMost(Duration.ofSeconds(60))
                    .until(() -> jdbc.queryForList("select sync_state from pg_stat_replication", String.class)
                            .contains("sync"));
        }
    }
}
