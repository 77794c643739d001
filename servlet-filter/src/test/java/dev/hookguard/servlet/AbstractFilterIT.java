package dev.hookguard.servlet;

import static dev.hookguard.core.signature.Scheme.GITHUB;
import static dev.hookguard.core.signature.Scheme.STANDARD_WEBHOOKS;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.hookguard.core.EventKey;
import dev.hookguard.core.EventRecord;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.RecordStatus;
import dev.hookguard.core.RecoveryStore;
import dev.hookguard.core.signature.Headers;
import dev.hookguard.core.signature.SignatureConfig;
import dev.hookguard.core.signature.WebhookSigner;
import dev.hookguard.servlet.DeliveryMetrics.DeliveryObservation;
import dev.hookguard.servlet.DeliveryMetrics.DeliveryOutcome;
import dev.hookguard.servlet.internal.metrics.MicrometerDeliveryMetrics;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationHandler;
import io.micrometer.observation.tck.TestObservationRegistry;
import io.micrometer.observation.tck.TestObservationRegistryAssert;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The filter end to end, inside a real servlet container, against a real store: every row of DESIGN.md §4,
 * plus body sizes, chunked and form bodies, failing, slow and asynchronous handlers, and a concurrency run.
 * Subclasses supply the container and the store; endpoint names are unique per run, so a shared store
 * (Redis, a database) never mixes runs.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(90)
abstract class AbstractFilterIT {

    static final String SECRET = "whsec_" + Base64.getEncoder().encodeToString(random(32));
    static final String GITHUB_SECRET = "gh-" + UUID.randomUUID();
    static final int LIMIT = EndpointConfig.DEFAULT_MAX_BODY_BYTES;
    static final Duration SHORT_LEASE = Duration.ofSeconds(1);

    final String run = Long.toString(System.nanoTime(), 36);
    final String std = "std-" + run;
    final String gh = "gh-" + run;
    final String slow = "slow-" + run;
    final String dead = "dead-" + run;

    final TestHandler handler = new TestHandler();
    final SimpleMeterRegistry meters = new SimpleMeterRegistry();
    SwitchableStore store;
    ServletContainer container;
    Sender sender;
    HttpClient http;

    /** Starts a container of the kind under test. */
    protected abstract ServletContainer.Factory containers();

    /** A store of the kind under test. */
    protected abstract RecoveryStore createStore() throws Exception;

    /** Releases what {@link #createStore()} opened; called once after the last test. */
    protected void closeStore() throws Exception {}

    @BeforeAll
    void start() throws Exception {
        store = new SwitchableStore(createStore());
        HookguardFilterConfig config = HookguardFilterConfig.custom()
                .store(store)
                .metrics(new MicrometerDeliveryMetrics(meters))
                .storeTimeout(Duration.ofSeconds(30)) // a loaded CI machine may take over 1 s for a claim
                .endpoint(standard(std, "/hooks/std", IdempotencyPolicy.ofDefaults()))
                .endpoint(EndpointConfig.custom(gh)
                        .path("/hooks/gh/*")
                        .scheme(GITHUB, SignatureConfig.of(GITHUB_SECRET))
                        .build())
                .endpoint(standard(
                        slow,
                        "/hooks/slow",
                        IdempotencyPolicy.custom().lease(SHORT_LEASE).build()))
                .endpoint(standard(
                        dead,
                        "/hooks/dead",
                        IdempotencyPolicy.custom().maxAttempts(2).build()))
                .build();
        container = containers()
                .start(WebApp.of(new HookguardFilter(config))
                        .servlet("/hooks/*", handler)
                        .servlet("/open", handler));
        http = Sender.client();
        sender = new Sender(http, container.base());
    }

    @AfterAll
    void stop() throws Exception {
        if (container != null) {
            container.close();
        }
        closeStore();
    }

    static EndpointConfig standard(String name, String path, IdempotencyPolicy policy) {
        return EndpointConfig.custom(name)
                .path(path)
                .scheme(STANDARD_WEBHOOKS, SignatureConfig.of(SECRET))
                .policy(policy)
                .build();
    }

    // ---- ACQUIRED and DUPLICATE

    @Test
    void shouldHandAnAcquiredDeliveryToTheHandlerOnceAndReplayItsResponseToDuplicates() {
        String id = id();
        byte[] body = json(id);

        HttpResponse<String> first = sender.send(signed("/hooks/std", id, body));
        HttpResponse<String> second = sender.send(signed("/hooks/std", id, body));

        assertThat(first.statusCode()).isEqualTo(200);
        assertThat(first.body())
                .contains("\"run\":1")
                .contains("\"rereadable\":true")
                .contains("\"bulk\":true");
        assertThat(first.headers().firstValue("Idempotent-Replayed")).isEmpty();
        assertThat(second.statusCode()).isEqualTo(200);
        assertThat(second.body()).isEqualTo(first.body());
        assertThat(second.headers().firstValue("Content-Type"))
                .isEqualTo(first.headers().firstValue("Content-Type"));
        assertThat(second.headers().firstValue("Idempotent-Replayed")).contains("true");
        assertThat(handler.runs(id)).isEqualTo(1);
        assertThat(record(std, id).status()).isEqualTo(RecordStatus.SUCCEEDED);
    }

    @Test
    void shouldPutEndpointAndEventIdIntoTheMdcWhileTheHandlerRuns() {
        String id = id();

        sender.send(signed("/hooks/std", id, json(id)));

        assertThat(handler.mdcEndpoint.get(id)).isEqualTo(std);
        assertThat(handler.mdcEventId.get(id)).isEqualTo(id);
    }

