package dev.hookguard.examples;

import static dev.hookguard.examples.sender.StormHarness.SECRETS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.hookguard.core.memory.InMemoryStore;
import dev.hookguard.examples.receiver.DemoEndpoint;
import dev.hookguard.examples.receiver.Receiver;
import dev.hookguard.examples.sender.Answer;
import dev.hookguard.examples.sender.DeliveryKind;
import dev.hookguard.examples.sender.EventPlan;
import dev.hookguard.examples.sender.FailureMode;
import dev.hookguard.examples.sender.SenderKind;
import dev.hookguard.examples.sender.StormHarness;
import dev.hookguard.examples.sender.WebhookSender;
import dev.hookguard.servlet.ArchiveConfig;
import dev.hookguard.servlet.Intake;
import java.io.IOException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The ops kit uses only metrics that the code emits: every {@code hookguard_*} series named by the Prometheus
 * alert rules or the Grafana dashboard appears, under that exact name, in a real scrape of the receiver after
 * deliveries that cover the outcomes — on a receiver whose sender retries, and on one that retries itself (a
 * GitHub-like sender), where the dispatcher redelivers an event that failed once, and which archives dead letters.
 */
class OpsMetricsIT {

    private static final Pattern METRIC = Pattern.compile("hookguard_[a-z_]+");

    @Test
    void shouldEmitEveryMetricTheAlertsAndTheDashboardUse() throws Exception {
        Set<String> used = new TreeSet<>();
        used.addAll(namesIn(ops().resolve("prometheus/hookguard-alerts.yml")));
        used.addAll(namesIn(ops().resolve("grafana/hookguard-dashboard.json")));
        assertThat(used).contains("hookguard_deliveries_total", "hookguard_claim_duration_seconds_count");

        Set<String> emitted;
        try (Receiver receiver = Receiver.start(new InMemoryStore(), SECRETS, 0, Duration.ZERO)) {
            deliverEveryKind(receiver);
            emitted = sampleNames(scrape(receiver));
        }
        ArchiveConfig archive = ArchiveConfig.custom()
                .directory(Files.createTempDirectory("hookguard-archive"))
                .after(Duration.ofMinutes(1))
                .build(); // the archive's meters too
        try (Receiver receiver = Receiver.start(
                new InMemoryStore(), SECRETS, 0, Duration.ZERO, Intake.SYNC, SenderKind.GITHUB, archive)) {
            redeliverAFailure(receiver);
            emitted.addAll(sampleNames(scrape(receiver)));
        }

        assertThat(emitted)
                .as("series that ops/ uses but the receiver does not emit")
                .containsAll(used);
    }

    private static void deliverEveryKind(Receiver receiver) throws InterruptedException {
        WebhookSender sender =
                new WebhookSender(WebhookSender.newClient(), receiver.base(), SECRETS, Clock.systemUTC());
        String run = StormHarness.runId();
        EventPlan fine = new EventPlan(0, "evt_" + run + "_0", DemoEndpoint.STRIPE, FailureMode.NONE, null, false);
        EventPlan failing =
                new EventPlan(1, "evt_" + run + "_1", DemoEndpoint.STANDARD, FailureMode.ALWAYS, null, false);
        assertThat(sender.send(fine, DeliveryKind.GENUINE).status()).isEqualTo(200);
        assertThat(sender.send(fine, DeliveryKind.GENUINE).replayed()).isTrue();
        assertThat(sender.send(fine, DeliveryKind.BROKEN_SIGNATURE).status()).isEqualTo(401);
        for (int attempt = 1; attempt < DemoEndpoint.MAX_ATTEMPTS; attempt++) {
            assertThat(sender.send(failing, DeliveryKind.GENUINE).status()).isEqualTo(500);
        }
        assertThat(sender.send(failing, DeliveryKind.GENUINE).status()).isEqualTo(Answer.DEAD_STATUS);
    }

    /** One event that fails once, sent once: the receiver's retry runs it through the dispatcher. */
    private static void redeliverAFailure(Receiver receiver) throws InterruptedException {
        WebhookSender sender =
                new WebhookSender(WebhookSender.newClient(), receiver.base(), SECRETS, Clock.systemUTC());
        EventPlan once = new EventPlan(
                0, "evt_" + StormHarness.runId() + "_0", DemoEndpoint.STRIPE, FailureMode.ONCE, null, false);
        assertThat(sender.send(once, DeliveryKind.GENUINE).status()).isEqualTo(503);
        await().atMost(Duration.ofSeconds(30))
                .until(() -> receiver.ledger().executions(once.id()) == 1 && receiver.dispatches() >= 1);
    }

    private static String scrape(Receiver receiver) throws IOException, InterruptedException {
        HttpResponse<String> response = WebhookSender.newClient()
                .send(HttpRequest.newBuilder(receiver.metrics()).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).isEqualTo(200);
        return response.body();
    }

    /** The metric names of the samples in a Prometheus text exposition. */
    private static Set<String> sampleNames(String exposition) {
        Set<String> names = new TreeSet<>();
        exposition
                .lines()
                .filter(line -> !line.isBlank() && !line.startsWith("#"))
                .map(line -> line.split("[{ ]", 2)[0])
                .forEach(names::add);
        return names;
    }

    private static Set<String> namesIn(Path file) throws IOException {
        Set<String> names = new TreeSet<>();
        Matcher matcher = METRIC.matcher(Files.readString(file));
        while (matcher.find()) {
            names.add(matcher.group());
        }
        return names;
    }

    private static Path ops() {
        return Path.of(System.getProperty("hookguard.ops.dir", "../ops"));
    }
}
