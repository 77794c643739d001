package dev.hookguard.spring.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hookguard.core.EventKey;
import dev.hookguard.core.IdempotencyStore;
import dev.hookguard.core.RecordStatus;
import dev.hookguard.core.signature.Scheme;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.core.env.Environment;

/**
 * The console README's Security snippet, as printed, in a real Boot application ({@link ReadmeSecurityApp}, which holds
 * it verbatim): the start-up security check passes, signed deliveries get through and run the handler once, and the
 * console is closed to anonymous users (302 to the login page). The snippet in {@code console/README.md} and {@code
 * spring-adapter/README.md} must stay identical to the application's: this test reads both READMEs and fails when they
 * drift.
 */
@Tag("spring-security")
@SpringBootTest(
        classes = ReadmeSecurityApp.class,
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = ReadmeSecurityApp.PROPERTIES)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(60)
class ReadmeSecuritySnippetIT {

    private static final Pattern SNIPPET =
            Pattern.compile("<!-- security-snippet[^>]*-->\\s*```java\\n(.*?)```", Pattern.DOTALL);

    @Autowired
    Environment environment;

    @Autowired
    IdempotencyStore store;

    @Autowired
    StripeRunsHandler stripe;

    Sender sender;

    @BeforeAll
    void connect() {
        sender = new Sender(environment.getRequiredProperty("local.server.port", Integer.class));
    }

    @ParameterizedTest
    @ValueSource(strings = {"../console/README.md", "README.md"})
    void shouldHoldTheReadmesSnippetVerbatim(String readme) throws IOException {
        Matcher snippet = SNIPPET.matcher(Files.readString(Path.of(readme), StandardCharsets.UTF_8));
        assertThat(snippet.find())
                .as("%s has a <!-- security-snippet --> Java block", readme)
                .isTrue();
        String app = Files.readString(
                Path.of("src/test/java/dev/hookguard/spring/it/ReadmeSecurityApp.java"), StandardCharsets.UTF_8);

        assertThat(unindented(app)).contains(unindented(snippet.group(1)));
    }

    @ParameterizedTest
    @ValueSource(strings = {"/hookguard/console/", "/hookguard/console/api/endpoints"})
    void shouldKeepTheConsoleClosedToAnonymousUsers(String path) {
        HttpResponse<String> anonymous = sender.get(path);

        assertThat(anonymous.statusCode()).isEqualTo(302);
        assertThat(anonymous.headers().firstValue("Location"))
                .hasValueSatisfying(l -> assertThat(l).endsWith("/login"));
    }

    @org.junit.jupiter.api.Test
    void shouldLetSignedDeliveriesThroughToTheHandler() {
        String id = "evt_" + UUID.randomUUID().toString().replace("-", "");
        String body = "{\"id\":\"" + id + "\",\"object\":\"event\"}";

        HttpResponse<String> first = sender.send(
                sender.signed("/webhooks/stripe", Scheme.STRIPE, ReadmeSecurityApp.STRIPE_SECRET, id, body));
        HttpResponse<String> again = sender.send(
                sender.signed("/webhooks/stripe", Scheme.STRIPE, ReadmeSecurityApp.STRIPE_SECRET, id, body));

        assertThat(first.statusCode()).isEqualTo(200);
        assertThat(again.statusCode()).isEqualTo(200);
        assertThat(again.headers().firstValue("Idempotent-Replayed")).contains("true");
        assertThat(stripe.runs(id)).isEqualTo(1);
        assertThat(store.find(EventKey.of("stripe", id)).orElseThrow().status()).isEqualTo(RecordStatus.SUCCEEDED);
    }

    /** The text with every line's indentation removed, so that the README's block and the method compare. */
    private static String unindented(String text) {
        return text.lines().map(String::strip).collect(Collectors.joining("\n")).strip();
    }
}
