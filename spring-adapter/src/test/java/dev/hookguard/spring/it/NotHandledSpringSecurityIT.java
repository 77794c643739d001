package dev.hookguard.spring.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hookguard.core.ErrorClass;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.EventRecord;
import dev.hookguard.core.IdempotencyStore;
import dev.hookguard.core.RecordStatus;
import dev.hookguard.core.signature.Scheme;
import dev.hookguard.servlet.DeliveryMetrics;
import io.micrometer.core.instrument.MeterRegistry;
import java.net.http.HttpResponse;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.core.env.Environment;

/**
 * DESIGN.md §1, rule 8 in a Spring Boot application over real HTTP: with the start-up check switched off, a signed
 * delivery that Spring Security refuses (403 for CSRF, 302 to the login page) or that no handler serves (the
 * framework's 404) is answered 503 with {@code Retry-After} and recorded FAILED {@code not_handled}, the handler not
 * run; once the chain permits the path, the sender's retry runs the handler once and the event ends SUCCEEDED.
 */
@Tag("spring-security")
@SpringBootTest(
        classes = RefusingSecurityApp.class,
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = RefusingSecurityApp.PROPERTIES)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(60)
class NotHandledSpringSecurityIT {

    @Autowired
    Environment environment;

    @Autowired
    IdempotencyStore store;

    @Autowired
    StripeRunsHandler stripe;

    @Autowired
    RefusingSecurityApp.Gate gate;

    @Autowired
    MeterRegistry meters;

    Sender sender;

    @BeforeAll
    void connect() {
        sender = new Sender(environment.getRequiredProperty("local.server.port", Integer.class));
    }

    @AfterEach
    void closeGate() {
        gate.mode = RefusingSecurityApp.Gate.Mode.CSRF;
    }

    @ParameterizedTest
    @EnumSource(names = {"CSRF", "LOGIN"})
    void shouldNotSettleAnEventSpringSecurityRefusedAndRunTheHandlerOnceOnTheRetry(RefusingSecurityApp.Gate.Mode mode) {
        gate.mode = mode;
        String id = eventId();
        double before = notHandled("stripe");

        HttpResponse<String> refused = sender.send(signed("/webhooks/stripe", id));

        assertNotHandled(refused, "stripe", id);
        assertThat(stripe.runs(id)).isZero();
        assertThat(notHandled("stripe")).isEqualTo(before + 1);

        gate.mode = RefusingSecurityApp.Gate.Mode.OPEN;
        HttpResponse<String> handled = sender.send(signed("/webhooks/stripe", id));

        assertThat(handled.statusCode()).isEqualTo(200);
        assertThat(handled.body()).contains("\"run\":1");
        assertThat(stripe.runs(id)).isEqualTo(1);
        assertThat(record("stripe", id).status()).isEqualTo(RecordStatus.SUCCEEDED);
    }

    @Test
    void shouldNotSettleAnEventNoHandlerServes() {
        gate.mode = RefusingSecurityApp.Gate.Mode.OPEN;
        String id = eventId();

        HttpResponse<String> refused = sender.send(signed("/webhooks/orphan", id));

        assertNotHandled(refused, "orphan", id);
    }

    private void assertNotHandled(HttpResponse<String> response, String endpoint, String id) {
        assertThat(response.statusCode()).isEqualTo(503);
        assertThat(response.headers().firstValue("Retry-After")).isPresent();
        assertThat(response.headers().firstValue("Location")).isEmpty();
        EventRecord record = record(endpoint, id);
        assertThat(record.status()).isEqualTo(RecordStatus.FAILED);
        assertThat(record.errorClass()).isEqualTo(ErrorClass.NOT_HANDLED);
    }

    private java.net.http.HttpRequest.Builder signed(String path, String id) {
        return sender.signed(
                path,
                Scheme.STRIPE,
                RefusingSecurityApp.STRIPE_SECRET,
                id,
                "{\"id\":\"" + id + "\",\"object\":\"event\"}");
    }

    private EventRecord record(String endpoint, String id) {
        return store.find(EventKey.of(endpoint, id)).orElseThrow();
    }

    private double notHandled(String endpoint) {
        var counter = meters.find(DeliveryMetrics.DELIVERIES)
                .tags("endpoint", endpoint, "outcome", "not_handled")
                .counter();
        return counter == null ? 0 : counter.count();
    }

    private static String eventId() {
        return "evt_" + UUID.randomUUID().toString().replace("-", "");
    }
}
