package dev.hookguard.servlet;

import static dev.hookguard.core.signature.Scheme.STANDARD_WEBHOOKS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.hookguard.core.ClaimOutcome;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.EventRecord;
import dev.hookguard.core.Fingerprint;
import dev.hookguard.core.ForwardingRecoveryStore;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.RecordStatus;
import dev.hookguard.core.RecoveryStore;
import dev.hookguard.core.StoreUnavailableException;
import dev.hookguard.core.internal.OperatorActions;
import dev.hookguard.core.operator.ListFilter;
import dev.hookguard.core.operator.OperatorAction;
import dev.hookguard.core.operator.OperatorStore.BulkResult;
import dev.hookguard.core.signature.SignatureConfig;
import dev.hookguard.servlet.DeliveryMetrics.DispatchOutcome;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpRequest;
import java.sql.SQLTransientConnectionException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;

/**
 * The dispatcher end to end (DESIGN.md §8), inside a real servlet container on a real store: an operator's bulk
 * replay of a thousand dead letters carried out through the production path, and graceful shutdown with
 * dispatches in flight (close waits for them, up to its grace; what is left runs after a restart), and a dispatch
 * that the node's own store refused sent again at once. Each test starts
 * its own containers on the class's store; handler runs are counted per event id.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(240)
abstract class AbstractDispatchIT {

    static final String SECRET = AbstractFilterIT.SECRET;
    static final int DEAD_LETTERS = 1000;
    static final int WORKERS = 4;
    static final Duration WINDOW = Duration.ofSeconds(2);

    final String run = Long.toString(System.nanoTime(), 36);
    RecoveryStores.Opened opened;
    RecoveryStore store;

    /** Starts a container of the kind under test. */
    protected abstract ServletContainer.Factory containers();

    /** The store under test. */
    protected abstract RecoveryStores stores();

    @BeforeAll
    void open() {
        opened = stores().open();
        store = opened.store();
    }

    @AfterAll
    void close() {
        if (opened != null) {
            opened.close();
        }
    }

    // ---- bulk replay

    @Test
    void shouldRunEveryHandlerExactlyOnceWhenAThousandDeadLettersAreReplayedInBulk() throws Exception {
        String endpoint = "bulk-" + run;
        IdempotencyPolicy policy = IdempotencyPolicy.custom().maxAttempts(1).build();
        ScriptedHandler handler = new ScriptedHandler();
        HookguardFilter filter = new HookguardFilter(config(
                endpoint,
                policy,
                RecoveryConfig.custom().retries(Retries.SENDER).build(),
                DispatcherConfig.custom().workers(8).build()));
        try (ServletContainer container = start(filter, handler)) {
            Sender sender = new Sender(Sender.client(), container.base());
            List<String> ids = new ArrayList<>();
            for (int i = 0; i < DEAD_LETTERS; i++) {
                ids.add("flaky-" + run + "-" + i);
            }
            long started = System.nanoTime();
            Deliveries answers = Deliveries.send(sender, ids, 8, id -> signed(sender, id));
            assertThat(ids)
                    .allSatisfy(id -> assertThat(answers.status(id)).as(id).isEqualTo(202));
            assertThat(store.count(ListFilter.deadLetters(endpoint))).isEqualTo(DEAD_LETTERS);
            long deadAt = System.nanoTime();

            handler.failing = false;
            BulkResult replayed = new OperatorActions(store, OperatorActions.DEFAULT_AUDIT_RETENTION)
                    .replayAll(ListFilter.deadLetters(endpoint), OperatorAction.by("bulk-replay-it", "fixed"), policy);
            filter.dispatcher().orElseThrow().wake(endpoint);
            long replayedAt = System.nanoTime();

            assertThat(replayed.updated()).isEqualTo(DEAD_LETTERS);
            await().atMost(Duration.ofSeconds(90))
                    .untilAsserted(() -> assertThat(handler.successes.size())
                            .as(() -> "handlers succeeded; due queue " + store.stats(endpoint) + ", dispatcher "
                                    + filter.dispatcher().orElseThrow().snapshot(endpoint) + "; the others: "
                                    + unfinished(endpoint, ids, handler))
                            .isEqualTo(DEAD_LETTERS));
            long doneAt = System.nanoTime();
            int settled = handler.totalRuns();
            await().during(Duration.ofSeconds(1))
                    .atMost(Duration.ofSeconds(10))
                    .until(() -> handler.totalRuns() == settled);
            System.out.printf(
                    "[recovery-figures] %s: %d dead letters made in %d ms, replayed (store) in %d ms,"
                            + " dispatched in %d ms%n",
                    getClass().getSimpleName(),
                    DEAD_LETTERS,
                    (deadAt - started) / 1_000_000,
                    (replayedAt - deadAt) / 1_000_000,
                    (doneAt - replayedAt) / 1_000_000);
            assertThat(ids).allSatisfy(id -> {
                assertThat(handler.successes(id)).as(id).isEqualTo(1);
                assertThat(handler.runs(id)).as(id).isEqualTo(2);
                assertThat(status(endpoint, id)).as(id).contains(RecordStatus.SUCCEEDED);
            });
            assertThat(store.count(ListFilter.deadLetters(endpoint))).isZero();
        }
    }

    // ---- refusals of this node's store

    @Test
    void shouldSendADispatchItsOwnStoreRefusedAgainAtOnceNotAfterItsWindow() throws Exception {
        String endpoint = "refused-" + run;
        int refusals = 12;
        AtomicInteger toRefuse = new AtomicInteger(refusals);
        RecoveryStore refusing = new ForwardingRecoveryStore(store) {
            @Override
            public ClaimOutcome claim(EventKey key, Fingerprint fingerprint, IdempotencyPolicy policy) {
                if (key.endpoint().equals(endpoint) && toRefuse.getAndDecrement() > 0) {
                    throw new StoreUnavailableException(
                            "test: the pool is exhausted", new SQLTransientConnectionException("no connection"));
                }
                return super.claim(key, fingerprint, policy);
            }
        };
        Duration window = Duration.ofMinutes(2); // a refused dispatch left to its window would wait this long
        ScriptedHandler handler = new ScriptedHandler();
        HookguardFilter filter = new HookguardFilter(config(
                refusing,
                endpoint,
                IdempotencyPolicy.ofDefaults(),
                RecoveryConfig.custom().intake(Intake.ASYNC).build(),
                DispatcherConfig.custom()
                        .workers(WORKERS)
                        .maxInFlight(WORKERS)
                        .window(window)
                        .build()));
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < 2 * WORKERS; i++) {
            ids.add("ok-refused-" + run + "-" + i);
        }
        try (ServletContainer container = start(filter, handler)) {
            Sender sender = new Sender(Sender.client(), container.base());
            for (String id : ids) {
                assertThat(sender.send(signed(sender, endpoint, id)).statusCode())
                        .as(id)
                        .isEqualTo(202);
            }

            await().atMost(window.dividedBy(4))
                    .untilAsserted(() -> assertThat(ids)
                            .allSatisfy(id ->
                                    assertThat(status(endpoint, id)).as(id).contains(RecordStatus.SUCCEEDED)));
            assertThat(ids)
                    .allSatisfy(id -> assertThat(handler.successes(id)).as(id).isEqualTo(1));
            assertThat(toRefuse.get()).as("claims left to refuse").isLessThanOrEqualTo(0);
            await().atMost(Duration.ofSeconds(10))
                    .untilAsserted(() -> assertThat(filter.dispatcher()
                                    .orElseThrow()
                                    .snapshot(endpoint)
                                    .orElseThrow()
                                    .dispatches())
                            .containsEntry(DispatchOutcome.REFUSED, (long) refusals)
                            .containsEntry(DispatchOutcome.SUCCEEDED, (long) ids.size()));
        }
    }

    // ---- graceful shutdown

    @Test
    void shouldWaitForInFlightDispatchesOnCloseAndRunTheRestAfterARestart() throws Exception {
        String endpoint = "graceful-" + run;
        ScriptedHandler handler = new ScriptedHandler();
        handler.gate = new CountDownLatch(1);
        List<String> ids = gatedIds("graceful", 3 * WORKERS);
        HookguardFilter first = new HookguardFilter(asyncConfig(endpoint, Duration.ofSeconds(30), null));
        try (ServletContainer container = start(first, handler)) {
            enqueueAndAwaitHandlersInFlight(container, endpoint, ids, handler);

            closeWaitingForHandlersInFlight(first, handler);

            assertThat(handler.totalRuns()).isEqualTo(WORKERS);
            assertThat(ids)
                    .filteredOn(id -> handler.runs(id) == 1)
                    .allSatisfy(id -> assertThat(status(endpoint, id))
                            .as("an event in flight at close")
                            .contains(RecordStatus.SUCCEEDED));
            // a closed dispatcher picks nothing more, even once the windows of what it had picked end
            await().during(WINDOW.plusSeconds(1))
                    .atMost(WINDOW.plusSeconds(5))
                    .until(() -> handler.totalRuns() == WORKERS);
        }

        restartAndFinish(endpoint, handler, ids);
    }

    @Test
    void shouldHandBackWhatItPickedButDidNotSendSoARestartedNodeRunsItAtOnce() throws Exception {
        String endpoint = "handback-" + run;
        Duration longWindow = Duration.ofMinutes(10);
        ScriptedHandler handler = new ScriptedHandler();
        handler.gate = new CountDownLatch(1);
        List<String> ids = gatedIds("handback", 3 * WORKERS);
        HookguardFilter first = new HookguardFilter(asyncConfig(endpoint, Duration.ofSeconds(30), null, longWindow));
        try (ServletContainer container = start(first, handler)) {
            enqueueAndAwaitHandlersInFlight(container, endpoint, ids, handler);
            // every other event is picked, reserved for the long window, and waits for a thread
            await().atMost(Duration.ofSeconds(30))
                    .until(() -> ids.stream()
                            .filter(id -> handler.runs(id) == 0)
                            .map(id -> store.find(EventKey.of(endpoint, id)).orElseThrow())
                            .allMatch(r -> r.nextAttemptAt() != null
                                    && r.nextAttemptAt().isAfter(Instant.now().plus(longWindow.dividedBy(2)))));

            closeWaitingForHandlersInFlight(first, handler);

            assertThat(handler.totalRuns()).isEqualTo(WORKERS);
            Instant closedAt = Instant.now();
            List<EventRecord> left = ids.stream()
                    .filter(id -> handler.runs(id) == 0)
                    .map(id -> store.find(EventKey.of(endpoint, id)).orElseThrow())
                    .toList();
            System.out.printf(
                    "[recovery-figures] %s: %d events not sent at close, due at most %s after it%n",
                    getClass().getSimpleName(),
                    left.size(),
                    left.stream()
                            .map(r -> Duration.between(closedAt, r.nextAttemptAt()))
                            .max(Duration::compareTo)
                            .orElse(Duration.ZERO));
            assertThat(left).hasSize(2 * WORKERS).allSatisfy(record -> {
                assertThat(record.status()).as(record.key().eventId()).isEqualTo(RecordStatus.QUEUED);
                assertThat(record.nextAttemptAt())
                        .as("%s is due now, not when the %s window of its pick ends", record.key(), longWindow)
                        .isBefore(closedAt.plus(Duration.ofMinutes(1)));
            });
        }

        restartAndFinish(endpoint, handler, ids);
    }

    @Test
    void shouldReturnFromCloseAfterTheGraceWhileHandlersStillRunAndLoseNothing() throws Exception {
        String endpoint = "grace-" + run;
        Duration grace = Duration.ofSeconds(1);
        ScriptedHandler handler = new ScriptedHandler();
        handler.gate = new CountDownLatch(1);
        List<String> ids = gatedIds("grace", 2 * WORKERS);
        HookguardFilter first = new HookguardFilter(asyncConfig(endpoint, grace, null));
        try (ServletContainer container = start(first, handler)) {
            enqueueAndAwaitHandlersInFlight(container, endpoint, ids, handler);

            long closingAt = System.nanoTime();
            CompletableFuture.runAsync(() -> first.dispatcher().orElseThrow().close())
                    .get(30, TimeUnit.SECONDS);
            Duration took = Duration.ofNanos(System.nanoTime() - closingAt);

            assertThat(took).isGreaterThanOrEqualTo(grace.minusMillis(50));
            assertThat(handler.running.get())
                    .as("handlers still in flight after the grace")
                    .isEqualTo(WORKERS);
            handler.gate.countDown();
            // the handlers in flight finish in this container, which records their verdicts
            await().atMost(Duration.ofSeconds(30))
                    .untilAsserted(() -> assertThat(ids)
                            .filteredOn(id -> handler.runs(id) == 1)
                            .hasSize(WORKERS)
                            .allSatisfy(id -> assertThat(status(endpoint, id)).contains(RecordStatus.SUCCEEDED)));
        }

        restartAndFinish(endpoint, handler, ids);
    }

    /** Every event answered 202 by async intake, then as many handlers running (held by the gate) as workers. */
    private static void enqueueAndAwaitHandlersInFlight(
            ServletContainer container, String endpoint, List<String> ids, ScriptedHandler handler) {
        Sender sender = new Sender(Sender.client(), container.base());
        for (String id : ids) {
            assertThat(sender.send(signed(sender, endpoint, id)).statusCode())
                    .as(id)
                    .isEqualTo(202);
        }
        await().atMost(Duration.ofSeconds(30)).until(() -> handler.running.get() == WORKERS);
    }

    /** Closes the dispatcher, which waits while the gated handlers run, then opens the gate and awaits the close. */
    private static void closeWaitingForHandlersInFlight(HookguardFilter filter, ScriptedHandler handler)
            throws Exception {
        CompletableFuture<Void> closing = CompletableFuture.runAsync(
                () -> filter.dispatcher().orElseThrow().close());
        await().during(Duration.ofMillis(500)).atMost(Duration.ofSeconds(5)).until(() -> !closing.isDone());
        handler.gate.countDown();
        closing.get(30, TimeUnit.SECONDS);
    }

    /** A new container with a new filter (and dispatcher) on the same store runs what is left, each event once. */
    private void restartAndFinish(String endpoint, ScriptedHandler handler, List<String> ids) throws Exception {
        // no delivery reaches the restarted node, so its dispatcher is told where it listens
        int port = sparePort();
        HookguardFilter second = new HookguardFilter(
                asyncConfig(endpoint, Duration.ofSeconds(30), URI.create("http://127.0.0.1:" + port)));
        try (ServletContainer container = containers()
                .start(WebApp.of(second).servlet("/hooks/*", handler).onPort(port))) {
            await().atMost(Duration.ofSeconds(60))
                    .untilAsserted(() -> assertThat(ids)
                            .allSatisfy(id ->
                                    assertThat(status(endpoint, id)).as(id).contains(RecordStatus.SUCCEEDED)));
            assertThat(ids).allSatisfy(id -> assertThat(handler.runs(id)).as(id).isEqualTo(1));
        }
    }

    // ---- helpers

    private HookguardFilterConfig asyncConfig(String endpoint, Duration grace, @Nullable URI baseUrl) {
        return asyncConfig(endpoint, grace, baseUrl, WINDOW);
    }

    private HookguardFilterConfig asyncConfig(String endpoint, Duration grace, @Nullable URI baseUrl, Duration window) {
        return config(
                endpoint,
                IdempotencyPolicy.custom().lease(Duration.ofSeconds(5)).build(),
                RecoveryConfig.custom().intake(Intake.ASYNC).build(),
                DispatcherConfig.custom()
                        .workers(WORKERS)
                        .maxInFlight(WORKERS)
                        .window(window)
                        .shutdownGrace(grace)
                        .baseUrl(baseUrl)
                        .build());
    }

    private HookguardFilterConfig config(
            String endpoint, IdempotencyPolicy policy, RecoveryConfig recovery, DispatcherConfig dispatcher) {
        return config(store, endpoint, policy, recovery, dispatcher);
    }

    private static HookguardFilterConfig config(
            RecoveryStore store,
            String endpoint,
            IdempotencyPolicy policy,
            RecoveryConfig recovery,
            DispatcherConfig dispatcher) {
        return HookguardFilterConfig.custom()
                .store(store)
                .storeTimeout(Duration.ofSeconds(30)) // a loaded CI machine may take over 1 s for a claim
                .dispatcher(dispatcher)
                .endpoint(EndpointConfig.custom(endpoint)
                        .path("/hooks/" + endpoint)
                        .scheme(STANDARD_WEBHOOKS, SignatureConfig.of(SECRET))
                        .policy(policy)
                        .recovery(recovery)
                        .build())
                .build();
    }

    private ServletContainer start(HookguardFilter filter, ScriptedHandler handler) throws Exception {
        return containers().start(WebApp.of(filter).servlet("/hooks/*", handler));
    }

    /** The events whose handler has not succeeded, counted by status and by whether they have a due time. */
    private Map<String, Long> unfinished(String endpoint, List<String> ids, ScriptedHandler handler) {
        return ids.stream()
                .filter(id -> handler.successes(id) == 0)
                .map(id -> store.find(EventKey.of(endpoint, id))
                        .map(r -> r.status() + (r.isDue() ? " with a due time" : " without a due time"))
                        .orElse("absent"))
                .collect(Collectors.groupingBy(s -> s, TreeMap::new, Collectors.counting()));
    }

    private static int sparePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    private List<String> gatedIds(String name, int count) {
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            ids.add("gated-" + name + "-" + run + "-" + i);
        }
        return ids;
    }

    private HttpRequest.Builder signed(Sender sender, String id) {
        return signed(sender, "bulk-" + run, id);
    }

    private static HttpRequest.Builder signed(Sender sender, String endpoint, String id) {
        return sender.signed("/hooks/" + endpoint, STANDARD_WEBHOOKS, SECRET, id, AbstractRecoveryMatrixIT.json(id));
    }

    private Optional<RecordStatus> status(String endpoint, String id) {
        return store.find(EventKey.of(endpoint, id)).map(EventRecord::status);
    }
}