    @Test
    void shouldExposeTheVerifiedEventKeyAsARequestAttributeToTheHandler() {
        String id = id();

        sender.send(signed("/hooks/std", id, json(id)));
        sender.send(
                sender.request("/open", Headers.of("webhook-id", "plain"), HttpRequest.BodyPublishers.ofString("x")));

        assertThat(handler.eventKeyAttribute.get(id)).isEqualTo(EventKey.of(std, id));
        assertThat(handler.eventKeyAttribute.get("plain")).isEqualTo("");
    }

    @Test
    void shouldLeaveOtherPathsUntouched() {
        HttpResponse<String> response = sender.send(
                sender.request("/open", Headers.of("webhook-id", "plain"), HttpRequest.BodyPublishers.ofString("x"))
                        .header(TestHandler.BEHAVIOUR, "status:201"));

        assertThat(response.statusCode()).isEqualTo(201);
        assertThat(response.body()).isEqualTo("handler says 201");
    }

    // ---- body size

    @Test
    void shouldAcceptAnEmptyBody() {
        String id = id();

        HttpResponse<String> response = sender.send(signed("/hooks/std", id, new byte[0]));

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).contains("\"length\":0");
    }

    @Test
    void shouldAcceptABodyOfExactlyTheLimit() {
        String id = id();
        byte[] body = filled(LIMIT);

        HttpResponse<String> response = sender.send(signed("/hooks/std", id, body));

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).contains("\"length\":" + LIMIT);
    }

    @Test
    void shouldRefuseABodyOneByteOverTheLimitBeforeReadingIt() {
        String id = id();

        HttpResponse<String> response = sender.send(signed("/hooks/std", id, filled(LIMIT + 1)));

        assertThat(response.statusCode()).isEqualTo(413);
        assertUntouched(std, id);
    }

    @Test
    void shouldAnswer413OnTheDeclaredLengthWithoutWaitingForTheBody() throws Exception {
        String id = id();
        Headers signature = WebhookSigner.of(STANDARD_WEBHOOKS, SECRET).sign(id, Instant.now(), new byte[0]);
        StringBuilder head = new StringBuilder("POST /hooks/std HTTP/1.1\r\nHost: 127.0.0.1\r\n");
        signature
                .values()
                .forEach((name, values) -> values.forEach(
                        v -> head.append(name).append(": ").append(v).append("\r\n")));
        head.append("Content-Length: ").append(LIMIT + 1).append("\r\n\r\n");

        try (java.net.Socket socket =
                new java.net.Socket(container.base().getHost(), container.base().getPort())) {
            socket.setSoTimeout(30_000);
            socket.getOutputStream().write(head.toString().getBytes(java.nio.charset.StandardCharsets.US_ASCII));
            socket.getOutputStream().flush();
            String statusLine = new java.io.BufferedReader(new java.io.InputStreamReader(
                            socket.getInputStream(), java.nio.charset.StandardCharsets.US_ASCII))
                    .readLine();

            assertThat(statusLine).startsWith("HTTP/1.1 413");
        }
        assertUntouched(std, id);
    }

    @Test
    void shouldReadAChunkedBodyWithinTheLimit() {
        String id = id();
        byte[] body = filled(200_000);

        HttpResponse<String> response =
                sender.send(sender.signedChunked("/hooks/std", STANDARD_WEBHOOKS, SECRET, id, body));

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).contains("\"sha256\":\"" + dev.hookguard.core.Fingerprint.sha256Hex(body));
    }

    @Test
    void shouldRefuseAChunkedBodyOverTheLimit() {
        String id = id();

        HttpResponse<String> response =
                sender.send(sender.signedChunked("/hooks/std", STANDARD_WEBHOOKS, SECRET, id, filled(LIMIT + 1)));

        assertThat(response.statusCode()).isEqualTo(413);
        assertUntouched(std, id);
    }

    @Test
    void shouldLetTheHandlerReadAFormBodyWithGetParameterAfterVerifyingIt() {
        String id = id();
        byte[] body = "name=J%C3%BCrgen+S&other=1".getBytes(UTF_8);

        HttpResponse<String> response =
                sender.send(sender.signed("/hooks/std?q=query", STANDARD_WEBHOOKS, SECRET, id, body)
                        .header("Content-Type", "application/x-www-form-urlencoded")
                        .header(TestHandler.BEHAVIOUR, "form"));

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).isEqualTo("name=Jürgen S;query=query");
    }

    @Test
    void shouldRefuseAForgedFormPostWithoutTheContainerParsingIt() {
        String id = id();

        HttpResponse<String> response = sender.send(sender.request(
                        "/hooks/std",
                        Headers.of("webhook-id", id, "webhook-timestamp", now(), "webhook-signature", "v1,AAAA"),
                        HttpRequest.BodyPublishers.ofString("name=x"))
                .header("Content-Type", "application/x-www-form-urlencoded"));

        assertThat(response.statusCode()).isEqualTo(401);
        assertThat(handler.runs(id)).isZero();
    }

    // ---- signatures and ids

    @Test
    void shouldAnswer401ForAMissingSignatureAndWriteNothing() {
        String id = id();

        HttpResponse<String> response = sender.send(sender.request(
                "/hooks/std", Headers.of("webhook-id", id), HttpRequest.BodyPublishers.ofByteArray(json(id))));

        assertThat(response.statusCode()).isEqualTo(401);
        assertUntouched(std, id);
    }

    @Test
    void shouldAnswer401ForAWrongSignatureWithoutRevealingTheExpectedOne() {
        String id = id();
        byte[] body = json(id);
        Headers genuine = WebhookSigner.of(STANDARD_WEBHOOKS, SECRET).sign(id, Instant.now(), body);
        String expected = genuine.first("webhook-signature").orElseThrow().substring(3);

        HttpResponse<String> response = sender.send(sender.request(
                "/hooks/std",
                genuine.with(Headers.of(
                        "webhook-signature", "v1," + Base64.getEncoder().encodeToString(random(32)))),
                HttpRequest.BodyPublishers.ofByteArray(body)));

        assertThat(response.statusCode()).isEqualTo(401);
        assertThat(response.body()).doesNotContain(expected).doesNotContain(SECRET.substring(6));
        assertUntouched(std, id);
    }

    @Test
    void shouldAnswer400ForAMalformedSignatureHeader() {
        String id = id();

        HttpResponse<String> response = sender.send(sender.request(
                "/hooks/std",
                Headers.of("webhook-id", id, "webhook-timestamp", "not-a-number", "webhook-signature", "v1,AAAA"),
                HttpRequest.BodyPublishers.ofByteArray(json(id))));

        assertThat(response.statusCode()).isEqualTo(400);
        assertUntouched(std, id);
    }

    @Test
    void shouldAnswer401ForATimestampOutsideTheTolerance() {
        String id = id();
        byte[] body = json(id);
        Headers stale = WebhookSigner.of(STANDARD_WEBHOOKS, SECRET)
                .sign(id, Instant.now().minusSeconds(301), body);

        HttpResponse<String> response =
                sender.send(sender.request("/hooks/std", stale, HttpRequest.BodyPublishers.ofByteArray(body)));

        assertThat(response.statusCode()).isEqualTo(401);
        assertUntouched(std, id);
    }

    @Test
    void shouldNotLetAForgedDeliveryOfARealEventIdBlockTheGenuineOne() {
        String id = id();
        byte[] body = json(id);
        Headers forged = Headers.of(
                "webhook-id",
                id,
                "webhook-timestamp",
                now(),
                "webhook-signature",
                "v1," + Base64.getEncoder().encodeToString(random(32)));

        HttpResponse<String> forgery =
                sender.send(sender.request("/hooks/std", forged, HttpRequest.BodyPublishers.ofByteArray(body)));
        HttpResponse<String> genuine = sender.send(signed("/hooks/std", id, body));

        assertThat(forgery.statusCode()).isEqualTo(401);
        assertThat(genuine.statusCode()).isEqualTo(200);
        assertThat(handler.runs(id)).isEqualTo(1);
    }

    @Test
    void shouldAnswer400ForAnInvalidEventId() {
        String id = "bad id " + id();

        HttpResponse<String> response = sender.send(signed("/hooks/std", id, json("x")));

        assertThat(response.statusCode()).isEqualTo(400);
        assertThat(handler.runs(id)).isZero();
    }

    @Test
    void shouldAnswer422ForAKnownEventIdWithAnotherBody() {
        String id = id();
        sender.send(signed("/hooks/std", id, json(id)));

        HttpResponse<String> other = sender.send(signed("/hooks/std", id, json(id + "-changed")));

        assertThat(other.statusCode()).isEqualTo(422);
        assertThat(handler.runs(id)).isEqualTo(1);
    }

    @Test
    void shouldRefuseACapturedGitHubDeliveryReplayedUnderAFreshId() {
        String id = UUID.randomUUID().toString();
        String fresh = UUID.randomUUID().toString();
        byte[] body = json(id);

        HttpResponse<String> first = sender.send(sender.signed("/hooks/gh/repo", GITHUB, GITHUB_SECRET, id, body));
        HttpResponse<String> again = sender.send(sender.signed("/hooks/gh/repo", GITHUB, GITHUB_SECRET, id, body));
        HttpResponse<String> replay = sender.send(sender.signed("/hooks/gh/repo", GITHUB, GITHUB_SECRET, fresh, body));

        assertThat(first.statusCode()).isEqualTo(200);
        assertThat(again.headers().firstValue("Idempotent-Replayed")).contains("true");
        assertThat(replay.statusCode()).isEqualTo(422);
        assertThat(handler.runs(id)).isEqualTo(1);
        assertThat(handler.runs(fresh)).isZero();
        assertUntouched(gh, fresh);
    }

    // ---- handler results

    @Test
    void shouldRecordAThrowingHandlerAsFailedAndAnswer500WithoutAStackTrace() {
        String id = id();

        HttpResponse<String> failed =
                sender.send(signed("/hooks/std", id, json(id)).header(TestHandler.BEHAVIOUR, "throw"));
        HttpResponse<String> retried = sender.send(signed("/hooks/std", id, json(id)));

        assertThat(failed.statusCode()).isEqualTo(500);
        assertThat(failed.body())
                .doesNotContain(TestHandler.SECRET_MARKER)
                .doesNotContain("Exception")
                .doesNotContain("at dev.hookguard");
        assertThat(retried.statusCode()).isEqualTo(200);
        assertThat(handler.runs(id)).isEqualTo(2);
        assertThat(record(std, id).attempts()).isEqualTo(2);
    }

    @Test
    void shouldPassAHandler500ThroughAndRecordTheFailure() {
        String id = id();

        HttpResponse<String> response =
                sender.send(signed("/hooks/std", id, json(id)).header(TestHandler.BEHAVIOUR, "status:500"));

        assertThat(response.statusCode()).isEqualTo(500);
        assertThat(response.body()).isEqualTo("handler says 500");
        assertThat(record(std, id).status()).isEqualTo(RecordStatus.FAILED);
    }

    @Test
    void shouldPassAHandler429ThroughAndRecordTheFailure() {
        String id = id();

        HttpResponse<String> response =
                sender.send(signed("/hooks/std", id, json(id)).header(TestHandler.BEHAVIOUR, "status:429"));

        assertThat(response.statusCode()).isEqualTo(429);
        assertThat(record(std, id).status()).isEqualTo(RecordStatus.FAILED);
    }

    @Test
    void shouldRecordAHandler422AsRejectedAndReplayIt() {
        String id = id();

        HttpResponse<String> first =
                sender.send(signed("/hooks/std", id, json(id)).header(TestHandler.BEHAVIOUR, "status:422"));
        HttpResponse<String> second = sender.send(signed("/hooks/std", id, json(id)));

        assertThat(first.statusCode()).isEqualTo(422);
        assertThat(second.statusCode()).isEqualTo(422);
        assertThat(second.body()).isEqualTo("handler says 422");
        assertThat(second.headers().firstValue("Idempotent-Replayed")).contains("true");
        assertThat(handler.runs(id)).isEqualTo(1);
        assertThat(record(std, id).status()).isEqualTo(RecordStatus.REJECTED);
    }

    @Test
    void shouldNeverAnswer410() {
        String id = id();
        String other = id();

        HttpResponse<String> status =
                sender.send(signed("/hooks/std", id, json(id)).header(TestHandler.BEHAVIOUR, "status:410"));
        HttpResponse<String> error =
                sender.send(signed("/hooks/std", other, json(other)).header(TestHandler.BEHAVIOUR, "send-error:410"));

        assertThat(status.statusCode()).isEqualTo(400);
        assertThat(error.statusCode()).isEqualTo(400);
        assertThat(record(std, id).status()).isEqualTo(RecordStatus.REJECTED);
    }

    @Test
    void shouldPassFlushSendErrorAndSendRedirectThroughUnchanged() {
        String flushed = id();
        String errored = id();
        String redirected = id();

        HttpResponse<String> flush =
                sender.send(signed("/hooks/std", flushed, json(flushed)).header(TestHandler.BEHAVIOUR, "flush"));
        HttpResponse<String> error = sender.send(
                signed("/hooks/std", errored, json(errored)).header(TestHandler.BEHAVIOUR, "send-error:400"));
        HttpResponse<String> redirect = sender.send(
                signed("/hooks/std", redirected, json(redirected)).header(TestHandler.BEHAVIOUR, "redirect"));
        HttpResponse<String> flushReplay = sender.send(signed("/hooks/std", flushed, json(flushed)));

        assertThat(flush.statusCode()).isEqualTo(200);
        assertThat(flush.body()).isEqualTo("first;second");
        assertThat(flushReplay.body()).isEqualTo("first;second");
        assertThat(error.statusCode()).isEqualTo(400);
        assertThat(record(std, errored).status()).isEqualTo(RecordStatus.REJECTED);
        assertThat(redirect.statusCode()).isEqualTo(302);
        assertThat(redirect.headers().firstValue("Location"))
                .hasValueSatisfying(l -> assertThat(l).endsWith("/elsewhere"));
    }

    @Test
    void shouldNotCommitAHandlersAnswerBeforeItsVerdictIsRecorded() {
        String id = id();

        HttpResponse<String> response =
                sender.send(signed("/hooks/std", id, json(id)).header(TestHandler.BEHAVIOUR, "sized"));

        assertThat(handler.committedOnReturn.get(id)).isFalse();
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).isEqualTo("sized answer");
        assertThat(response.headers().firstValue("Content-Length")).hasValue("12");
        assertThat(record(std, id).status()).isEqualTo(RecordStatus.SUCCEEDED);
    }

    // ---- DEAD

    @Test
    void shouldAnswer202ToTheDeliveryThatExhaustsTheAttemptsAndToLaterDuplicates() {
        String id = id();

        HttpResponse<String> first =
                sender.send(signed("/hooks/dead", id, json(id)).header(TestHandler.BEHAVIOUR, "status:500"));
        HttpResponse<String> last =
                sender.send(signed("/hooks/dead", id, json(id)).header(TestHandler.BEHAVIOUR, "status:503"));
        HttpResponse<String> later = sender.send(signed("/hooks/dead", id, json(id)));

        assertThat(first.statusCode()).isEqualTo(500);
        assertThat(last.statusCode()).isEqualTo(202);
        assertThat(last.body()).isEmpty();
        assertThat(later.statusCode()).isEqualTo(202);
        assertThat(handler.runs(id)).isEqualTo(2);
        EventRecord record = record(dead, id);
        assertThat(record.status()).isEqualTo(RecordStatus.DEAD);
        assertThat(record.payload()).isNotNull();
        assertThat(record.payload().body()).isEqualTo(json(id));
    }

    @Test
    void shouldAnswer202WhenTheLastAttemptThrowsOrSendsARetryableError() {
        String thrown = id();
        String errored = id();
        sender.send(signed("/hooks/dead", thrown, json(thrown)).header(TestHandler.BEHAVIOUR, "throw"));
        sender.send(signed("/hooks/dead", errored, json(errored)).header(TestHandler.BEHAVIOUR, "send-error:503"));

        HttpResponse<String> throwsLast =
                sender.send(signed("/hooks/dead", thrown, json(thrown)).header(TestHandler.BEHAVIOUR, "throw"));
        HttpResponse<String> errorsLast = sender.send(
                signed("/hooks/dead", errored, json(errored)).header(TestHandler.BEHAVIOUR, "send-error:503"));

        assertThat(throwsLast.statusCode()).isEqualTo(202);
        assertThat(errorsLast.statusCode()).isEqualTo(202);
        assertThat(record(dead, thrown).status()).isEqualTo(RecordStatus.DEAD);
        assertThat(record(dead, errored).status()).isEqualTo(RecordStatus.DEAD);
    }

    @Test
    void shouldAnswer202WhenAnAsynchronousHandlerFailsOnTheLastAttempt() {
        String id = id();
        HttpResponse<String> first =
                sender.send(signed("/hooks/dead", id, json(id)).header(TestHandler.BEHAVIOUR, "async-status:500"));

        HttpResponse<String> last =
                sender.send(signed("/hooks/dead", id, json(id)).header(TestHandler.BEHAVIOUR, "async-status:500"));

        assertThat(first.statusCode()).isEqualTo(500);
        assertThat(first.body()).isEqualTo("async handler says 500");
        assertThat(last.statusCode()).isEqualTo(202);
        assertThat(record(dead, id).status()).isEqualTo(RecordStatus.DEAD);
    }

    // ---- IN_PROGRESS and the lease

    @Test
    void shouldRenewTheLeaseOfASlowHandlerAndAnswer409WithRetryAfterToADuplicateMeanwhile() throws Exception {
        String id = id();
        byte[] body = json(id);
        handler.gate = new CountDownLatch(1);
        CompletableFuture<HttpResponse<String>> first =
                sender.sendAsync(signed("/hooks/slow", id, body).header(TestHandler.BEHAVIOUR, "gated"));
        await().until(() -> store.find(EventKey.of(slow, id)).isPresent());
        EventRecord claimed = record(slow, id);

        await().until(() -> {
            EventRecord now = record(slow, id);
            return now.leaseUntil() != null
                    && now.leaseUntil().isAfter(claimed.leaseUntil())
                    && Instant.now().isAfter(claimed.createdAt().plus(SHORT_LEASE.multipliedBy(2)));
        });
        HttpResponse<String> duplicate = sender.send(signed("/hooks/slow", id, body));
        handler.gate.countDown();

        assertThat(duplicate.statusCode()).isEqualTo(409);
        assertThat(duplicate.headers().firstValue("Retry-After"))
                .hasValueSatisfying(v -> assertThat(Long.parseLong(v)).isEqualTo(1));
        assertThat(first.get().statusCode()).isEqualTo(200);
        assertThat(sender.send(signed("/hooks/slow", id, body)).headers().firstValue("Idempotent-Replayed"))
                .contains("true");
        assertThat(handler.runs(id)).isEqualTo(1);
        assertThat(record(slow, id).token()).isEqualTo(claimed.token());
    }

    @Test
    void shouldAnswer503ToADeliveryWhoseLeaseWasTakenOverWhileItsHandlerRan() throws Exception {
        String id = id();
        byte[] body = json(id);
        handler.gate = new CountDownLatch(1);
        store.renewalsFail(true);
        HttpResponse<String> takeover;
        CompletableFuture<HttpResponse<String>> first;
        try {
            first = sender.sendAsync(signed("/hooks/slow", id, body).header(TestHandler.BEHAVIOUR, "gated"));
            await().until(() -> handler.runs(id) == 1);
            EventRecord claimed = record(slow, id);
            await().until(() -> Instant.now().isAfter(claimed.leaseUntil()));
            takeover = sender.send(signed("/hooks/slow", id, body));
        } finally {
            store.renewalsFail(false);
            handler.gate.countDown();
        }
        HttpResponse<String> overtaken = first.get(30, TimeUnit.SECONDS);

        assertThat(takeover.statusCode()).isEqualTo(200);
        assertThat(overtaken.statusCode()).isEqualTo(503);
        assertThat(overtaken.headers().firstValue("Retry-After")).isPresent();
        assertThat(record(slow, id).status()).isEqualTo(RecordStatus.SUCCEEDED);
        assertThat(handler.runs(id)).isEqualTo(2);
        assertThat(count(slow, DeliveryOutcome.STALE)).isEqualTo(1);
    }

    // ---- asynchronous handlers

    @Test
    void shouldRecordAnAsynchronousHandlerWhenItsWorkCompletes() throws Exception {
        String id = id();
        byte[] body = json(id);
        handler.gate = new CountDownLatch(1);

        CompletableFuture<HttpResponse<String>> first =
                sender.sendAsync(signed("/hooks/std", id, body).header(TestHandler.BEHAVIOUR, "async"));
        await().until(() -> handler.runs(id) == 1);
        HttpResponse<String> whileRunning = sender.send(signed("/hooks/std", id, body));
        handler.gate.countDown();
        HttpResponse<String> done = first.get();
        RecordStatus recordedBeforeTheAnswer = record(std, id).status();
        HttpResponse<String> replay = sender.send(signed("/hooks/std", id, body));

        assertThat(whileRunning.statusCode()).isEqualTo(409);
        assertThat(done.statusCode()).isEqualTo(200);
        assertThat(recordedBeforeTheAnswer).isEqualTo(RecordStatus.SUCCEEDED);
        assertThat(replay.body()).isEqualTo(done.body());
        assertThat(replay.headers().firstValue("Idempotent-Replayed")).contains("true");
        assertThat(handler.runs(id)).isEqualTo(1);
    }

    @Test
    void shouldRecordAnAsynchronousTimeoutAsAFailure() {
        String id = id();

        HttpResponse<String> response =
                sender.send(signed("/hooks/std", id, json(id)).header(TestHandler.BEHAVIOUR, "async-timeout"));

        assertThat(response.statusCode()).isEqualTo(503);
        assertThat(response.headers().firstValue("Retry-After")).isPresent();
        assertThat(record(std, id).status()).isEqualTo(RecordStatus.FAILED);
    }

    // ---- store unavailable

    @Test
    void shouldFailClosedWith503AndRetryAfterWhenTheStoreIsUnreachable() {
        String id = id();
        store.down(true);
        HttpResponse<String> response;
        try {
            response = sender.send(signed("/hooks/std", id, json(id)));
        } finally {
            store.down(false);
        }

        assertThat(response.statusCode()).isEqualTo(503);
        assertThat(response.headers().firstValue("Retry-After")).contains("5");
        assertThat(handler.runs(id)).isZero();
    }

    @ParameterizedTest
    @ValueSource(strings = {"gated", "async", "async-dispatch"})
    void shouldAnswer503WhenTheVerdictCannotBeRecordedAndRecordItOnceTheStoreIsBack(String behaviour) throws Exception {
        String id = id();
        handler.gate = new CountDownLatch(1);
        CompletableFuture<HttpResponse<String>> pending =
                sender.sendAsync(signed("/hooks/std", id, json(id)).header(TestHandler.BEHAVIOUR, behaviour));
        await().until(() -> handler.runs(id) == 1);
        HttpResponse<String> refused;
        store.down(true);
        try {
            handler.gate.countDown();
            refused = pending.get(30, TimeUnit.SECONDS);
        } finally {
            store.down(false);
        }

        assertThat(refused.statusCode()).isEqualTo(503);
        assertThat(refused.headers().firstValue("Retry-After")).isPresent();
        await().atMost(Duration.ofSeconds(20))
                .untilAsserted(() -> assertThat(record(std, id).status()).isEqualTo(RecordStatus.SUCCEEDED));
        HttpResponse<String> retry = sender.send(signed("/hooks/std", id, json(id)));
        assertThat(retry.statusCode()).isEqualTo(200);
        assertThat(retry.headers().firstValue("Idempotent-Replayed")).contains("true");
        assertThat(handler.runs(id)).isEqualTo(1);
        assertThat(count(std, DeliveryOutcome.UNRECORDED)).isPositive();
    }

    @Test
    void shouldRecordAHandlerThatFinishesWithDispatchBeforeTheContainerAnswers() {
        String id = id();

        HttpResponse<String> response =
                sender.send(signed("/hooks/std", id, json(id)).header(TestHandler.BEHAVIOUR, "async-dispatch"));

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).isEqualTo("dispatched " + id);
        assertThat(record(std, id).status()).isEqualTo(RecordStatus.SUCCEEDED);
        assertThat(record(std, id).response().body()).asString().isEqualTo("dispatched " + id);
    }

    @Test
    void shouldFailOpenWhenConfiguredAndAnswerTheConfiguredInProgressStatus() throws Exception {
        String name = "open-" + run;
        SwitchableStore openStore = new SwitchableStore(createStore());
        HookguardFilterConfig config = HookguardFilterConfig.custom()
                .storeTimeout(Duration.ofSeconds(30)) // a loaded machine may take over 1 s for a claim
                .store(openStore)
                .failOpen(true)
                .inProgressStatus(503)
                .metrics(new MicrometerDeliveryMetrics(meters))
                .endpoint(standard(name, "/hooks/open", IdempotencyPolicy.ofDefaults()))
                .build();
        TestHandler own = new TestHandler();
        try (ServletContainer open =
                containers().start(WebApp.of(new HookguardFilter(config)).servlet("/hooks/*", own))) {
            Sender to = new Sender(http, open.base());
            String down = id();
            String busy = id();
            openStore.down(true);
            HttpResponse<String> failedOpen;
            try {
                failedOpen = to.send(to.signed("/hooks/open", STANDARD_WEBHOOKS, SECRET, down, json(down)));
            } finally {
                openStore.down(false);
            }
            own.gate = new CountDownLatch(1);
            CompletableFuture<HttpResponse<String>> first =
                    to.sendAsync(to.signed("/hooks/open", STANDARD_WEBHOOKS, SECRET, busy, json(busy))
                            .header(TestHandler.BEHAVIOUR, "gated"));
            await().until(() -> own.runs(busy) == 1);
            HttpResponse<String> inProgress =
                    to.send(to.signed("/hooks/open", STANDARD_WEBHOOKS, SECRET, busy, json(busy)));
            own.gate.countDown();

            assertThat(failedOpen.statusCode()).isEqualTo(200);
            assertThat(own.runs(down)).isEqualTo(1);
            assertThat(openStore.find(EventKey.of(name, down))).isEmpty();
            assertThat(count(name, DeliveryOutcome.STORE_UNAVAILABLE)).isEqualTo(1);
            assertThat(inProgress.statusCode()).isEqualTo(503);
            assertThat(inProgress.headers().firstValue("Retry-After")).isPresent();
            assertThat(first.get().statusCode()).isEqualTo(200);
        }
    }

    @Test
    void shouldFailOpenPerEndpointWithTheFiltersSettingAsTheDefault() throws Exception {
        String open = "per-open-" + run;
        String closed = "per-closed-" + run;
        String inherits = "per-inherits-" + run;
        SwitchableStore outage = new SwitchableStore(createStore());
        HookguardFilterConfig config = HookguardFilterConfig.custom()
                .storeTimeout(Duration.ofSeconds(30)) // a loaded machine may take over 1 s for a claim
                .store(outage)
                .failOpen(true)
                .metrics(new MicrometerDeliveryMetrics(meters))
                .endpoint(EndpointConfig.from(standard(closed, "/hooks/closed", IdempotencyPolicy.ofDefaults()))
                        .failOpen(false)
                        .build())
                .endpoint(EndpointConfig.from(standard(open, "/hooks/open", IdempotencyPolicy.ofDefaults()))
                        .failOpen(true)
                        .build())
                .endpoint(standard(inherits, "/hooks/inherits", IdempotencyPolicy.ofDefaults()))
                .build();
        TestHandler own = new TestHandler();
        try (ServletContainer container =
                containers().start(WebApp.of(new HookguardFilter(config)).servlet("/hooks/*", own))) {
            Sender to = new Sender(http, container.base());
            String id = id();
            outage.down(true);
            HttpResponse<String> toClosed;
            HttpResponse<String> toOpen;
            HttpResponse<String> toInheriting;
            try {
                toClosed = to.send(to.signed("/hooks/closed", STANDARD_WEBHOOKS, SECRET, id, json(id)));
                toOpen = to.send(to.signed("/hooks/open", STANDARD_WEBHOOKS, SECRET, id, json(id)));
                toInheriting = to.send(to.signed("/hooks/inherits", STANDARD_WEBHOOKS, SECRET, id, json(id)));
            } finally {
                outage.down(false);
            }

            assertThat(toClosed.statusCode()).isEqualTo(503);
            assertThat(toOpen.statusCode()).isEqualTo(200);
            assertThat(toInheriting.statusCode()).isEqualTo(200);
            assertThat(own.runs(id)).isEqualTo(2);
            assertThat(failedOpen(open)).isEqualTo(1);
            assertThat(failedOpen(inherits)).isEqualTo(1);
            assertThat(failedOpen(closed)).isZero();
            assertThat(count(closed, DeliveryOutcome.STORE_UNAVAILABLE)).isEqualTo(1);
        }
    }

    @Test
    void shouldObserveEachDeliveryOnceWithItsEndpointOutcomeAttemptAndEventId() throws Exception {
        String name = "traced-" + run;
        TestObservationRegistry observations = TestObservationRegistry.create();
        AtomicInteger stopped = new AtomicInteger();
        observations.observationConfig().observationHandler(new ObservationHandler<>() {
            @Override
            public boolean supportsContext(Observation.Context context) {
                return true;
            }

            @Override
            public void onStop(Observation.Context context) {
                stopped.incrementAndGet();
            }
        });
        HookguardFilterConfig config = HookguardFilterConfig.custom()
                .storeTimeout(Duration.ofSeconds(30)) // a loaded machine may take over 1 s for a claim
                .store(store)
                .metrics(new MicrometerDeliveryMetrics(meters, observations))
                .endpoint(standard(name, "/hooks/traced", IdempotencyPolicy.ofDefaults()))
                .build();
        TestHandler own = new TestHandler();
        try (ServletContainer traced =
                containers().start(WebApp.of(new HookguardFilter(config)).servlet("/hooks/*", own))) {
            Sender to = new Sender(http, traced.base());
            String id = id();

            HttpResponse<String> first = to.send(to.signed("/hooks/traced", STANDARD_WEBHOOKS, SECRET, id, json(id)));
            HttpResponse<String> duplicate =
                    to.send(to.signed("/hooks/traced", STANDARD_WEBHOOKS, SECRET, id, json(id)));

            assertThat(first.statusCode()).isEqualTo(200);
            assertThat(duplicate.statusCode()).isEqualTo(200);
            await().until(() -> stopped.get() == 2);
            TestObservationRegistryAssert.assertThat(observations)
                    .hasNumberOfObservationsWithNameEqualTo(DeliveryObservation.NAME, 2)
                    .forAllObservationsWithNameEqualTo(
                            DeliveryObservation.NAME,
                            observation -> observation
                                    .hasLowCardinalityKeyValue(DeliveryObservation.ENDPOINT_KEY, name)
                                    .hasHighCardinalityKeyValue(DeliveryObservation.EVENT_ID_KEY, id))
                    .hasAnObservation(observation -> observation
                            .hasLowCardinalityKeyValue(DeliveryObservation.OUTCOME_KEY, "processed")
                            .hasLowCardinalityKeyValue(DeliveryObservation.ATTEMPT_KEY, "1"))
                    .hasAnObservation(observation -> observation
                            .hasLowCardinalityKeyValue(DeliveryObservation.OUTCOME_KEY, "duplicate")
                            .hasLowCardinalityKeyValue(DeliveryObservation.ATTEMPT_KEY, "0"));
        }
    }

    // ---- web.xml

    @Test
    void shouldConfigureTheFilterFromInitParamsAsWebXmlDeclaresIt() throws Exception {
        String name = "xml-" + run;
        TestHandler own = new TestHandler();
        WebApp app = WebApp.ofInitParams(map(
                        "store",
                        "test.store",
                        "endpoints." + name + ".path",
                        "/hooks/xml",
                        "endpoints." + name + ".scheme",
                        "standard-webhooks",
                        "endpoints." + name + ".secrets",
                        "whsec_" + Base64.getEncoder().encodeToString(random(24)) + "," + SECRET,
                        "endpoints." + name + ".policy.lease",
                        "10s",
                        "endpoints." + name + ".max-body-bytes",
                        "100"))
                .servlet("/hooks/*", own)
                .attribute("test.store", store);
        try (ServletContainer xml = containers().start(app)) {
            Sender to = new Sender(http, xml.base());
            String id = id();

            HttpResponse<String> first = to.send(to.signed("/hooks/xml", STANDARD_WEBHOOKS, SECRET, id, json(id)));
            HttpResponse<String> second = to.send(to.signed("/hooks/xml", STANDARD_WEBHOOKS, SECRET, id, json(id)));
            HttpResponse<String> large = to.send(to.signed("/hooks/xml", STANDARD_WEBHOOKS, SECRET, id(), filled(101)));

            assertThat(first.statusCode()).isEqualTo(200);
            assertThat(second.headers().firstValue("Idempotent-Replayed")).contains("true");
            assertThat(large.statusCode()).isEqualTo(413);
            assertThat(own.runs(id)).isEqualTo(1);
            assertThat(record(name, id).status()).isEqualTo(RecordStatus.SUCCEEDED);
        }
    }

    // ---- metrics

    @Test
    void shouldCountDeliveriesByEndpointAndOutcome() {
        String id = id();
        double processed = count(std, DeliveryOutcome.PROCESSED);
        double duplicate = count(std, DeliveryOutcome.DUPLICATE);
        double rejected = count(std, DeliveryOutcome.REJECTED_SIGNATURE);

        sender.send(signed("/hooks/std", id, json(id)));
        sender.send(signed("/hooks/std", id, json(id)));
        sender.send(
                sender.request("/hooks/std", Headers.of("webhook-id", id), HttpRequest.BodyPublishers.ofString("{}")));

        assertThat(count(std, DeliveryOutcome.PROCESSED)).isEqualTo(processed + 1);
        assertThat(count(std, DeliveryOutcome.DUPLICATE)).isEqualTo(duplicate + 1);
        assertThat(count(std, DeliveryOutcome.REJECTED_SIGNATURE)).isEqualTo(rejected + 1);
        assertThat(meters.get(DeliveryMetrics.CLAIM_DURATION)
                        .tag("endpoint", std)
                        .timer()
                        .count())
                .isPositive();
        assertThat(meters.get(DeliveryMetrics.HANDLER_DURATION)
                        .tag("endpoint", std)
                        .timer()
                        .count())
                .isPositive();
    }

    @Test
    void shouldPublishTheDeadLetterCountOfEachEndpoint() {
        String id = id();
        sender.send(signed("/hooks/dead", id, json(id)).header(TestHandler.BEHAVIOUR, "status:500"));
        sender.send(signed("/hooks/dead", id, json(id)).header(TestHandler.BEHAVIOUR, "status:500"));
        long stored = store.deadLetterCount(dead);

        double gauge = meters.get(DeliveryMetrics.DEAD_LETTERS)
                .tag("endpoint", dead)
                .gauge()
                .value();

        assertThat(stored).isPositive();
        assertThat(gauge).isEqualTo(stored);
        assertThat(meters.get(DeliveryMetrics.DEAD_LETTERS)
                        .tag("endpoint", std)
                        .gauge()
                        .value())
                .isEqualTo(store.deadLetterCount(std));
    }

    // ---- concurrency

    @Test
    void shouldRunTheHandlerExactlyOncePerEventUnder200ConcurrentDeliveries() {
        List<String> ids = new ArrayList<>();
        List<HttpRequest.Builder> deliveries = new ArrayList<>();
        for (int e = 0; e < 20; e++) {
            String id = id();
            ids.add(id);
            for (int copy = 0; copy < 10; copy++) {
                deliveries.add(signed("/hooks/std", id, json(id)));
            }
        }
        Collections.shuffle(deliveries);

        List<HttpResponse<String>> responses = deliveries.stream().map(sender::sendAsync).toList().stream()
                .map(CompletableFuture::join)
                .toList();

        assertThat(ids).allSatisfy(id -> assertThat(handler.runs(id)).isEqualTo(1));
        assertThat(responses)
                .allSatisfy(response -> assertThat(response)
                        .satisfiesAnyOf(r -> assertThat(r.statusCode()).isEqualTo(200), r -> {
                            assertThat(r.statusCode()).isEqualTo(409);
                            assertThat(r.headers().firstValue("Retry-After")).isPresent();
                        }));
        assertThat(responses.stream()
                        .filter(r -> r.statusCode() == 200
                                && r.headers().firstValue("Idempotent-Replayed").isEmpty()))
                .hasSize(20);
        assertThat(responses.stream().filter(r -> r.statusCode() == 200).map(HttpResponse::body))
                .allSatisfy(body -> assertThat(body).contains("\"run\":1"));
    }

    // ---- helpers

    HttpRequest.Builder signed(String path, String id, byte[] body) {
        return sender.signed(path, STANDARD_WEBHOOKS, SECRET, id, body);
    }

    EventRecord record(String endpoint, String id) {
        Optional<EventRecord> record = store.find(EventKey.of(endpoint, id));
        assertThat(record).as("record of %s:%s", endpoint, id).isPresent();
        return record.orElseThrow();
    }

    void assertUntouched(String endpoint, String id) {
        assertThat(store.find(EventKey.of(endpoint, id))).isEmpty();
        assertThat(handler.runs(id)).isZero();
    }

    double failedOpen(String endpoint) {
        var counter = meters.find(DeliveryMetrics.FAIL_OPEN)
                .tags("endpoint", endpoint)
                .counter();
        return counter == null ? 0 : counter.count();
    }

    double count(String endpoint, DeliveryOutcome outcome) {
        var counter = meters.find(DeliveryMetrics.DELIVERIES)
                .tags("endpoint", endpoint, "outcome", outcome.tag())
                .counter();
        return counter == null ? 0 : counter.count();
    }

    static String id() {
        return "msg_" + UUID.randomUUID().toString().replace("-", "");
    }

    static byte[] json(String id) {
        return ("{\"id\":\"" + id + "\",\"type\":\"invoice.paid\"}").getBytes(UTF_8);
    }

    static byte[] filled(int size) {
        byte[] body = new byte[size];
        java.util.Arrays.fill(body, (byte) 'a');
        return body;
    }

    static String now() {
        return Long.toString(Instant.now().getEpochSecond());
    }

    static byte[] random(int size) {
        byte[] bytes = new byte[size];
        new SecureRandom().nextBytes(bytes);
        return bytes;
    }

    static Map<String, String> map(String... kv) {
        Map<String, String> map = new java.util.LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            map.put(kv[i], kv[i + 1]);
        }
        return map;
    }
}
