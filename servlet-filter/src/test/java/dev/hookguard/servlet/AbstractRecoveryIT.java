package dev.hookguard.servlet;

import static dev.hookguard.core.signature.Scheme.GITHUB;
import static dev.hookguard.core.signature.Scheme.STANDARD_WEBHOOKS;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.hookguard.core.Attempt;
import dev.hookguard.core.ClaimOutcome;
import dev.hookguard.core.ErrorClass;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.EventRecord;
import dev.hookguard.core.Failure;
import dev.hookguard.core.Fingerprint;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.Payload;
import dev.hookguard.core.RecordStatus;
import dev.hookguard.core.RecoveryStore;
import dev.hookguard.core.internal.OperatorActions;
import dev.hookguard.core.operator.ListFilter;
import dev.hookguard.core.operator.ListFilter.Listing;
import dev.hookguard.core.operator.OperatorAction;
import dev.hookguard.core.operator.OperatorStore.AdminOutcome;
import dev.hookguard.core.operator.OperatorStore.BulkResult;
import dev.hookguard.core.signature.Headers;
import dev.hookguard.core.signature.SignatureConfig;
import dev.hookguard.core.signature.WebhookSigner;
import dev.hookguard.servlet.RecoveryConfig.DispatchSigning;
import dev.hookguard.servlet.internal.dispatch.DispatchHeaders;
import dev.hookguard.servlet.internal.dispatch.DispatchKeys;
import dev.hookguard.servlet.internal.dispatch.Dispatcher;
import dev.hookguard.servlet.internal.metrics.MicrometerDeliveryMetrics;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;

