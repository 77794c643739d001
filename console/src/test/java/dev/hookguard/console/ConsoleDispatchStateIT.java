package dev.hookguard.console;

import static dev.hookguard.console.AbstractConsoleApiIT.json;
import static org.assertj.core.api.Assertions.assertThat;

import dev.hookguard.core.EventKey;
import dev.hookguard.core.Fingerprint;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.Payload;
import dev.hookguard.core.memory.InMemoryStore;
import dev.hookguard.core.signature.Scheme;
import dev.hookguard.core.signature.SignatureConfig;
import dev.hookguard.servlet.DispatcherConfig;
import dev.hookguard.servlet.EndpointConfig;
import dev.hookguard.servlet.HookguardFilter;
import dev.hookguard.servlet.HookguardFilterConfig;
import dev.hookguard.servlet.Intake;
import dev.hookguard.servlet.RecoveryConfig;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.chrome.ChromeDriver;

/**
 * What this node's dispatcher sees of an endpoint, beside its controls: a handler whose downstream is down (every
 * dispatch answered 503) opens the endpoint's circuit breaker, and the API and the page (headless Chromium) say so,
 * with the records due and queued.
 */
class ConsoleDispatchStateIT {

    private static final String SECRET = "whsec_console_dispatch_state_it_secret";
    private static final int EVENTS = 20;

    @TempDir
    Path profile;

    private final InMemoryStore store = new InMemoryStore();
    private HookguardFilter hookguard;

    @RegisterExtension
    final Opened opened = new Opened();

    private ConsoleServer server;
    private ChromeDriver browser;

    @Test
    void shouldShowTheEndpointsBreakerOpenWhileItsDownstreamIsDown() throws Exception {
        ConsolePageIT.requireBrowser();
        IdempotencyPolicy policy = IdempotencyPolicy.custom().maxAttempts(50).build();
        hookguard = new HookguardFilter(HookguardFilterConfig.custom()
                .store(store)
                .dispatcher(DispatcherConfig.custom()
                        .maxPollInterval(Duration.ofMillis(200))
                        .build())
                .endpoint(EndpointConfig.custom("pay")
                        .path(ConsoleServer.WEBHOOKS + "/pay")
                        .scheme(Scheme.STRIPE, SignatureConfig.of(SECRET))
                        .policy(policy)
                        .recovery(RecoveryConfig.custom()
                                .intake(Intake.ASYNC)
                                .dispatch(RecoveryConfig.Dispatch.ofDefaults()
                                        .breaker(RecoveryConfig.Breaker.custom()
                                                .enabled(true)
                                                .minimumCalls(5)
                                                .window(Duration.ofSeconds(30))
                                                .waitInOpen(Duration.ofMinutes(5))
                                                .build()))
                                .build())
                        .build())
                .build());
        opened.close(hookguard::destroy);
        AtomicInteger runs = new AtomicInteger();
        server = opened.close(ConsoleServer.start(
                ConsoleConfig.custom(store)
                        .endpoints("pay")
                        .authorizer(BearerTokenAuthorizer.parse("alice:write:" + AbstractConsoleApiIT.WRITER_TOKEN))
                        .dispatchState(hookguard::snapshot)
                        .replayListener(hookguard::wake)
                        .build(),
                hookguard,
                new HttpServlet() {
                    @Override
                    protected void doPost(HttpServletRequest request, HttpServletResponse response) {
                        runs.incrementAndGet();
                        response.setStatus(503); // the downstream is down
                    }
                }));
        for (int i = 0; i < EVENTS; i++) { // as async intake queues them
            byte[] body = ("{\"id\":\"evt_" + i + "\"}").getBytes(StandardCharsets.UTF_8);
            store.enqueue(
                    EventKey.of("pay", "evt_" + i),
                    Fingerprint.of(body),
                    new Payload(body, Map.of("Hookguard-Request-Uri", List.of(ConsoleServer.WEBHOOKS + "/pay"))),
                    policy);
        }
        hookguard.wake("pay");
        ApiClient client = new ApiClient(server.console(), AbstractConsoleApiIT.WRITER_TOKEN);

        org.awaitility.Awaitility.await()
                .atMost(Duration.ofSeconds(30))
                .until(() -> "open".equals(dispatcher(client).get("breaker"))
                        && ((Number) dispatcher(client).getOrDefault("depth", 0)).longValue() > 0);
        Map<String, Object> sample = dispatcher(client);
        System.out.printf("[console-figures] breaker open after %d handler runs: %s%n", runs.get(), sample);
        assertThat(((Number) sample.get("depth")).longValue()).isLessThanOrEqualTo(EVENTS); // the rest in flight
        assertThat(sample).containsKeys("rateLimited", "dueNow", "sampledAt");

        browser = opened.quit(ConsolePageIT.chromium(profile));
        ConsolePage page = new ConsolePage(browser);
        page.signIn(server, AbstractConsoleApiIT.WRITER_TOKEN, "Signed in as alice");
        page.wait.until(d -> !d.findElements(By.cssSelector("#controls td[data-fact='breaker']"))
                .isEmpty());
        page.screenshot("endpoint-controls-breaker-open.png");
        assertThat(page.text("#controls tr[data-endpoint='pay'] td[data-fact='breaker']"))
                .isEqualTo("open");
        assertThat(page.text("#controls tr[data-endpoint='pay'] td[data-fact='due']"))
                .matches("\\d+ / \\d+");
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> dispatcher(ApiClient client) {
        Object sample = json(client.get("api/endpoint?endpoint=pay"), 200).get("dispatcher");
        return sample == null ? Map.of() : (Map<String, Object>) sample;
    }
}
