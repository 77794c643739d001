package dev.hookguard.spring.starter;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hookguard.core.signature.Scheme;
import dev.hookguard.core.signature.WebhookSigner;
import dev.hookguard.testkit.TestServices;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Follows the root README's five-minute start for Spring Boot literally: a fresh PostgreSQL database, the documented
 * dependencies (this module's test class path: the starter, {@code jdbc-store}, Boot's web, JDBC and Actuator
 * starters, the driver) and exactly the documented properties; a signed Stripe delivery is answered 200 and its
 * duplicate gets the stored answer.
 */
@Timeout(300) // the application starts inside the test; on a loaded CI machine that alone can take minutes
class FiveMinuteStartIT {

    private static final String SECRET = "whsec_five_minute_start";

    private final String database = "hg_five_minute_" + Long.toString(System.nanoTime(), 36);
    private final TestServices.Database server = TestServices.postgres();
    private final HttpClient http =
            HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    @BeforeEach
    void freshDatabase() throws SQLException {
        admin("create database " + database);
    }

    @AfterEach
    void dropDatabase() throws SQLException {
        admin("drop database if exists " + database + " with (force)");
    }

    @Test
    void shouldAnswerASignedDeliveryWith200OnAFreshDatabase() throws Exception {
        try (ConfigurableApplicationContext app = new SpringApplicationBuilder(FiveMinuteStartApp.class)
                .properties(
                        // README.md, "Five-minute start", step 2, as printed (the values from the environment)
                        "spring.datasource.url=" + databaseUrl(),
                        "spring.datasource.username=" + server.user(),
                        "spring.datasource.password=" + server.password(),
                        "hookguard.store.jdbc.create-schema-if-missing=true",
                        "hookguard.endpoints.stripe.scheme=stripe",
                        "hookguard.endpoints.stripe.secrets=" + SECRET,
                        "server.port=0")
                .run()) {
            int port = app.getEnvironment().getRequiredProperty("local.server.port", Integer.class);
            String event = "{\"id\":\"evt_1\",\"object\":\"event\",\"type\":\"charge.succeeded\"}";

            HttpResponse<String> first = deliver(port, "evt_1", event);
            HttpResponse<String> duplicate = deliver(port, "evt_1", event);

            assertThat(first.statusCode()).isEqualTo(200);
            assertThat(duplicate.statusCode()).isEqualTo(200);
            assertThat(duplicate.headers().firstValue("Idempotent-Replayed")).hasValue("true");
            assertThat(app.getBean(FiveMinuteStartApp.Payments.class).captures.get(event))
                    .hasValue(1);
        }
    }

    private HttpResponse<String> deliver(int port, String eventId, String event) throws Exception {
        byte[] body = event.getBytes(StandardCharsets.UTF_8);
        HttpRequest.Builder request = HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + port + "/webhooks/stripe"))
                .timeout(Duration.ofSeconds(30))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofByteArray(body));
        WebhookSigner.of(Scheme.STRIPE, SECRET)
                .sign(eventId, Instant.now(), body)
                .values()
                .forEach((name, values) -> values.forEach(value -> request.header(name, value)));
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private String databaseUrl() {
        URI admin = URI.create(server.url().substring("jdbc:".length()));
        return "jdbc:postgresql://" + admin.getAuthority() + "/" + database;
    }

    private void admin(String sql) throws SQLException {
        try (Connection connection = DriverManager.getConnection(server.url(), server.user(), server.password());
                Statement statement = connection.createStatement()) {
            statement.execute(sql);
        }
    }
}
