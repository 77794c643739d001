package dev.hookguard.spring.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.hookguard.core.EnqueueOutcome;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.Fingerprint;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.Payload;
import dev.hookguard.core.RecordStatus;
import dev.hookguard.core.RecoveryStore;
import dev.hookguard.core.memory.InMemoryStore;
import dev.hookguard.servlet.internal.dispatch.DispatchHeaders;
import dev.hookguard.spring.IdempotentWebhook;
import dev.hookguard.spring.WebhookEventId;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RestController;

/**
 * A restarted node dispatches at once (DESIGN.md §8): a Spring Boot application started, on a random port and under a
 * context path, on a store that already holds QUEUED records runs every one of them through its handler once, with no
 * inbound request: the dispatcher knows the embedded server's address from its start, not from a first delivery.
 */
@Timeout(120)
class DispatchAtStartIT {

    private static final int BACKLOG = 20;
    private static final String ENDPOINT = "backlog";
    private static final String CONTEXT_PATH = "/ctx";

    @Test
    void shouldDispatchTheQueuedBacklogWithoutAnyInboundRequest() {
        InMemoryStore store = new InMemoryStore();
        for (int i = 0; i < BACKLOG; i++) {
            String id = "evt_" + i;
            byte[] body = ("{\"id\":\"" + id + "\",\"type\":\"invoice.paid\"}").getBytes(StandardCharsets.UTF_8);
            Payload payload = new Payload(
                    body,
                    Map.of(
                            "Content-Type",
                            List.of("application/json"),
                            DispatchHeaders.REQUEST_URI,
                            List.of(CONTEXT_PATH + "/webhooks/backlog")));
            assertThat(store.enqueue(
                            EventKey.of(ENDPOINT, id), Fingerprint.of(body), payload, IdempotencyPolicy.ofDefaults()))
                    .isEqualTo(new EnqueueOutcome.Queued());
        }
        BacklogApp.store = store;

        try (ConfigurableApplicationContext context = new SpringApplicationBuilder(BacklogApp.class)
                .properties(
                        "server.port=0",
                        "server.servlet.context-path=" + CONTEXT_PATH,
                        "hookguard.endpoints.backlog.scheme=stripe",
                        "hookguard.endpoints.backlog.secrets=whsec_dispatch_at_start",
                        "hookguard.endpoints.backlog.intake=async")
                .run()) {
            BacklogApp.Handler handler = context.getBean(BacklogApp.Handler.class);

            await().atMost(Duration.ofSeconds(60))
                    .pollInterval(Duration.ofMillis(100))
                    .until(() -> handler.runs.size() == BACKLOG
                            && store.stats(ENDPOINT).depth() == 0);

            assertThat(handler.runs.values())
                    .allSatisfy(runs -> assertThat(runs.get()).isEqualTo(1));
            for (int i = 0; i < BACKLOG; i++) {
                assertThat(store.find(EventKey.of(ENDPOINT, "evt_" + i)))
                        .hasValueSatisfying(r -> assertThat(r.status()).isEqualTo(RecordStatus.SUCCEEDED));
            }
            assertThat(handler.dispatched.get())
                    .as("every run was a dispatch of this node")
                    .isEqualTo(BACKLOG);
        } finally {
            BacklogApp.store = null;
        }
    }

    /** One guarded handler that counts its runs per event; its store is the test's, filled before the start. */
    @SpringBootConfiguration
    @EnableAutoConfiguration
    @Import(BacklogApp.Handler.class)
    static class BacklogApp {

        static volatile RecoveryStore store;

        @Bean
        RecoveryStore store() {
            return store;
        }

        @RestController
        static class Handler {
            final Map<String, AtomicInteger> runs = new ConcurrentHashMap<>();
            final AtomicInteger dispatched = new AtomicInteger();

            @PostMapping("/webhooks/backlog")
            @IdempotentWebhook(ENDPOINT)
            String handle(
                    @WebhookEventId String eventId,
                    @RequestHeader(value = DispatchHeaders.DISPATCH, required = false) String dispatch) {
                if (dispatch != null) {
                    dispatched.incrementAndGet();
                }
                runs.computeIfAbsent(eventId, id -> new AtomicInteger()).incrementAndGet();
                return "ok";
            }
        }
    }
}
