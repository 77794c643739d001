package dev.hookguard.examples.receiver;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hookguard.core.memory.InMemoryStore;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The demo receiver's wiring: unsigned requests to variants of its webhook paths never reach the handler. */
@Timeout(60)
class ReceiverWiringIT {

    @Test
    void shouldAnswerPathVariantsWithoutRunningTheHandler() throws Exception {
        HttpClient http = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(5))
                .build();
        Map<String, Integer> answers = new LinkedHashMap<>();
        try (Receiver receiver = Receiver.start(new InMemoryStore(), DemoSecrets.fromEnv(Map.of()), 0, Duration.ZERO)) {
            for (String path : List.of(
                    "/webhooks/standard/",
                    "/webhooks/STANDARD",
                    "/webhooks/other",
                    "/webhooks/standard%20",
                    "/webhooks/stripe/",
                    "/webhooks/standard.json",
                    "/webhooks/standard",
                    "/webhooks/stripe")) {
                HttpRequest request = HttpRequest.newBuilder(URI.create(receiver.base() + path))
                        .timeout(Duration.ofSeconds(20))
                        .POST(HttpRequest.BodyPublishers.ofString("{\"id\":\"evt_unsigned\"}"))
                        .build();
                answers.put(
                        path,
                        http.send(request, HttpResponse.BodyHandlers.discarding())
                                .statusCode());
            }

            assertThat(receiver.ledger().entries())
                    .as("handler entries; answers %s", answers)
                    .isZero();
        }
        assertThat(answers.get("/webhooks/standard")).isEqualTo(401);
        assertThat(answers.get("/webhooks/stripe")).isEqualTo(401);
        assertThat(answers)
                .allSatisfy((path, status) -> assertThat(status).as(path).isIn(401, 404));
    }
}
