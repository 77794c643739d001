package dev.hookguard.tiered;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.hookguard.core.ClaimOutcome;
import dev.hookguard.core.Completion;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.Fingerprint;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.Payload;
import dev.hookguard.core.RecordStatus;
import dev.hookguard.core.StoreUnavailableException;
import dev.hookguard.core.StoredResponse;
import dev.hookguard.core.operator.OperatorAction;
import dev.hookguard.testkit.ThrowawayRedis;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;
import org.awaitility.core.ConditionTimeoutException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The tiered store with its cache on a {@code redis-server} of the test's own, killed and started again: the
 * database answers alone meanwhile (no claim refused, no handler twice), operator actions are refused rather than
 * done without their eviction, and the cache comes back into the path once Redis answers.
 */
class TieredRedisKillIT {

    private static final IdempotencyPolicy POLICY = IdempotencyPolicy.custom()
            .retention(Duration.ofMinutes(10))
            .deadRetention(Duration.ofMinutes(10))
            .build();
    private static final StoredResponse OK = StoredResponse.of(200, "text/plain", bytes("ok"));
    private static final int CLAIMERS = 64;
    private static final int EVENTS = 1_000;
    private static final int COPIES = 5;

    private ThrowawayRedis redis;
    private TieredTestStores stores;
    private TieredStore store;
    private String endpoint;

    @BeforeEach
    void setUp() throws Exception {
        redis = ThrowawayRedis.start();
        stores = new TieredTestStores(redis.uri(), 16);
        store = stores.store(
                stores.authority(),
                TieredStoreConfig.from(stores.config())
                        .commandTimeout(Duration.ofMillis(500))
                        .openFor(Duration.ofMillis(500))
                        .build());
        endpoint = "k" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    }

    @AfterEach
    void tearDown() {
        stores.close();
        redis.close();
    }

    @Test
    void shouldAnswerFromTheDatabaseAloneWhileRedisIsDownAndComeBack() throws Exception {
        EventKey settled = settle("s1", Completion.succeeded(OK));
        EventKey rejected = settle("r1", Completion.rejected(OK, payload()));
        await().atMost(Duration.ofSeconds(10)).until(() -> store.cacheStats().fills() == 2);

        redis.kill();

        await().atMost(Duration.ofSeconds(20)).until(() -> {
            assertThat(store.claim(settled, fp(settled), POLICY)).isInstanceOf(ClaimOutcome.Duplicate.class);
            return store.cacheStats().degraded();
        });
        assertThat(store.claim(key("new"), fp(key("new")), POLICY)).isInstanceOf(ClaimOutcome.Acquired.class);
        assertThatThrownBy(() -> store.requeue(rejected, OperatorAction.by("ops"), POLICY))
                .isInstanceOf(StoreUnavailableException.class)
                .hasMessageContaining("operator's action was not done");
        assertThat(store.find(rejected).orElseThrow().status()).isEqualTo(RecordStatus.REJECTED);

        redis.startAgain();

        await().atMost(Duration.ofSeconds(30))
                .pollInterval(Duration.ofMillis(100))
                .until(() -> {
                    store.claim(settled, fp(settled), POLICY);
                    return !store.cacheStats().degraded();
                });
        long hits = store.cacheStats().hits();
        EventKey after = settle("s2", Completion.succeeded(OK));
        await().atMost(Duration.ofSeconds(10))
                .pollInterval(Duration.ofMillis(50))
                .until(() -> {
                    store.claim(after, fp(after), POLICY);
                    return store.cacheStats().hits() > hits;
                });
        assertThat(store.requeue(rejected, OperatorAction.by("ops"), POLICY))
                .isEqualTo(dev.hookguard.core.operator.OperatorStore.AdminOutcome.UPDATED);
        System.out.println("fault-figures tiered-kill-basic " + store.cacheStats());
    }

