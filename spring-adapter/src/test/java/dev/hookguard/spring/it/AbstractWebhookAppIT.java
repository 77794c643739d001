package dev.hookguard.spring.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.jayway.jsonpath.JsonPath;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.EventRecord;
import dev.hookguard.core.IdempotencyStore;
import dev.hookguard.core.RecordStatus;
import dev.hookguard.core.operator.OperatorStore;
import dev.hookguard.core.signature.Headers;
import dev.hookguard.core.signature.Scheme;
import io.micrometer.core.instrument.MeterRegistry;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.core.env.Environment;

/**
 * The Spring Boot application end to end, over real HTTP, against a real store: signed deliveries processed once,
 * duplicates replayed, bad signatures refused, a failing handler dead-lettered after the configured attempts, seen,
 * and requeued through the {@code hookguard} Actuator endpoint; meters, health. One application context per subclass.
 */
@SpringBootTest(
        classes = WebhookApp.class,
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {
            "hookguard.endpoints.stripe.scheme=stripe",
            "hookguard.endpoints.stripe.secrets=" + AbstractWebhookAppIT.STRIPE_SECRET,
            "hookguard.endpoints.stripe.policy.max-attempts=2",
            "hookguard.store-timeout=30s",
            "management.endpoints.web.exposure.include=health,hookguard",
            "management.endpoint.health.show-details=always",
            "management.endpoint.health.show-components=always",
            "spring.main.banner-mode=off"
        })
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(60)
abstract class AbstractWebhookAppIT {

    static final String STRIPE_SECRET = "whsec_it_stripe_secret";

    /** Unique per run, so that runs never share keys or tables in the shared Redis and PostgreSQL. */
    static final String RUN = Long.toString(System.nanoTime(), 36);

    @Autowired
    Environment environment;

    @Autowired
    IdempotencyStore store;

    @Autowired
    WebhookApp.StripeHandler stripe;

    @Autowired
    MeterRegistry meters;

    Sender sender;

    /** The store type the health endpoint reports. */
    abstract String storeType();

    @BeforeAll
    void connect() {
        sender = new Sender(environment.getRequiredProperty("local.server.port", Integer.class));
    }

    static String eventId() {
        return "evt_" + UUID.randomUUID().toString().replace("-", "");
    }

    static String event(String id) {
        return "{\"id\":\"" + id + "\",\"object\":\"event\",\"type\":\"charge.succeeded\"}";
    }

    HttpResponse<String> deliver(String id, String behaviour) {
        return sender.send(sender.signed("/webhooks/stripe", Scheme.STRIPE, STRIPE_SECRET, id, event(id))
                .header(WebhookApp.BEHAVIOUR, behaviour));
    }

    EventRecord record(String endpoint, String id) {
        return store.find(EventKey.of(endpoint, id)).orElseThrow();
    }

    @Test
    void shouldProcessASignedDeliveryOnceAndReplayItsResponseToDuplicates() {
        String id = eventId();

        HttpResponse<String> first = deliver(id, "ok");
        EventRecord recordedBeforeTheAnswer = record("stripe", id);
        HttpResponse<String> second = deliver(id, "ok");

        assertThat(first.statusCode()).isEqualTo(200);
        assertThat(first.body()).isEqualTo("{\"eventId\":\"" + id + "\",\"run\":1}");
        assertThat(first.headers().firstValue("Idempotent-Replayed")).isEmpty();
        assertThat(second.statusCode()).isEqualTo(200);
        assertThat(second.body()).isEqualTo(first.body());
        assertThat(second.headers().firstValue("Idempotent-Replayed")).contains("true");
        assertThat(second.headers().firstValue("Content-Type")).contains("application/json");
        assertThat(stripe.runs(id)).isEqualTo(1);
        assertThat(recordedBeforeTheAnswer.status()).isEqualTo(RecordStatus.SUCCEEDED);
    }

