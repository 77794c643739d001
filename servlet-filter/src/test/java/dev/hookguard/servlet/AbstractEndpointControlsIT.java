package dev.hookguard.servlet;

import static dev.hookguard.core.signature.Scheme.STANDARD_WEBHOOKS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.hookguard.core.EventKey;
import dev.hookguard.core.EventRecord;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.RecordStatus;
import dev.hookguard.core.RecoveryStore;
import dev.hookguard.core.operator.OperatorAction;
import dev.hookguard.core.signature.SignatureConfig;
import dev.hookguard.servlet.DeliveryMetrics.QueueSnapshot;
import dev.hookguard.servlet.internal.dispatch.Dispatcher;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The dispatcher's endpoint controls (DESIGN.md §8) in a real container on a real store: a pause kept in the store
 * holds every due record back while async intake keeps queueing, and a resume runs each once; a circuit breaker opens
 * on a handler whose downstream fails, drops the dispatches to its probes, and closes when the handler recovers.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class AbstractEndpointControlsIT {

    static final String SECRET = AbstractFilterIT.SECRET;
    static final int PAUSED_EVENTS = 1000;
    static final int BREAKER_EVENTS = 40;
    static final int WORKERS = 4;
    static final int PROBES = 2;
    static final Duration WAIT_IN_OPEN = Duration.ofSeconds(3);

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

    @Test
    void shouldDispatchNothingWhilePausedAndEveryEventOnceAfterTheResume() throws Exception {
        String endpoint = "paused-" + run;
        store.pause(endpoint, OperatorAction.by("controls-it", "INC-1: downstream down"));
        DownstreamHandler handler = new DownstreamHandler();
        handler.down = false;
        HookguardFilter filter = new HookguardFilter(config(endpoint, RecoveryConfig.Dispatch.ofDefaults(), 5));
        try (ServletContainer container = containers().start(WebApp.of(filter).servlet("/hooks/*", handler))) {
            Dispatcher dispatcher = filter.dispatcher().orElseThrow();
            await().atMost(Duration.ofSeconds(10))
                    .until(() -> dispatcher
                            .snapshot(endpoint)
                            .map(QueueSnapshot::paused)
                            .orElse(false));
            Sender sender = new Sender(Sender.client(), container.base());
            List<String> ids = ids("p", PAUSED_EVENTS);

            Deliveries answers = Deliveries.send(sender, ids, 8, id -> signed(sender, endpoint, id));

            assertThat(ids)
                    .allSatisfy(id -> assertThat(answers.status(id)).as(id).isEqualTo(202));
            dispatcher.wake(endpoint);
            await().during(Duration.ofSeconds(2)).atMost(Duration.ofSeconds(10)).until(() -> handler.totalRuns() == 0);
            assertThat(store.stats(endpoint).depth()).isEqualTo(PAUSED_EVENTS);

            store.resume(endpoint, OperatorAction.by("controls-it", "downstream back"));
            await().atMost(Duration.ofSeconds(90))
                    .untilAsserted(() -> assertThat(handler.successes()).isEqualTo(PAUSED_EVENTS));
            int settled = handler.totalRuns();
            await().during(Duration.ofSeconds(1))
                    .atMost(Duration.ofSeconds(10))
                    .until(() -> handler.totalRuns() == settled);
            assertThat(ids).allSatisfy(id -> {
                assertThat(handler.runs(id)).as(id).isEqualTo(1);
                assertThat(status(endpoint, id)).as(id).contains(RecordStatus.SUCCEEDED);
            });
            assertThat(dispatcher.snapshot(endpoint).orElseThrow().paused()).isFalse();
        }
    }

    @Test
    void shouldOpenTheBreakerDropToItsProbesAndCloseWhenTheHandlerRecovers() throws Exception {
        String endpoint = "breaker-" + run;
        RecoveryConfig.Breaker breaker = RecoveryConfig.Breaker.custom()
                .enabled(true)
                .failureRate(50)
                .minimumCalls(10)
                .window(Duration.ofSeconds(10))
                .waitInOpen(WAIT_IN_OPEN)
                .probes(PROBES)
                .build();
        DownstreamHandler handler = new DownstreamHandler();
        HookguardFilter filter = new HookguardFilter(
                config(endpoint, RecoveryConfig.Dispatch.ofDefaults().breaker(breaker), 200));
        try (ServletContainer container = containers().start(WebApp.of(filter).servlet("/hooks/*", handler))) {
            Dispatcher dispatcher = filter.dispatcher().orElseThrow();
            Sender sender = new Sender(Sender.client(), container.base());
            List<String> ids = ids("b", BREAKER_EVENTS);
            Deliveries answers = Deliveries.send(sender, ids, 8, id -> signed(sender, endpoint, id));
            assertThat(ids)
                    .allSatisfy(id -> assertThat(answers.status(id)).as(id).isEqualTo(202));

            await().atMost(Duration.ofSeconds(20))
                    .until(() -> breakerState(dispatcher, endpoint).equals("open"));
            int atOpen = handler.totalRuns();
            Duration watched = WAIT_IN_OPEN.multipliedBy(3);
            Thread.sleep(watched.toMillis()); // a real-time window: the dispatches it lets through are the figure
            int whileOpen = handler.totalRuns() - atOpen;
            System.out.printf(
                    "[controls-figures] %s: breaker opened after %d runs; %d runs in the %d s after (probes %d per %d s)%n",
                    getClass().getSimpleName(),
                    atOpen,
                    whileOpen,
                    watched.toSeconds(),
                    PROBES,
                    WAIT_IN_OPEN.toSeconds());
            // what was in flight or waiting for a thread when it opened (at most 2 x WORKERS), then the probes
            assertThat(whileOpen).isLessThanOrEqualTo(2 * WORKERS + PROBES * 4);

            handler.down = false;
            await().atMost(Duration.ofSeconds(90))
                    .untilAsserted(() -> assertThat(ids)
                            .allSatisfy(id ->
                                    assertThat(status(endpoint, id)).as(id).contains(RecordStatus.SUCCEEDED)));
            assertThat(ids)
                    .allSatisfy(id -> assertThat(handler.successes(id)).as(id).isEqualTo(1));
            assertThat(breakerState(dispatcher, endpoint)).isEqualTo("closed");
        }
    }

    private static String breakerState(Dispatcher dispatcher, String endpoint) {
        return dispatcher.snapshot(endpoint).map(QueueSnapshot::breaker).orElse("unsampled");
    }

    private HookguardFilterConfig config(String endpoint, RecoveryConfig.Dispatch dispatch, int attempts) {
        return HookguardFilterConfig.custom()
                .store(store)
                .storeTimeout(Duration.ofSeconds(30))
                .dispatcher(DispatcherConfig.custom()
                        .workers(WORKERS)
                        .maxInFlight(WORKERS)
                        .batchSize(WORKERS)
                        .window(Duration.ofSeconds(10))
                        .maxPollInterval(Duration.ofMillis(500))
                        .build())
                .endpoint(EndpointConfig.custom(endpoint)
                        .path("/hooks/" + endpoint)
                        .scheme(STANDARD_WEBHOOKS, SignatureConfig.of(SECRET))
                        .policy(IdempotencyPolicy.custom()
                                .lease(Duration.ofSeconds(5))
                                .maxAttempts(attempts)
                                .build())
                        .recovery(RecoveryConfig.custom()
                                .intake(Intake.ASYNC)
                                .backoff(Backoff.custom()
                                        .base(Duration.ofMillis(50))
                                        .cap(Duration.ofMillis(200))
                                        .attempts(attempts)
                                        .build())
                                .dispatch(dispatch)
                                .build())
                        .build())
                .build();
    }

    private List<String> ids(String prefix, int count) {
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            ids.add(prefix + "-" + run + "-" + i);
        }
        return ids;
    }

    private static HttpRequest.Builder signed(Sender sender, String endpoint, String id) {
        return sender.signed("/hooks/" + endpoint, STANDARD_WEBHOOKS, SECRET, id, AbstractRecoveryMatrixIT.json(id));
    }

    private Optional<RecordStatus> status(String endpoint, String id) {
        return store.find(EventKey.of(endpoint, id)).map(EventRecord::status);
    }

    /** A handler whose downstream is down (it answers 503, a server error) while {@link #down} is set. */
    static final class DownstreamHandler extends HttpServlet {
        private static final long serialVersionUID = 1L;

        final Map<String, AtomicInteger> runs = new ConcurrentHashMap<>();
        final Map<String, AtomicInteger> successes = new ConcurrentHashMap<>();
        volatile boolean down = true;

        int runs(String id) {
            AtomicInteger count = runs.get(id);
            return count == null ? 0 : count.get();
        }

        int successes(String id) {
            AtomicInteger count = successes.get(id);
            return count == null ? 0 : count.get();
        }

        int successes() {
            return successes.values().stream().mapToInt(AtomicInteger::get).sum();
        }

        int totalRuns() {
            return runs.values().stream().mapToInt(AtomicInteger::get).sum();
        }

        @Override
        protected void doPost(HttpServletRequest request, HttpServletResponse response) {
            EventKey key = (EventKey) request.getAttribute(HookguardFilter.EVENT_KEY_ATTRIBUTE);
            String id = key == null ? "unguarded" : key.eventId();
            runs.computeIfAbsent(id, k -> new AtomicInteger()).incrementAndGet();
            if (down) {
                response.setStatus(503);
                return;
            }
            successes.computeIfAbsent(id, k -> new AtomicInteger()).incrementAndGet();
            response.setStatus(200);
        }
    }
}
