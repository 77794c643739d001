package dev.hookguard.spring.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.jayway.jsonpath.JsonPath;
import dev.hookguard.console.ConsoleConfig;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.EventRecord;
import dev.hookguard.core.IdempotencyStore;
import dev.hookguard.core.RecordStatus;
import dev.hookguard.core.signature.Scheme;
import dev.hookguard.spring.internal.web.HookguardWebFilter;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.core.env.Environment;

/**
 * Recovery in a Spring Boot application behind Spring Security, over real HTTP against the embedded server: an
 * {@code @IdempotentWebhook} handler with {@code intake: async} is answered 202 before it finishes and runs once, its
 * dispatch passing through the security filter chain; a dead letter replayed through the Actuator endpoint (one, or in
 * bulk by filter) runs the handler exactly once more through the production path.
 */
@Tag("spring-security")
@SpringBootTest(
        classes = SecuredApp.class,
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = SecuredApp.ENDPOINTS)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(90)
class RecoverySecuredIT {

    @Autowired
    Environment environment;

    @Autowired
    IdempotencyStore store;

    @Autowired
    SecuredApp.StripeHandler stripe;

    @Autowired
    SecuredApp.GithubHandler github;

    @Autowired
    HookguardWebFilter filter;

    @Autowired
    ConsoleConfig console;

    Sender sender;
    WebClient operator;

    @BeforeAll
    void connect() {
        int port = environment.getRequiredProperty("local.server.port", Integer.class);
        sender = new Sender(port);
        operator = new WebClient(port).basic("alice", SecuredApp.PASSWORD);
    }

    private static String id(String prefix) {
        return prefix + UUID.randomUUID().toString().replace("-", "");
    }

    private HttpResponse<String> deliverGithub(String id) {
        return sender.send(sender.signed(
                "/webhooks/github", Scheme.GITHUB, SecuredApp.GITHUB_SECRET, id, "{\"delivery\":\"" + id + "\"}"));
    }

    private String deadStripeLetter(String id) {
        stripe.failing.add(id);
        HttpResponse<String> failed = sender.send(sender.signed(
                "/webhooks/stripe", Scheme.STRIPE, SecuredApp.STRIPE_SECRET, id, "{\"id\":\"" + id + "\"}"));
        assertThat(failed.statusCode())
                .as("the only attempt's failure is answered 202")
                .isEqualTo(202);
        assertThat(record("stripe", id).status()).isEqualTo(RecordStatus.DEAD);
        stripe.failing.remove(id);
        return id;
    }

    private EventRecord record(String endpoint, String id) {
        return store.find(EventKey.of(endpoint, id)).orElseThrow();
    }

    private Optional<RecordStatus> status(String endpoint, String id) {
        return store.find(EventKey.of(endpoint, id)).map(EventRecord::status);
    }

    @Test
    void shouldShowTheConsoleWhatTheFiltersDispatcherSamples() {
        await().atMost(Duration.ofSeconds(30))
                .until(() -> console.dispatchState().apply("github").isPresent());
        assertThat(console.dispatchState().apply("github").orElseThrow().breaker())
                .isEqualTo("disabled");
    }

    @Test
    void shouldStartTheDispatcherWithTheEmbeddedServersPort() {
        assertThat(filter.dispatcher()).hasValueSatisfying(dispatcher -> {
            assertThat(dispatcher.running()).isTrue();
            assertThat(dispatcher.baseUrl())
                    .contains(java.net.URI.create(
                            "http://127.0.0.1:" + environment.getRequiredProperty("local.server.port")));
        });
    }

    @Test
    void shouldAnswerAnAsyncDelivery202BeforeTheHandlerFinishesAndRunItOnceThroughSpringSecurity() throws Exception {
        String id = id("gh-");
        SecuredApp.Gate gate = new SecuredApp.Gate();
        github.gates.put(id, gate);

        HttpResponse<String> intake = deliverGithub(id);
        long finishedWhenAnswered = gate.finished.getCount();

        assertThat(intake.statusCode()).isEqualTo(202);
        assertThat(finishedWhenAnswered)
                .as("the handler had not finished when the 202 arrived")
                .isEqualTo(1);
        assertThat(gate.started.await(30, TimeUnit.SECONDS))
                .as("the dispatcher ran the handler")
                .isTrue();
        HttpResponse<String> copyWhileRunning = deliverGithub(id);
        assertThat(copyWhileRunning.statusCode()).isEqualTo(202);

        gate.release.countDown();
        assertThat(gate.finished.await(30, TimeUnit.SECONDS)).isTrue();
        await().atMost(Duration.ofSeconds(30))
                .until(() -> status("github", id), s -> s.equals(Optional.of(RecordStatus.SUCCEEDED)));
        HttpResponse<String> copyAfterwards = deliverGithub(id);

        assertThat(github.runs(id)).isEqualTo(1);
        assertThat(github.authentications.get(id))
                .as("the dispatch went through Spring Security's filter chain, which let it in anonymously")
                .isEqualTo("AnonymousAuthenticationToken");
        assertThat(copyAfterwards.statusCode()).isEqualTo(200);
        assertThat(copyAfterwards.headers().firstValue("Idempotent-Replayed")).contains("true");
        assertThat(copyAfterwards.body()).isEqualTo("{\"eventId\":\"" + id + "\",\"run\":1}");
    }