    @Test
    void shouldRefuseABadSignatureWithoutRunningTheHandlerOrWritingToTheStore() {
        String id = eventId();
        byte[] body = event(id).getBytes(StandardCharsets.UTF_8);

        HttpResponse<String> forged = sender.send(sender.request(
                "/webhooks/stripe",
                Headers.of("Stripe-Signature", "t=" + (System.currentTimeMillis() / 1000) + ",v1=" + "0".repeat(64)),
                body));
        HttpResponse<String> unsigned = sender.send(sender.request("/webhooks/stripe", Headers.empty(), body));

        assertThat(forged.statusCode()).isEqualTo(401);
        assertThat(forged.body()).doesNotContain(STRIPE_SECRET);
        assertThat(unsigned.statusCode()).isEqualTo(401);
        assertThat(stripe.runs(id)).isZero();
        assertThat(store.find(EventKey.of("stripe", id))).isEmpty();
    }

    @Test
    void shouldDeadLetterAFailingHandlerAfterTheConfiguredAttemptsAndRequeueItThroughTheActuatorEndpoint() {
        String id = eventId();

        HttpResponse<String> firstAttempt = deliver(id, "fail");
        HttpResponse<String> lastAttempt = deliver(id, "fail");
        HttpResponse<String> afterDeath = deliver(id, "fail");

        assertThat(firstAttempt.statusCode()).isEqualTo(500);
        assertThat(firstAttempt.body()).doesNotContain("on purpose");
        assertThat(lastAttempt.statusCode()).isEqualTo(202);
        assertThat(afterDeath.statusCode()).isEqualTo(202);
        assertThat(stripe.runs(id)).isEqualTo(2);
        assertThat(record("stripe", id).status()).isEqualTo(RecordStatus.DEAD);
        assertThat(record("stripe", id).lastError())
                .isEqualTo("java.lang.IllegalStateException: the handler failed on purpose");

        HttpResponse<String> list = sender.get("/actuator/hookguard/stripe?limit=200");
        assertThat(list.statusCode()).isEqualTo(200);
        List<String> listed = JsonPath.read(list.body(), "$.records[*].eventId");
        assertThat(listed).contains(id);

        HttpResponse<String> inspected = sender.get("/actuator/hookguard/stripe/" + id);
        assertThat(inspected.statusCode()).isEqualTo(200);
        assertThat((String) JsonPath.read(inspected.body(), "$.status")).isEqualTo("DEAD");
        assertThat((Integer) JsonPath.read(inspected.body(), "$.attempts")).isEqualTo(2);
        assertThat((String) JsonPath.read(inspected.body(), "$.payload.body")).isEqualTo(event(id));
        Map<String, List<String>> headers = JsonPath.read(inspected.body(), "$.payload.headers");
        assertThat(headers.entrySet())
                .filteredOn(header -> header.getKey().equalsIgnoreCase("Stripe-Signature"))
                .singleElement()
                .satisfies(header -> assertThat(header.getValue()).containsExactly("[redacted]"));

        HttpResponse<String> requeued = sender.postJson("/actuator/hookguard/stripe/" + id, "{\"action\":\"requeue\"}");
        assertThat(requeued.statusCode()).isEqualTo(200);
        assertThat((String) JsonPath.read(requeued.body(), "$.status")).isEqualTo("FAILED");

        HttpResponse<String> redelivered = deliver(id, "ok");
        assertThat(redelivered.statusCode()).isEqualTo(200);
        assertThat(redelivered.body()).isEqualTo("{\"eventId\":\"" + id + "\",\"run\":3}");
        assertThat(record("stripe", id).status()).isEqualTo(RecordStatus.SUCCEEDED);
        List<String> after =
                JsonPath.read(sender.get("/actuator/hookguard/stripe?limit=200").body(), "$.records[*].eventId");
        assertThat(after).doesNotContain(id);
    }

    @Test
    void shouldResolveADeadLetterSoThatDuplicatesAreAcknowledgedWithoutTheHandler() {
        String id = eventId();
        deliver(id, "fail");
        deliver(id, "fail");

        HttpResponse<String> resolved = sender.postJson(
                "/actuator/hookguard/stripe/" + id, "{\"action\":\"resolve\",\"note\":\"refunded by hand\"}");
        HttpResponse<String> duplicate = deliver(id, "ok");

        assertThat(resolved.statusCode()).isEqualTo(200);
        assertThat(duplicate.statusCode()).isEqualTo(200);
        assertThat(duplicate.headers().firstValue("Idempotent-Replayed")).contains("true");
        assertThat(stripe.runs(id)).isEqualTo(2);
        assertThat(record("stripe", id).lastError()).isEqualTo("refunded by hand");
    }

