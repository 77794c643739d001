package dev.hookguard.faults;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.hookguard.core.RecordStatus;
import dev.hookguard.redis.RedisIdempotencyStore;
import dev.hookguard.redis.RedisStoreConfig;
import dev.hookguard.redis.RedisStores;
import dev.hookguard.testkit.ThrowawayRedis;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Writer;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The receiver's JVM killed ({@code SIGKILL}) with handlers in flight, then started again on the same Redis. Every
 * event ends SUCCEEDED, none stays PROCESSING, and the only handlers that run twice are ones that were in flight
 * when the process died: their lease runs out and the sender's next copy takes them over.
 */
class ReceiverKillIT {

    private static final int EVENTS = 80;
    private static final Duration LEASE = Duration.ofSeconds(10);

    @Test
    void shouldFinishEveryEventAndRerunOnlyHandlersInFlightWhenTheReceiverIsKilled() throws Exception {
        Figures figures = new Figures();
        List<String> ids = Storm.ids("receiver-kill", EVENTS);
        Path ledger = Files.createTempFile("hookguard-ledger", ".txt");
        RedisStoreConfig config = RedisStoreConfig.custom().keyPrefix("faults").build();
        try (ThrowawayRedis redis = ThrowawayRedis.durable();
                RedisIdempotencyStore checker = Scenario.connect(() -> RedisStores.standalone(redis.uri(), config))) {
            Process first = receiver(redis, ledger);
            Set<String> inFlight;
            try (Storm storm = new Storm(port(first), figures, id -> Scenario.recorded(checker, id))) {
                CompletableFuture<Void> done = storm.start(ids, Duration.ofMillis(20));
                await().atMost(Duration.ofSeconds(60)).until(() -> runs(ledger).size() >= EVENTS / 3);
                first.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
                inFlight = unfinished(checker, runs(ledger).keySet());
                Process second = receiver(redis, ledger);
                try {
                    storm.retarget(port(second));
                    done.get(180, TimeUnit.SECONDS);
                } finally {
                    second.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
                }
                assertThat(storm.gaveUp()).isEmpty();
            }
            Map<String, Integer> runs = runs(ledger);
            figures.print("receiver-kill", EVENTS, -1, Figures.runHistogram(ids, id -> runs.getOrDefault(id, 0)), -1);
            System.out.printf("[fault-figures] receiver-kill: handlers in flight at the kill=%d%n", inFlight.size());

            assertThat(figures.acknowledgedUnrecorded).hasValue(0);
            for (String id : ids) {
                assertThat(Scenario.status(checker, id)).as(id).isEqualTo(Optional.of(RecordStatus.SUCCEEDED));
            }
            Set<String> rerun = new HashSet<>();
            runs.forEach((id, count) -> {
                if (count > 1) {
                    rerun.add(id);
                }
            });
            assertThat(inFlight).containsAll(rerun);
        } finally {
            Files.deleteIfExists(ledger);
        }
    }

    /** Events whose handler started but whose verdict is not recorded. */
    static Set<String> unfinished(RedisIdempotencyStore checker, Set<String> started) {
        Set<String> unfinished = new HashSet<>();
        for (String id : started) {
            if (!Scenario.recorded(checker, id)) {
                unfinished.add(id);
            }
        }
        return unfinished;
    }

    private static Map<String, Integer> runs(Path ledger) throws IOException {
        Map<String, Integer> runs = new HashMap<>();
        for (String line : Files.readAllLines(ledger, StandardCharsets.US_ASCII)) {
            if (!line.isBlank()) {
                runs.merge(line, 1, Integer::sum);
            }
        }
        return runs;
    }

    private static Process receiver(ThrowawayRedis redis, Path ledger) throws IOException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        return new ProcessBuilder(
                        java,
                        "-Xmx256m",
                        "-cp",
                        System.getProperty("java.class.path"),
                        ReceiverMain.class.getName(),
                        redis.uri(),
                        ledger.toString(),
                        Long.toString(LEASE.toMillis()))
                .redirectError(ProcessBuilder.Redirect.INHERIT)
                .start();
    }

    /**
     * Waits (at most a minute) for the receiver's {@code READY <port>} line, then keeps reading what it prints (its
     * log) and drops it: a receiver whose output nobody reads stops once the pipe is full.
     */
    static URI port(Process receiver) throws Exception {
        BufferedReader out =
                new BufferedReader(new InputStreamReader(receiver.getInputStream(), StandardCharsets.US_ASCII));
        String ready = CompletableFuture.supplyAsync(() -> {
                    try {
                        for (String line = out.readLine(); line != null; line = out.readLine()) {
                            if (line.startsWith("READY ")) {
                                return line.substring(6).trim();
                            }
                        }
                        throw new IllegalStateException("the receiver exited before it was ready");
                    } catch (IOException e) {
                        throw new IllegalStateException(e);
                    }
                })
                .get(60, TimeUnit.SECONDS);
        Thread drain = new Thread(
                () -> {
                    try {
                        out.transferTo(Writer.nullWriter());
                    } catch (IOException closed) {
                        // the receiver is gone
                    }
                },
                "receiver-output");
        drain.setDaemon(true);
        drain.start();
        return URI.create("http://127.0.0.1:" + ready);
    }
}