    @Test
    void shouldRunEachOfManyAsyncDeliveriesOnce() {
        List<String> ids = List.of(id("gh-many-"), id("gh-many-"), id("gh-many-"), id("gh-many-"), id("gh-many-"));
        List<CompletableFuture<HttpResponse<String>>> answers = ids.stream()
                .map(id -> CompletableFuture.supplyAsync(() -> deliverGithub(id)))
                .toList();

        assertThat(answers)
                .allSatisfy(answer -> assertThat(answer.join().statusCode()).isEqualTo(202));
        await().atMost(Duration.ofSeconds(30))
                .until(() ->
                        ids.stream().allMatch(id -> status("github", id).equals(Optional.of(RecordStatus.SUCCEEDED))));
        assertThat(ids).allSatisfy(id -> assertThat(github.runs(id)).isEqualTo(1));
    }

    @Test
    void shouldRunAReplayedDeadLetterOnceThroughTheProductionPath() {
        String id = deadStripeLetter(id("evt_replay_"));

        HttpResponse<String> replayed =
                operator.postJson("/actuator/hookguard/stripe/" + id, "{\"action\":\"replay\",\"note\":\"INC-12\"}");

        assertThat(replayed.statusCode()).isEqualTo(200);
        assertThat((String) JsonPath.read(replayed.body(), "$.outcome")).isEqualTo("UPDATED");
        await().atMost(Duration.ofSeconds(30))
                .until(() -> status("stripe", id), s -> s.equals(Optional.of(RecordStatus.SUCCEEDED)));
        assertThat(stripe.runs(id)).as("the failed delivery, then the replay").isEqualTo(2);
        assertThat(record("stripe", id).history()).singleElement().satisfies(entry -> {
            assertThat(entry.actor()).isEqualTo("alice");
            assertThat(entry.action()).isEqualTo("replay");
        });
        HttpResponse<String> duplicate = sender.send(sender.signed(
                "/webhooks/stripe", Scheme.STRIPE, SecuredApp.STRIPE_SECRET, id, "{\"id\":\"" + id + "\"}"));
        assertThat(duplicate.headers().firstValue("Idempotent-Replayed")).contains("true");
        assertThat(stripe.runs(id)).isEqualTo(2);
    }

    @Test
    void shouldReplayEveryDeadLetterOfAFilterOnceAndShowTheQueue() {
        String batch = "evt_bulk_" + UUID.randomUUID().toString().replace("-", "") + "_";
        List<String> ids =
                List.of(deadStripeLetter(batch + 1), deadStripeLetter(batch + 2), deadStripeLetter(batch + 3));
        String other = deadStripeLetter(id("evt_other_"));

        HttpResponse<String> bulk =
                operator.postJson("/actuator/hookguard/stripe", "{\"action\":\"replay\",\"text\":\"" + batch + "\"}");

        assertThat(bulk.statusCode()).isEqualTo(200);
        assertThat((Integer) JsonPath.read(bulk.body(), "$.matched")).isEqualTo(3);
        assertThat((Integer) JsonPath.read(bulk.body(), "$.updated")).isEqualTo(3);
        await().atMost(Duration.ofSeconds(30))
                .until(() ->
                        ids.stream().allMatch(id -> status("stripe", id).equals(Optional.of(RecordStatus.SUCCEEDED))));
        assertThat(ids).allSatisfy(id -> assertThat(stripe.runs(id)).isEqualTo(2));
        assertThat(record("stripe", other).status()).isEqualTo(RecordStatus.DEAD);
        HttpResponse<String> overview = operator.get("/actuator/hookguard");
        assertThat((Integer) JsonPath.read(overview.body(), "$.endpoints.stripe.queueDepth"))
                .isZero();
        assertThat(operator.postJson("/actuator/hookguard/stripe", "{\"action\":\"replay\"}")
                        .statusCode())
                .isEqualTo(200);
        assertThat(new WebClient(environment.getRequiredProperty("local.server.port", Integer.class))
                        .basic("bob", SecuredApp.PASSWORD)
                        .postJson("/actuator/hookguard/stripe", "{\"action\":\"replay\"}")
                        .statusCode())
                .as("a reader may not replay through the Actuator")
                .isEqualTo(403);
    }
}