    @Test
    void shouldRequeueEveryDeadLetterOfAFilterThroughTheActuatorEndpointAndShowTheQueue() {
        String first = eventId();
        String second = eventId();
        for (String id : List.of(first, second)) {
            deliver(id, "fail");
            deliver(id, "fail");
        }

        HttpResponse<String> bulk = sender.postJson(
                "/actuator/hookguard/stripe",
                "{\"action\":\"requeue\",\"listing\":\"dead\",\"text\":\"" + first + "\",\"note\":\"INC-3\"}");
        HttpResponse<String> overview = sender.get("/actuator/hookguard");

        assertThat(bulk.statusCode()).isEqualTo(200);
        assertThat((Integer) JsonPath.read(bulk.body(), "$.matched")).isEqualTo(1);
        assertThat((Integer) JsonPath.read(bulk.body(), "$.updated")).isEqualTo(1);
        assertThat(record("stripe", first).status()).isEqualTo(RecordStatus.FAILED);
        assertThat(record("stripe", second).status()).isEqualTo(RecordStatus.DEAD);
        assertThat(record("stripe", first).history())
                .singleElement()
                .satisfies(entry -> assertThat(entry.note()).isEqualTo("INC-3"));
        Map<String, Object> stripe = JsonPath.read(overview.body(), "$.endpoints.stripe");
        assertThat(stripe).containsKeys("deadLetters", "queueDepth", "dueNow", "oldestDueAgeSeconds", "stalled");
    }

    @Test
    void shouldTakeAnEmptyCursorForTheFirstPageAndAnswer400ForAGarbageOne() {
        HttpResponse<String> empty = sender.get("/actuator/hookguard/stripe?cursor=&limit=");
        HttpResponse<String> garbage = sender.get("/actuator/hookguard/stripe?cursor=garbage");

        assertThat(empty.statusCode()).isEqualTo(200);
        assertThat(garbage.statusCode()).isEqualTo(400);
        assertThat(garbage.body()).contains("cursor");
    }

    @Test
    void shouldAnswerTheActuatorEndpointWith404ForAnUnknownEndpointOrEvent() {
        assertThat(sender.get("/actuator/hookguard/paypal").statusCode()).isEqualTo(404);
        assertThat(sender.get("/actuator/hookguard/stripe/" + eventId()).statusCode())
                .isEqualTo(404);
        assertThat(JsonPath.<Map<String, Object>>read(
                        sender.get("/actuator/hookguard").body(), "$.endpoints"))
                .containsKey("stripe");
    }

    @Test
    void shouldCountDeliveriesOnTheApplicationsMeterRegistry() {
        double before = processed();

        deliver(eventId(), "ok");

        assertThat(processed()).isEqualTo(before + 1);
    }

    @Test
    void shouldPublishTheDeadLetterGaugeOnTheApplicationsRegistry() {
        String id = eventId();
        deliver(id, "fail");
        deliver(id, "fail");

        var gauge =
                meters.find("hookguard.dead_letters").tag("endpoint", "stripe").gauge();

        assertThat(gauge).isNotNull();
        assertThat(gauge.value())
                .isEqualTo((double) ((OperatorStore) store).deadLetterCount("stripe"))
                .isPositive();
    }

    @Test
    void shouldReportTheStoreInTheHealthEndpoint() {
        HttpResponse<String> health = sender.get("/actuator/health");

        assertThat((String) JsonPath.read(health.body(), "$.components.hookguard.status"))
                .isEqualTo("UP");
        assertThat((String) JsonPath.read(health.body(), "$.components.hookguard.details.store"))
                .isEqualTo(storeType());
    }

    private double processed() {
        var counter = meters.find("hookguard.deliveries")
                .tag("endpoint", "stripe")
                .tag("outcome", "processed")
                .counter();
        return counter == null ? 0 : counter.count();
    }
}
