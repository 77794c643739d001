package dev.hookguard.servlet;

import static dev.hookguard.core.signature.Scheme.STANDARD_WEBHOOKS;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.hookguard.core.ErrorClass;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.EventRecord;
import dev.hookguard.core.RecordStatus;
import dev.hookguard.core.memory.InMemoryStore;
import dev.hookguard.core.operator.ListFilter;
import dev.hookguard.core.signature.SignatureConfig;
import dev.hookguard.servlet.DeliveryMetrics.DeliveryOutcome;
import dev.hookguard.servlet.internal.metrics.MicrometerDeliveryMetrics;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.ByteArrayInputStream;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Base64;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The endpoint's JSON Schema check in embedded Jetty on the in-memory store: a conforming body reaches the handler; a
 * body missing a required property, of a wrong type, outside an enum, or not JSON at all is answered 400 naming the
 * violation, recorded REJECTED with error class schema, listed with the dead letters and counted, and its duplicate
 * gets the same answer; the handler never runs for it.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class JettySchemaIT {

    private static final String SECRET =
            "whsec_" + Base64.getEncoder().encodeToString("schema-it-secret".getBytes(UTF_8));
    private static final String SCHEMA = """
            {
              "$schema": "https://json-schema.org/draft/2020-12/schema",
              "type": "object",
              "required": ["id", "amount"],
              "properties": {
                "id": {"type": "string"},
                "amount": {"type": "integer", "minimum": 1},
                "currency": {"enum": ["usd", "eur"]}
              }
            }
            """;

    private final String endpoint = "schema-" + Long.toString(System.nanoTime(), 36);
    private final InMemoryStore store = new InMemoryStore();
    private final SimpleMeterRegistry meters = new SimpleMeterRegistry();
    private final TestHandler handler = new TestHandler();
    private ServletContainer container;
    private Sender sender;

    @BeforeAll
    void start() throws Exception {
        HookguardFilterConfig config = HookguardFilterConfig.custom()
                .storeTimeout(Duration.ofSeconds(30)) // a loaded machine may take over 1 s for a claim
                .store(store)
                .metrics(new MicrometerDeliveryMetrics(meters))
                .endpoint(EndpointConfig.custom(endpoint)
                        .path("/hooks/paid")
                        .scheme(STANDARD_WEBHOOKS, SignatureConfig.of(SECRET))
                        .schema(PayloadSchema.jsonSchema(new ByteArrayInputStream(SCHEMA.getBytes(UTF_8)), "paid.json"))
                        .build())
                .build();
        container = JettyContainer.start(WebApp.of(new HookguardFilter(config)).servlet("/hooks/*", handler));
        HttpClient http = Sender.client();
        sender = new Sender(http, container.base());
    }

    @AfterAll
    void stop() throws Exception {
        container.close();
    }

    private HttpResponse<String> deliver(String id, String body) {
        return sender.send(sender.signed("/hooks/paid", STANDARD_WEBHOOKS, SECRET, id, body.getBytes(UTF_8)));
    }

    private static String id() {
        return "msg_" + UUID.randomUUID().toString().replace("-", "");
    }

    @Test
    void shouldHandAConformingBodyToTheHandler() {
        String id = id();

        HttpResponse<String> response = deliver(id, "{\"id\":\"" + id + "\",\"amount\":5,\"currency\":\"eur\"}");

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(handler.runs(id)).isEqualTo(1);
        assertThat(store.find(EventKey.of(endpoint, id)).orElseThrow().status()).isEqualTo(RecordStatus.SUCCEEDED);
    }

    @Test
    void shouldRejectAMissingRequiredProperty() {
        assertRejected("{\"id\":\"%s\"}", "amount");
    }

    @Test
    void shouldRejectAWrongType() {
        assertRejected("{\"id\":\"%s\",\"amount\":\"five\"}", "amount");
    }

    @Test
    void shouldRejectAValueOutsideTheEnumOrBelowTheMinimum() {
        assertRejected("{\"id\":\"%s\",\"amount\":0,\"currency\":\"gbp\"}", "currency");
    }

    @Test
    void shouldRejectABodyThatIsNotJson() {
        assertRejected("{\"id\":\"%s\", amount: ", "not JSON");
    }

    @Test
    void shouldRefuseASchemaThatIsNotJsonNamingIt() {
        assertThatThrownBy(() -> PayloadSchema.jsonSchema(new ByteArrayInputStream("{not".getBytes(UTF_8)), "bad.json"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("bad.json");
    }

    private void assertRejected(String template, String named) {
        String id = id();
        String body = template.formatted(id);
        double before = rejectedSchema();

        HttpResponse<String> first = deliver(id, body);
        HttpResponse<String> duplicate = deliver(id, body);

        assertThat(first.statusCode()).isEqualTo(400);
        assertThat(first.body())
                .startsWith("The payload does not match the endpoint's schema: ")
                .contains(named);
        assertThat(duplicate.statusCode()).isEqualTo(400);
        assertThat(duplicate.body()).isEqualTo(first.body());
        assertThat(duplicate.headers().firstValue("Idempotent-Replayed")).hasValue("true");
        assertThat(handler.runs(id)).isZero();
        EventRecord record = store.find(EventKey.of(endpoint, id)).orElseThrow();
        assertThat(record.status()).isEqualTo(RecordStatus.REJECTED);
        assertThat(record.errorClass()).isEqualTo(ErrorClass.SCHEMA);
        assertThat(record.payload()).isNotNull();
        assertThat(store.list(ListFilter.deadLetters(endpoint), null, 200).records())
                .extracting(r -> r.key().eventId())
                .contains(id);
        assertThat(rejectedSchema()).isEqualTo(before + 1);
    }

    private double rejectedSchema() {
        var counter = meters.find(DeliveryMetrics.DELIVERIES)
                .tags("endpoint", endpoint, "outcome", DeliveryOutcome.REJECTED_SCHEMA.tag())
                .counter();
        return counter == null ? 0 : counter.count();
    }
}
