package dev.hookguard.faults;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.zaxxer.hikari.HikariDataSource;
import dev.hookguard.core.RecordStatus;
import dev.hookguard.jdbc.JdbcIdempotencyStore;
import dev.hookguard.jdbc.JdbcStoreConfig;
import dev.hookguard.testkit.ThrowawayPostgres;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The first {@value #EVENTS} deliveries to a receiver just started (a fresh JVM, async intake, PostgreSQL, the default
 * 1 s store timeout), all at once, as a sender with a backlog sends them: counted without the store's warm-up and with
 * it, each in a fresh JVM on a PostgreSQL cluster of its own, and printed. Every delivery answered 202 ends SUCCEEDED. The counts are
 * figures, not thresholds: they depend on the machine.
 */
class ColdStartIT {

    private static final int EVENTS = 100;

    @Test
    void shouldCountThe503sOfTheFirstDeliveriesWithAndWithoutTheWarmUp() throws Exception {
        int cold = firstDeliveries("cold");
        int warm = firstDeliveries("warm");
        System.out.printf(
                "[fault-figures] cold-start: 503s among the first %d deliveries after start-up"
                        + " (async intake, PostgreSQL, store timeout 1 s): without warm-up=%d, with warm-up=%d%n",
                EVENTS, cold, warm);
    }

    /** Starts a receiver, sends it {@value #EVENTS} deliveries at once, once each; the number answered 503. */
    private static int firstDeliveries(String mode) throws Exception {
        try (ThrowawayPostgres postgres = ThrowawayPostgres.start();
                HikariDataSource checks = Scenario.checks(postgres)) {
            JdbcIdempotencyStore checker = Scenario.connect(() -> new JdbcIdempotencyStore(
                    checks, JdbcStoreConfig.custom().createSchemaIfMissing(true).build()));
            return firstDeliveries(mode, postgres, checker);
        }
    }

    private static int firstDeliveries(String mode, ThrowawayPostgres postgres, JdbcIdempotencyStore checker)
            throws Exception {
        Figures figures = new Figures();
        List<String> ids = Storm.ids("cold-start-" + mode, EVENTS);
        Process receiver =
                Scenario.jvm(ColdStartMain.class, postgres.url(), Integer.toString(Scenario.sparePort()), mode);
        try (Storm storm =
                new Storm(ReceiverKillIT.port(receiver), figures, id -> Scenario.stored(checker, id)).maxTries(1)) {
            storm.start(ids, Duration.ZERO).get(120, TimeUnit.SECONDS);
            List<String> accepted =
                    ids.stream().filter(id -> !storm.gaveUp().contains(id)).toList();
            await().atMost(Duration.ofSeconds(120))
                    .pollInterval(Duration.ofMillis(200))
                    .untilAsserted(() -> assertThat(Scenario.statuses(checker, accepted))
                            .containsOnlyKeys(RecordStatus.SUCCEEDED.name()));
            assertThat(figures.ok.get() + figures.unavailable.get())
                    .as("deliveries answered 202 or 503")
                    .isEqualTo(EVENTS);
        } finally {
            receiver.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
        }
        figures.print("cold-start-" + mode, EVENTS, -1, Map.of(), -1);
        return figures.unavailable.get();
    }
}
