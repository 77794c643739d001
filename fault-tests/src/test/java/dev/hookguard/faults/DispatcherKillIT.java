package dev.hookguard.faults;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.hookguard.core.RecordStatus;
import dev.hookguard.redis.RedisIdempotencyStore;
import dev.hookguard.redis.RedisStoreConfig;
import dev.hookguard.redis.RedisStores;
import dev.hookguard.servlet.HookguardFilter;
import dev.hookguard.testkit.ThrowawayRedis;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Two receivers in async intake on one Redis, one of them a JVM of its own ({@link DispatchingReceiverMain}) that
 * takes every delivery and is killed ({@code SIGKILL}) while its dispatcher has handlers in flight. Nothing is lost:
 * the events it had queued, reserved or was running come due again (at once, when its dispatch window ends, when
 * their lease ends) and run on the surviving receiver; the only handlers that run twice are ones that were in flight
 * at the kill.
 */
class DispatcherKillIT {

    private static final int EVENTS = 120;
    private static final Duration LEASE = Duration.ofSeconds(3);
    private static final Duration WINDOW = Duration.ofSeconds(3);

    @Test
    void shouldRunEveryEventOfAReceiverKilledMidDispatchOnTheSurvivorAndRerunOnlyHandlersInFlight() throws Exception {
        Figures figures = new Figures();
        List<String> ids = Storm.ids("dispatcher-kill", EVENTS);
        Ledger ledger = new Ledger(Files.createTempFile("hookguard-ledger", ".txt"));
        RedisStoreConfig config = RedisStoreConfig.custom().keyPrefix("faults").build();
        try (ThrowawayRedis redis = ThrowawayRedis.durable();
                RedisIdempotencyStore checker = Scenario.connect(() -> RedisStores.standalone(redis.uri(), config));
                RedisIdempotencyStore survivorStore =
                        Scenario.connect(() -> RedisStores.standalone(redis.uri(), config))) {
            int portA = Scenario.sparePort();
            int portB = Scenario.sparePort();
            Process doomed = receiver(redis, ledger, portA);
            URI a = ReceiverKillIT.port(doomed);
            HookguardFilter survivor = new HookguardFilter(Scenario.asyncConfig(
                            survivorStore,
                            LEASE,
                            new SimpleMeterRegistry(),
                            Scenario.dispatcher(URI.create("http://127.0.0.1:" + portB), WINDOW))
                    .build());
            Set<String> inFlight;
            long drainedMillis;
            try (Receiver b = Receiver.start(
                            survivor, new SideEffectServlet(id -> DispatchingReceiverMain.run(ledger, id)), portB);
                    Storm storm = new Storm(a, figures, id -> Scenario.stored(checker, id))) {
                CompletableFuture<Void> sent = storm.start(ids, Duration.ofMillis(10));
                await().atMost(Duration.ofSeconds(60)).until(() -> ledger.total() >= EVENTS / 4);
                doomed.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
                long killedAt = System.nanoTime();
                inFlight = ReceiverKillIT.unfinished(checker, ledger.runs().keySet());
                storm.retarget(b.base());
                sent.get(120, TimeUnit.SECONDS);
                await().atMost(Duration.ofSeconds(120))
                        .pollInterval(Duration.ofMillis(500))
                        .untilAsserted(() -> assertThat(Scenario.statuses(checker, ids))
                                .containsOnlyKeys(RecordStatus.SUCCEEDED.name()));
                drainedMillis = (System.nanoTime() - killedAt) / 1_000_000;
                assertThat(storm.gaveUp()).isEmpty();
            } finally {
                doomed.destroyForcibly();
            }
            Map<String, Integer> runs = ledger.runs();
            figures.print("dispatcher-kill", EVENTS, -1, Figures.runHistogram(ids, id -> runs.getOrDefault(id, 0)), -1);
            System.out.printf(
                    "[fault-figures] dispatcher-kill: handlers in flight at the kill=%d, all SUCCEEDED %d ms after the"
                            + " kill (window %d ms, lease %d ms)%n",
                    inFlight.size(), drainedMillis, WINDOW.toMillis(), LEASE.toMillis());

            assertThat(figures.acknowledgedUnrecorded).hasValue(0);
            Set<String> rerun = new HashSet<>();
            runs.forEach((id, count) -> {
                if (count > 1) {
                    rerun.add(id);
                }
            });
            assertThat(inFlight).containsAll(rerun);
            assertThat(ids)
                    .allSatisfy(
                            id -> assertThat(runs.getOrDefault(id, 0)).as(id).isPositive());
        } finally {
            Files.deleteIfExists(ledger.file());
        }
    }

    private static Process receiver(ThrowawayRedis redis, Ledger ledger, int port) throws IOException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        return new ProcessBuilder(
                        java,
                        "-Xmx256m",
                        "-cp",
                        System.getProperty("java.class.path"),
                        DispatchingReceiverMain.class.getName(),
                        redis.uri(),
                        ledger.file().toString(),
                        Integer.toString(port),
                        Long.toString(LEASE.toMillis()),
                        Long.toString(WINDOW.toMillis()))
                .redirectError(ProcessBuilder.Redirect.INHERIT)
                .start();
    }
}