    @Test
    void shouldRunEveryHandlerOnceAndRefuseNoClaimWhileRedisIsKilledAndRestarted() throws Exception {
        List<Integer> deliveries = new ArrayList<>();
        for (int copy = 0; copy < COPIES; copy++) {
            for (int event = 0; event < EVENTS; event++) {
                deliveries.add(event);
            }
        }
        Collections.shuffle(deliveries, new Random(27));
        AtomicIntegerArray handled = new AtomicIntegerArray(EVENTS);
        AtomicInteger next = new AtomicInteger();
        AtomicInteger delivered = new AtomicInteger();
        AtomicInteger unavailable = new AtomicInteger();
        AtomicLong inProgress = new AtomicLong();
        // The phases are gated, so that a fixed share of the deliveries runs while Redis is dead however fast the
        // claimers are against the kill (which waits for the process to die and for PING to fail): a delivery at or
        // past killAt waits until Redis was killed, one at or past restartAt until it was started again.
        int killAt = deliveries.size() / 3;
        int restartAt = killAt + deliveries.size() / 5;
        CountDownLatch killed = new CountDownLatch(1);
        CountDownLatch restarted = new CountDownLatch(1);
        ExecutorService claimers = Executors.newFixedThreadPool(CLAIMERS);
        List<Future<?>> running = new ArrayList<>();
        try {
            for (int t = 0; t < CLAIMERS; t++) {
                running.add(claimers.submit(() -> {
                    for (int i = next.getAndIncrement(); i < deliveries.size(); i = next.getAndIncrement()) {
                        if (i >= killAt && !killed.await(120, TimeUnit.SECONDS)
                                || i >= restartAt && !restarted.await(120, TimeUnit.SECONDS)) {
                            throw new AssertionError("the test's phase did not open within 120 s");
                        }
                        deliver(deliveries.get(i), handled, unavailable, inProgress);
                        delivered.incrementAndGet();
                    }
                    return null;
                }));
            }
            awaitProgress(() -> delivered.get() >= killAt);
            redis.kill();
            killed.countDown();
            awaitProgress(() -> delivered.get() >= restartAt);
            redis.startAgain();
            restarted.countDown();
            for (Future<?> claimer : running) {
                claimer.get(120, TimeUnit.SECONDS);
            }
        } finally {
            killed.countDown();
            restarted.countDown();
            claimers.shutdownNow();
        }

        System.out.println("fault-figures tiered-kill-concurrency claimers=" + CLAIMERS + " events=" + EVENTS
                + " copies=" + COPIES + " unavailable=" + unavailable + " in_progress_redeliveries=" + inProgress
                + " " + store.cacheStats());
        assertThat(unavailable).hasValue(0);
        for (int event = 0; event < EVENTS; event++) {
            assertThat(handled.get(event)).as("handler runs of event %d", event).isEqualTo(1);
        }
        assertThat(store.cacheStats().bypasses())
                .as("some claims went around the dead cache")
                .isPositive();
    }

    /**
     * Awaits the claimers' progress for at most a minute; if they make none, prints where every thread is (the
     * claimers, Lettuce's, the pool's) before the test fails, so that a stall explains itself in the CI log.
     */
    private static void awaitProgress(Callable<Boolean> progressed) {
        try {
            await().atMost(Duration.ofSeconds(60)).until(progressed);
        } catch (ConditionTimeoutException e) {
            StringBuilder dump = new StringBuilder("fault-figures tiered-kill-stalled threads:\n");
            for (ThreadInfo thread : ManagementFactory.getThreadMXBean().dumpAllThreads(true, true)) {
                dump.append('"').append(thread.getThreadName()).append("\" ").append(thread.getThreadState());
                if (thread.getLockName() != null) {
                    dump.append(" on ").append(thread.getLockName());
                }
                dump.append('\n');
                for (StackTraceElement frame : thread.getStackTrace()) { // all frames: ThreadInfo.toString() keeps 8
                    dump.append("    at ").append(frame).append('\n');
                }
            }
            System.out.println(dump);
            throw e;
        }
    }

    /** One delivery: claimed, handled and completed, or answered; a 409 is redelivered as a sender would. */
    private void deliver(int event, AtomicIntegerArray handled, AtomicInteger unavailable, AtomicLong inProgress) {
        EventKey key = key("e" + event);
        for (int attempt = 0; attempt < 1_000; attempt++) {
            ClaimOutcome outcome;
            try {
                outcome = store.claim(key, fp(key), POLICY);
            } catch (StoreUnavailableException e) {
                unavailable.incrementAndGet();
                return;
            }
            if (outcome instanceof ClaimOutcome.Acquired acquired) {
                handled.incrementAndGet(event);
                store.complete(key, acquired.token(), Completion.succeeded(OK), POLICY);
                return;
            }
            if (!(outcome instanceof ClaimOutcome.InProgress)) {
                assertThat(outcome).isEqualTo(new ClaimOutcome.Duplicate(RecordStatus.SUCCEEDED, OK));
                return;
            }
            inProgress.incrementAndGet();
            Thread.yield();
        }
        throw new AssertionError("event " + event + " stayed in progress");
    }

    private EventKey settle(String id, Completion completion) {
        EventKey key = key(id);
        ClaimOutcome.Acquired acquired = (ClaimOutcome.Acquired) store.claim(key, fp(key), POLICY);
        store.complete(key, acquired.token(), completion, POLICY);
        return key;
    }

    private EventKey key(String id) {
        return EventKey.of(endpoint, id);
    }

    private static Fingerprint fp(EventKey key) {
        return Fingerprint.of(bytes(key.eventId()));
    }

    private static Payload payload() {
        return new Payload(bytes("body"), Map.of("webhook-id", List.of("x")));
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