/**
 * Recovery end to end (DESIGN.md §8), inside a real servlet container against a real store: receiver retries for a
 * sender that never retries, async intake, the queue limit, the dispatch header, graceful shutdown. Handler runs
 * are counted per event. Endpoint names are unique per run, so a shared store never mixes runs.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(120)
abstract class AbstractRecoveryIT {

    static final String GITHUB_SECRET = "gh-" + UUID.randomUUID();
    static final String STD_SECRET = "whsec_"
            + Base64.getEncoder().encodeToString(UUID.randomUUID().toString().getBytes(UTF_8));
    static final String DISPATCH_KEY = "dispatch-key-" + UUID.randomUUID();
    static final Backoff FAST = Backoff.custom()
            .base(Duration.ofMillis(20))
            .cap(Duration.ofMillis(200))
            .attempts(3)
            .build();

    final String run = Long.toString(System.nanoTime(), 36);
    final String gh = "gh-" + run;
    final String async = "async-" + run;
    final String keyed = "keyed-" + run;
    final String senders = "senders-" + run;

    final RecoveryHandler handler = new RecoveryHandler();
    final SimpleMeterRegistry meters = new SimpleMeterRegistry();
    RecoveryStore store;
    EndpointConfig senderEndpoint;
    HookguardFilter filter;
    ServletContainer container;
    Sender sender;

    /** Starts a container of the kind under test. */
    protected abstract ServletContainer.Factory containers();

    /** A store of the kind under test. */
    protected abstract RecoveryStore createStore() throws Exception;

    /** Releases what {@link #createStore()} opened; called once after the last test. */
    protected void closeStore() throws Exception {}

    @BeforeAll
    void start() throws Exception {
        store = createStore();
        senderEndpoint = EndpointConfig.custom(senders)
                .path("/hooks/senders")
                .scheme(STANDARD_WEBHOOKS, SignatureConfig.of(STD_SECRET)) // retries: sender, the scheme's default
                .recovery(RecoveryConfig.custom()
                        .backoff(FAST)
                        .stalledAfter(Duration.ofSeconds(1))
                        .build())
                .build();
        HookguardFilterConfig config = HookguardFilterConfig.custom()
                .store(store)
                .metrics(new MicrometerDeliveryMetrics(meters))
                .storeTimeout(Duration.ofSeconds(30))
                .endpoint(github(
                        gh,
                        "/hooks/gh",
                        RecoveryConfig.custom()
                                .backoff(FAST)
                                .stalledAfter(Duration.ofSeconds(1))
                                .build()))
                .endpoint(EndpointConfig.custom(async)
                        .path("/hooks/async")
                        .scheme(STANDARD_WEBHOOKS, SignatureConfig.of(STD_SECRET))
                        .recovery(RecoveryConfig.custom()
                                .intake(Intake.ASYNC)
                                .backoff(FAST)
                                .build())
                        .build())
                .endpoint(senderEndpoint)
                .endpoint(github(
                        keyed,
                        "/hooks/keyed",
                        RecoveryConfig.custom()
                                .intake(Intake.ASYNC)
                                .signing(DispatchSigning.DISPATCH_KEY)
                                .backoff(FAST)
                                .build()))
                .dispatcher(fastDispatcher().build())
                .build();
        filter = new HookguardFilter(config);
        container = containers().start(WebApp.of(filter).servlet("/hooks/*", handler));
        sender = new Sender(Sender.client(), container.base());
    }

    @AfterAll
    void stop() throws Exception {
        if (container != null) {
            container.close();
        }
        closeStore();
    }

    static DispatcherConfig.Builder fastDispatcher() {
        return DispatcherConfig.custom()
                .minPollInterval(Duration.ofMillis(10))
                .maxPollInterval(Duration.ofMillis(200))
                .sweepInterval(Duration.ofSeconds(1))
                .dispatchKeys(DISPATCH_KEY);
    }

    static EndpointConfig github(String name, String path, RecoveryConfig recovery) {
        return EndpointConfig.custom(name)
                .path(path)
                .scheme(GITHUB, SignatureConfig.of(GITHUB_SECRET))
                .recovery(recovery)
                .build();
    }

    // ---- receiver retries

    @Test
    void shouldSucceedEveryFailOnceEventThroughReceiverRetriesWhenTheSenderNeverRetries() {
        List<String> ids = ids(10);

        for (String id : ids) {
            assertThat(sender.send(github("/hooks/gh", id, "fail-once")).statusCode())
                    .isEqualTo(500); // the sender's own answer is today's
        }

        await().atMost(Duration.ofSeconds(60))
                .untilAsserted(
                        () -> ids.forEach(id -> assertThat(status(gh, id)).isEqualTo(RecordStatus.SUCCEEDED)));
        ids.forEach(id -> assertThat(handler.runs(id)).as("runs of %s", id).isEqualTo(2));
        ids.forEach(id -> assertThat(handler.sawDispatch.get(id)).isTrue());
        DistributionSummary attempts = meters.get(DeliveryMetrics.ATTEMPTS)
                .tag("endpoint", gh)
                .tag("outcome", "processed")
                .summary();
        assertThat(attempts.max()).isEqualTo(2);
        assertThat(meters.get(DeliveryMetrics.DISPATCHES)
                        .tag("endpoint", gh)
                        .tag("outcome", "succeeded")
                        .counter()
                        .count())
                .isGreaterThanOrEqualTo(10);
    }

    @Test
    void shouldDeadLetterAnAlwaysFailingEventWithItsErrorClassAfterTheAttempts() {
        String failing = id();
        String throwing = id();

        sender.send(github("/hooks/gh", failing, "fail-always"));
        sender.send(github("/hooks/gh", throwing, "throw-always"));

        await().atMost(Duration.ofSeconds(60)).untilAsserted(() -> {
            assertThat(status(gh, failing)).isEqualTo(RecordStatus.DEAD);
            assertThat(status(gh, throwing)).isEqualTo(RecordStatus.DEAD);
        });
        assertThat(record(gh, failing).errorClass()).isEqualTo(ErrorClass.SERVER_ERROR);
        assertThat(record(gh, throwing).errorClass()).isEqualTo(ErrorClass.EXCEPTION);
        assertThat(handler.runs(failing)).isEqualTo(FAST.attempts());
        assertThat(handler.runs(throwing)).isEqualTo(FAST.attempts());
        // The meters are updated after the verdict is stored: await them as the status above, never read them once.
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
            Counter deadLettered = meters.find(DeliveryMetrics.FAILURES)
                    .tag("endpoint", gh)
                    .tag("outcome", "dead_lettered")
                    .tag("error_class", "server_error")
                    .counter();
            assertThat(deadLettered).isNotNull();
            assertThat(deadLettered.count()).isGreaterThanOrEqualTo(1);
            DistributionSummary attempts = meters.find(DeliveryMetrics.ATTEMPTS)
                    .tag("endpoint", gh)
                    .tag("outcome", "dead_lettered")
                    .summary();
            assertThat(attempts).isNotNull();
            assertThat(attempts.max()).isEqualTo(FAST.attempts());
        });
    }

    @Test
    void shouldNeverScheduleARetrySoonerThanTheHandlersRetryAfter() {
        String id = id();

        HttpResponse<String> response = sender.send(github("/hooks/gh", id, "retry-after:30"));

        assertThat(response.statusCode()).isEqualTo(503);
        EventRecord record = record(gh, id);
        assertThat(record.status()).isEqualTo(RecordStatus.FAILED);
        assertThat(record.nextAttemptAt()).isNotNull();
        assertThat(Duration.between(record.updatedAt(), record.nextAttemptAt()))
                .isGreaterThanOrEqualTo(Duration.ofMillis(29_900));
    }

    @Test
    void shouldRunAReplayedDeadLetterOnceThroughTheDispatcher() {
        String id = id();
        sender.send(github("/hooks/gh", id, "fail-always"));
        await().atMost(Duration.ofSeconds(60)).until(() -> status(gh, id) == RecordStatus.DEAD);
        handler.healed.add(id);

        AdminOutcome replayed = store.replay(EventKey.of(gh, id), OperatorAction.by("test"), policy());
        filter.dispatcher().orElseThrow().wake(gh);

        assertThat(replayed).isEqualTo(AdminOutcome.UPDATED);
        await().atMost(Duration.ofSeconds(60)).until(() -> status(gh, id) == RecordStatus.SUCCEEDED);
        assertThat(handler.runs(id)).isEqualTo(FAST.attempts() + 1);
    }

    @Test
    void shouldScheduleAStalledFailedRecordWhereTheReceiverRetries() {
        String id = id();
        byte[] body = json(id);
        EventKey key = EventKey.of(gh, id);
        ClaimOutcome.Acquired claim = (ClaimOutcome.Acquired) store.claim(key, Fingerprint.of(body), policy());
        Payload payload = new Payload(
                body,
                Map.of(
                        "X-GitHub-Delivery",
                        List.of(id),
                        "Content-Type",
                        List.of("application/json"),
                        DispatchHeaders.REQUEST_URI,
                        List.of("/hooks/gh")));
        store.fail(key, claim.token(), new Failure(payload, "given back without a retry"), policy()); // no due time

        await().atMost(Duration.ofSeconds(60)).until(() -> status(gh, id) == RecordStatus.SUCCEEDED);
        assertThat(handler.runs(id)).isEqualTo(1);
        assertThat(handler.sawDispatch.get(id)).isTrue();
        assertThat(meters.get(DeliveryMetrics.QUEUE_STALLED).tag("endpoint", gh).gauge())
                .isNotNull();
        assertThat(meters.get(DeliveryMetrics.QUEUE_DEPTH).tag("endpoint", gh).gauge())
                .isNotNull();
    }

    // ---- operators' replays on an endpoint whose sender retries: the receiver owns them (DESIGN.md §3)

    @Test
    void shouldRetryAReplayOfASenderEndpointOnTheReceiverUntilItIsDeadAgainAndKeepItCountedThroughout() {
        assertThat(senderEndpoint.recovery().retries()).isEqualTo(Retries.SENDER);
        assertThat(senderEndpoint.policy().maxAttempts()).isEqualTo(FAST.attempts());
        String id = id();
        EventKey key = EventKey.of(senders, id);
        deadThroughTheSender(id);
        long deadLetters = store.deadLetterCount(senders);
        double deadLettered = failures(senders, "dead_lettered", "server_error");

        assertThat(actions().replay(key, OperatorAction.by("test"), policy())).isEqualTo(AdminOutcome.UPDATED);
        filter.dispatcher().orElseThrow().wake(senders);

        Samples samples = new Samples(key, deadLetters);
        await().atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(2))
                .until(() -> samples.take() == RecordStatus.DEAD || !samples.violations.isEmpty());
        System.out.printf("replayed %s: states seen %s%n", id, samples.seen);
        assertThat(samples.violations).isEmpty();
        EventRecord dead = record(senders, id);
        assertThat(dead.attempts()).isEqualTo(FAST.attempts());
        assertThat(dead.errorClass()).isEqualTo(ErrorClass.SERVER_ERROR);
        assertThat(dead.nextAttemptAt()).isNull();
        assertThat(handler.runs(id)).isEqualTo(2 * FAST.attempts()); // the sender's 3, then the dispatcher's 3
        assertThat(handler.sawDispatch.get(id)).isTrue();
        assertThat(dead.attemptLog())
                .extracting(Attempt::source)
                .containsExactly(
                        Attempt.Source.SENDER,
                        Attempt.Source.SENDER,
                        Attempt.Source.SENDER,
                        Attempt.Source.OPERATOR_REPLAY,
                        Attempt.Source.RECEIVER_RETRY,
                        Attempt.Source.RECEIVER_RETRY);
        assertThat(store.list(ListFilter.forEndpoint(senders).text(id).build(), null, 10)
                        .records())
                .extracting(EventRecord::key)
                .containsExactly(key);
        assertThat(store.deadLetterCount(senders)).isEqualTo(deadLetters);
        await().atMost(Duration.ofSeconds(30))
                .untilAsserted(() -> assertThat(failures(senders, "dead_lettered", "server_error"))
                        .isEqualTo(deadLettered + 1));
    }

    @Test
    void shouldRunAReplayOfASenderEndpointOnceWhenItsHandlerNowSucceeds() {
        String id = id();
        EventKey key = EventKey.of(senders, id);
        deadThroughTheSender(id);
        long deadLetters = store.deadLetterCount(senders);
        handler.healed.add(id);

        assertThat(actions().replay(key, OperatorAction.by("test"), policy())).isEqualTo(AdminOutcome.UPDATED);
        filter.dispatcher().orElseThrow().wake(senders);

        await().atMost(Duration.ofSeconds(60)).until(() -> status(senders, id) == RecordStatus.SUCCEEDED);
        assertThat(handler.runs(id)).isEqualTo(FAST.attempts() + 1);
        assertThat(handler.sawDispatch.get(id)).isTrue();
        assertThat(store.deadLetterCount(senders)).isEqualTo(deadLetters - 1);
    }

    @Test
    @Timeout(300)
    void shouldEndABulkReplayOfASenderEndpointSucceededOrDeadAgainAndNeverFailedWithoutADueTime() {
        String batch = "bulk" + UUID.randomUUID().toString().substring(0, 8);
        // One delivery first: whatever ran before, the dispatcher then knows this node's address from a request.
        String first = id();
        assertThat(sender.send(standard("/hooks/senders", first, "ok")).statusCode())
                .isEqualTo(200);
        List<String> fixed = new ArrayList<>();
        List<String> broken = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            String id = "evt_" + batch + "_" + i;
            deadInTheStore(senders, "/hooks/senders", id);
            (i % 2 == 0 ? fixed : broken).add(id);
        }
        handler.healed.addAll(fixed);
        long deadLetters = store.deadLetterCount(senders);
        Instant lastDeath =
                store.list(ListFilter.forEndpoint(senders).text(batch).build(), null, 200).records().stream()
                        .map(EventRecord::updatedAt)
                        .max(Instant::compareTo)
                        .orElseThrow();
        // Up to the last death (store time), so that records dying again during the walk are not replayed twice.
        ListFilter deadOnes = ListFilter.forEndpoint(senders)
                .listings(Listing.DEAD)
                .text(batch)
                .to(lastDeath.plusMillis(1))
                .build();

        BulkResult replayed = actions().replayAll(deadOnes, OperatorAction.by("test"), policy());
        filter.dispatcher().orElseThrow().wake(senders);

        assertThat(replayed.updated()).isEqualTo(200);
        List<String> undue = new ArrayList<>();
        List<String> all = new ArrayList<>(fixed);
        all.addAll(broken);
        await().atMost(Duration.ofSeconds(240))
                .pollInterval(Duration.ofMillis(100))
                .until(() -> {
                    int settled = 0;
                    for (String id : all) {
                        EventRecord record = record(senders, id);
                        if (record.status() == RecordStatus.FAILED && record.nextAttemptAt() == null) {
                            undue.add(id + " at attempt " + record.attempts());
                        }
                        boolean done = record.status() == RecordStatus.SUCCEEDED
                                || (record.status() == RecordStatus.DEAD && record.attempts() == FAST.attempts());
                        settled += done ? 1 : 0;
                    }
                    return settled == all.size() || !undue.isEmpty();
                });
        assertThat(undue).as("FAILED without a due time").isEmpty();
        fixed.forEach(id -> assertThat(status(senders, id)).as(id).isEqualTo(RecordStatus.SUCCEEDED));
        fixed.forEach(id -> assertThat(handler.runs(id)).as("runs of %s", id).isEqualTo(1));
        broken.forEach(id -> {
            EventRecord record = record(senders, id);
            assertThat(record.status()).as(id).isEqualTo(RecordStatus.DEAD);
            assertThat(record.errorClass()).as(id).isEqualTo(ErrorClass.SERVER_ERROR);
            assertThat(handler.runs(id)).as("runs of %s", id).isEqualTo(FAST.attempts());
        });
        ListFilter ofBatch = ListFilter.forEndpoint(senders).text(batch).build();
        assertThat(store.count(ListFilter.forEndpoint(senders)
                        .listings(Listing.FAILED, Listing.QUEUED)
                        .text(batch)
                        .build()))
                .isZero();
        assertThat(store.count(ofBatch)).isEqualTo(100);
        assertThat(store.deadLetterCount(senders)).isEqualTo(deadLetters - 100);
        System.out.printf(
                "bulk replay of 200 on a sender endpoint: %d SUCCEEDED, %d DEAD again, %d FAILED without a due time%n",
                fixed.size(), store.count(ofBatch), undue.size());
    }

    @Test
    void shouldListARequeueOfASenderEndpointAsStalledWhenNoDeliveryComes() {
        String id = id();
        EventKey key = EventKey.of(senders, id);
        deadThroughTheSender(id);

        assertThat(actions().requeue(key, OperatorAction.by("test"), policy())).isEqualTo(AdminOutcome.UPDATED);

        ListFilter stalled = ListFilter.forEndpoint(senders)
                .listings(Listing.STALLED)
                .stalledAfter(Duration.ofSeconds(1))
                .text(id)
                .build();
        assertThat(record(senders, id).nextAttemptAt()).isNull(); // handed back to the sender
        await().atMost(Duration.ofSeconds(30)).until(() -> store.count(stalled) == 1);
        await().atMost(Duration.ofSeconds(30))
                .ignoreExceptions()
                .until(() -> meters.get(DeliveryMetrics.QUEUE_STALLED)
                                .tag("endpoint", senders)
                                .gauge()
                                .value()
                        >= 1);
        assertThat(actions().skip(key, OperatorAction.by("test"), policy())).isEqualTo(AdminOutcome.UPDATED);
    }

    /**
     * Samples one replayed record at each change: it must never be FAILED without a due time, and, whenever two reads
     * of it around the counts agree and it is not being handled, the endpoint's dead letters plus its due queue must
     * hold at least the dead letters there were before the replay (the record is in one or the other).
     */
    final class Samples {
        final EventKey key;
        final long deadLetters;
        final Set<String> seen = new LinkedHashSet<>();
        final List<String> violations = new ArrayList<>();

        Samples(EventKey key, long deadLetters) {
            this.key = key;
            this.deadLetters = deadLetters;
        }

        RecordStatus take() {
            EventRecord before = store.find(key).orElseThrow();
            long queued = store.stats(key.endpoint()).depth();
            long dead = store.deadLetterCount(key.endpoint());
            EventRecord after = store.find(key).orElseThrow();
            boolean due = before.nextAttemptAt() != null;
            String state = before.status() + " attempt " + before.attempts() + (due ? " due" : "");
            if (seen.add(state)) {
                if (before.status() == RecordStatus.FAILED && !due) {
                    violations.add("FAILED without a due time: " + state);
                }
            }
            boolean steady = before.status() == after.status()
                    && before.attempts() == after.attempts()
                    && Objects.equals(before.nextAttemptAt(), after.nextAttemptAt());
            if (steady && before.status() != RecordStatus.PROCESSING && dead + queued < deadLetters) {
                violations.add(state + ": " + dead + " dead letters + " + queued + " queued < " + deadLetters);
            }
            return before.status();
        }
    }

    /** Sends {@code fail-always} as the sender would, until the event is DEAD (its last delivery answered 202). */
    void deadThroughTheSender(String id) {
        for (int attempt = 1; attempt < FAST.attempts(); attempt++) {
            assertThat(sender.send(standard("/hooks/senders", id, "fail-always"))
                            .statusCode())
                    .isEqualTo(500);
            EventRecord failed = record(senders, id);
            assertThat(failed.status()).isEqualTo(RecordStatus.FAILED);
            assertThat(failed.nextAttemptAt()).isNull(); // the sender retries
        }
        assertThat(sender.send(standard("/hooks/senders", id, "fail-always")).statusCode())
                .isEqualTo(202);
        assertThat(status(senders, id)).isEqualTo(RecordStatus.DEAD);
    }

    /** Makes the event DEAD in the store as the filter records it, with a {@code fail-always} payload for {@code path}. */
    void deadInTheStore(String endpoint, String path, String id) {
        byte[] body = json(id);
        EventKey key = EventKey.of(endpoint, id);
        Payload payload = new Payload(
                body,
                Map.of(
                        "Content-Type",
                        List.of("application/json"),
                        RecoveryHandler.BEHAVIOUR,
                        List.of("fail-always"),
                        DispatchHeaders.REQUEST_URI,
                        List.of(path)));
        for (int attempt = 1; attempt <= FAST.attempts(); attempt++) {
            ClaimOutcome.Acquired claim = (ClaimOutcome.Acquired) store.claim(key, Fingerprint.of(body), policy());
            store.fail(key, claim.token(), new Failure(payload, "HTTP 500", ErrorClass.SERVER_ERROR), policy());
        }
        assertThat(status(endpoint, id)).isEqualTo(RecordStatus.DEAD);
    }

    double failures(String endpoint, String outcome, String errorClass) {
        Counter counter = meters.find(DeliveryMetrics.FAILURES)
                .tag("endpoint", endpoint)
                .tag("outcome", outcome)
                .tag("error_class", errorClass)
                .counter();
        return counter == null ? 0 : counter.count();
    }

    // ---- async intake

    @Test
    void shouldAnswerAsyncIntake202BeforeTheHandlerFinishesAndRunEachEventOnce() {
        handler.gate = new CountDownLatch(1);
        List<String> ids = ids(5);
        try {
            for (String id : ids) {
                HttpResponse<String> response = sender.send(standard("/hooks/async", id, "gated"));
                assertThat(response.statusCode()).isEqualTo(202);
                assertThat(response.body()).isEqualTo("{\"status\":\"queued\",\"id\":\"" + id + "\"}");
                assertThat(response.headers().firstValue("Content-Type"))
                        .hasValueSatisfying(type -> assertThat(type).startsWith("application/json"));
            }
            HttpResponse<String> copy = sender.send(standard("/hooks/async", ids.get(0), "gated"));
            assertThat(copy.statusCode()).isEqualTo(202);
            assertThat(copy.body()).contains("\"status\":\"pending\"");
            ids.forEach(id -> assertThat(status(async, id)).isNotEqualTo(RecordStatus.SUCCEEDED));
        } finally {
            handler.gate.countDown();
        }

        await().atMost(Duration.ofSeconds(60))
                .untilAsserted(
                        () -> ids.forEach(id -> assertThat(status(async, id)).isEqualTo(RecordStatus.SUCCEEDED)));
        ids.forEach(id -> assertThat(handler.runs(id)).as("runs of %s", id).isEqualTo(1));
        HttpResponse<String> done = sender.send(standard("/hooks/async", ids.get(0), "gated"));
        assertThat(done.statusCode()).isEqualTo(200);
        assertThat(done.body()).contains("\"run\":1");
        assertThat(handler.runs(ids.get(0))).isEqualTo(1);
    }

    @Test
    void shouldRunAnAsyncEventWhoseDispatchIsSignedWithTheDispatchKey() {
        String id = id();

        HttpResponse<String> response = sender.send(github("/hooks/keyed", id, "ok"));

        assertThat(response.statusCode()).isEqualTo(202);
        await().atMost(Duration.ofSeconds(60))
                .untilAsserted(() -> assertThat(status(keyed, id)).isEqualTo(RecordStatus.SUCCEEDED));
        assertThat(handler.runs(id)).isEqualTo(1);
        assertThat(handler.sawDispatch.get(id)).isTrue();
    }

    @Test
    void shouldRunADispatchInlineOnAnAsyncEndpointAndNeverQueueIt() {
        String id = id();
        byte[] body = json(id);
        String header = new DispatchKeys(List.of(DISPATCH_KEY), Duration.ofMinutes(1))
                .sign(EventKey.of(keyed, id), body, Instant.now());

        HttpResponse<String> response = sender.send(sender.request(
                        "/hooks/keyed",
                        Headers.of("X-GitHub-Delivery", id),
                        HttpRequest.BodyPublishers.ofByteArray(body))
                .header(DispatchHeaders.DISPATCH, header));

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).contains("\"run\":1");
        assertThat(handler.runs(id)).isEqualTo(1);
        assertThat(record(keyed, id).status()).isEqualTo(RecordStatus.SUCCEEDED);
    }

    @Test
    void shouldRefuseAForgedStaleOrMalformedDispatchHeaderWith401() {
        String id = id();
        byte[] body = json(id);
        DispatchKeys keys = new DispatchKeys(List.of(DISPATCH_KEY), Duration.ofMinutes(1));
        DispatchKeys otherKeys = new DispatchKeys(List.of("another-key-" + UUID.randomUUID()), Duration.ofMinutes(1));
        String stale = keys.sign(EventKey.of(gh, id), body, Instant.now().minus(Duration.ofHours(1)));
        String forged = otherKeys.sign(EventKey.of(keyed, id), body, Instant.now());

        HttpResponse<String> staleAnswer =
                sender.send(signedGithub("/hooks/gh", id, body).header(DispatchHeaders.DISPATCH, stale));
        HttpResponse<String> malformed =
                sender.send(signedGithub("/hooks/gh", id, body).header(DispatchHeaders.DISPATCH, "garbage"));
        HttpResponse<String> forgedAnswer = sender.send(sender.request(
                        "/hooks/keyed",
                        Headers.of("X-GitHub-Delivery", id),
                        HttpRequest.BodyPublishers.ofByteArray(body))
                .header(DispatchHeaders.DISPATCH, forged));

        assertThat(staleAnswer.statusCode()).isEqualTo(401);
        assertThat(staleAnswer.body()).contains("time tolerance");
        assertThat(malformed.statusCode()).isEqualTo(401);
        assertThat(malformed.body()).contains("malformed");
        assertThat(forgedAnswer.statusCode()).isEqualTo(401);
        assertThat(forgedAnswer.body()).contains("does not match");
        assertThat(handler.runs(id)).isZero();
        assertThat(store.find(EventKey.of(keyed, id))).isEmpty();
    }

    // ---- queue limit and shutdown, each on a filter of its own

    @Test
    void shouldAnswer429WithRetryAfterOnceTheQueueIsAtItsLimit() throws Exception {
        String full = "full-" + run;
        RecoveryHandler own = new RecoveryHandler();
        HookguardFilterConfig config = HookguardFilterConfig.custom()
                .store(store)
                .storeTimeout(Duration.ofSeconds(30))
                .endpoint(EndpointConfig.custom(full)
                        .path("/hooks/full")
                        .scheme(STANDARD_WEBHOOKS, SignatureConfig.of(STD_SECRET))
                        .recovery(RecoveryConfig.custom()
                                .intake(Intake.ASYNC)
                                .queueLimit(2)
                                .build())
                        .build())
                .dispatcher(DispatcherConfig.custom().enabled(false).build())
                .build();
        try (ServletContainer limited =
                containers().start(WebApp.of(new HookguardFilter(config)).servlet("/hooks/*", own))) {
            Sender limitedSender = new Sender(Sender.client(), limited.base());

            List<Integer> answers = new ArrayList<>();
            for (String id : ids(2)) {
                answers.add(limitedSender
                        .send(standard(limitedSender, "/hooks/full", id, "ok"))
                        .statusCode());
            }
            HttpResponse<String> over = limitedSender.send(standard(limitedSender, "/hooks/full", id(), "ok"));

            assertThat(answers).containsExactly(202, 202);
            assertThat(over.statusCode()).isEqualTo(429);
            assertThat(over.headers().firstValue("Retry-After")).contains("5");
            assertThat(over.body()).contains("queue is full");
            assertThat(own.runs).isEmpty();
        }
    }

    @Test
    void shouldWaitForADispatchInFlightWhenClosedAndRunItOnce() throws Exception {
        String drain = "drain-" + run;
        RecoveryHandler own = new RecoveryHandler();
        own.gate = new CountDownLatch(1);
        own.entered = new CountDownLatch(1);
        HookguardFilter filter = new HookguardFilter(HookguardFilterConfig.custom()
                .store(store)
                .storeTimeout(Duration.ofSeconds(30))
                .endpoint(EndpointConfig.custom(drain)
                        .path("/hooks/drain")
                        .scheme(STANDARD_WEBHOOKS, SignatureConfig.of(STD_SECRET))
                        .recovery(RecoveryConfig.custom().intake(Intake.ASYNC).build())
                        .build())
                .dispatcher(
                        fastDispatcher().shutdownGrace(Duration.ofSeconds(30)).build())
                .build());
        try (ServletContainer draining = containers().start(WebApp.of(filter).servlet("/hooks/*", own))) {
            Sender drainSender = new Sender(Sender.client(), draining.base());
            String id = id();
            assertThat(drainSender
                            .send(standard(drainSender, "/hooks/drain", id, "gated"))
                            .statusCode())
                    .isEqualTo(202);
            assertThat(own.entered.await(30, TimeUnit.SECONDS)).isTrue();
            Dispatcher dispatcher = filter.dispatcher().orElseThrow();

            CompletableFuture<Void> closing = CompletableFuture.runAsync(dispatcher::close);
            await().atMost(Duration.ofSeconds(10)).until(() -> !dispatcher.running());
            assertThat(closing).isNotDone();
            assertThat(dispatcher.inFlight()).isEqualTo(1);
            own.gate.countDown();
            closing.get(30, TimeUnit.SECONDS);

            assertThat(dispatcher.inFlight()).isZero();
            assertThat(status(drain, id)).isEqualTo(RecordStatus.SUCCEEDED);
            assertThat(own.runs(id)).isEqualTo(1);
        }
    }

    // ---- helpers

    HttpRequest.Builder github(String path, String id, String behaviour) {
        return signedGithub(path, id, json(id)).header(RecoveryHandler.BEHAVIOUR, behaviour);
    }

    HttpRequest.Builder signedGithub(String path, String id, byte[] body) {
        return sender.signed(path, GITHUB, GITHUB_SECRET, id, body);
    }

    HttpRequest.Builder standard(String path, String id, String behaviour) {
        return standard(sender, path, id, behaviour);
    }

    static HttpRequest.Builder standard(Sender via, String path, String id, String behaviour) {
        Headers headers = WebhookSigner.of(STANDARD_WEBHOOKS, STD_SECRET).sign(id, Instant.now(), json(id));
        return via.request(path, headers, HttpRequest.BodyPublishers.ofByteArray(json(id)))
                .header(RecoveryHandler.BEHAVIOUR, behaviour);
    }

    static IdempotencyPolicy policy() {
        return IdempotencyPolicy.custom().maxAttempts(FAST.attempts()).build();
    }

    RecordStatus status(String endpoint, String id) {
        return store.find(EventKey.of(endpoint, id)).map(EventRecord::status).orElse(null);
    }

    EventRecord record(String endpoint, String id) {
        return store.find(EventKey.of(endpoint, id)).orElseThrow();
    }

    static List<String> ids(int count) {
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            ids.add(id());
        }
        return ids;
    }

    static String id() {
        return "evt_" + UUID.randomUUID().toString().replace("-", "");
    }

    static byte[] json(String id) {
        return ("{\"id\":\"" + id + "\",\"action\":\"opened\"}").getBytes(UTF_8);
    }

    /** The operator's actions on this test's store, audited for the default retention. */
    private OperatorActions actions() {
        return new OperatorActions(store, OperatorActions.DEFAULT_AUDIT_RETENTION);
    }
}
