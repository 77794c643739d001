package dev.hookguard.servlet;

import static dev.hookguard.core.signature.Scheme.STANDARD_WEBHOOKS;
import static dev.hookguard.core.signature.Scheme.STRIPE;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import dev.hookguard.core.EventKey;
import dev.hookguard.core.Payload;
import dev.hookguard.core.memory.InMemoryStore;
import dev.hookguard.core.signature.Headers;
import dev.hookguard.core.signature.SignatureConfig;
import dev.hookguard.core.signature.WebhookSigner;
import dev.hookguard.servlet.internal.dispatch.DispatchHeaders;
import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;

/**
 * Hostile requests against a receiver wired as the README shows, with a servlet mapped wider than the endpoints
 * (as the demo once was): path variants of the guarded paths, methods, requests refused before their body, and
 * slow bodies that must not starve genuine deliveries (DESIGN.md §1, rule 7). Only 127.0.0.1, bounded loops.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(120)
abstract class AbstractHostileRequestsIT {

    static final String STANDARD_SECRET = AbstractFilterIT.SECRET;
    static final String STRIPE_SECRET = "whsec_" + UUID.randomUUID().toString().replace("-", "");
    static final int SLOW_CONNECTIONS = 250;

    final TestHandler handler = new TestHandler();
    final InMemoryStore store = new InMemoryStore();
    ServletContainer container;

    protected abstract ServletContainer.Factory containers();

    @BeforeAll
    void start() throws Exception {
        HookguardFilterConfig config = HookguardFilterConfig.custom()
                .storeTimeout(Duration.ofSeconds(30)) // a loaded machine may take over 1 s for a claim
                .store(store)
                .metrics(DeliveryMetrics.none())
                .endpoint(EndpointConfig.custom("standard")
                        .path("/webhooks/standard")
                        .scheme(STANDARD_WEBHOOKS, SignatureConfig.of(STANDARD_SECRET))
                        .build())
                .endpoint(EndpointConfig.custom("stripe")
                        .path("/webhooks/stripe")
                        .scheme(STRIPE, SignatureConfig.of(STRIPE_SECRET))
                        .build())
                .hardening(Hardening.custom()
                        .bodyGrace(Duration.ofSeconds(1))
                        .minBodyRate(1000)
                        .build())
                .build();
        container = containers()
                .start(WebApp.of(new HookguardFilter(config))
                        .mappedOn("/webhooks/*")
                        .servlet("/webhooks/*", handler));
    }

    @AfterAll
    void stop() throws Exception {
        if (container != null) {
            container.close();
        }
    }

    @Test
    void shouldLetNoUnsignedPathVariantReachTheHandler() throws IOException {
        int before = handler.totalRuns();
        List<String> variants = List.of(
                "/webhooks/standard",
                "/webhooks/standard/",
                "/webhooks/STANDARD",
                "/webhooks/Standard",
                "/WEBHOOKS/standard",
                "/webhooks/other",
                "/webhooks/standard%20",
                "/webhooks/stripe/",
                "/webhooks/standard.json",
                "/webhooks/standard;jsessionid=0123456789",
                "/webhooks/standard;x=1/",
                "/webhooks/../webhooks/standard",
                "/webhooks/x/../standard",
                "/webhooks/./standard",
                "/webhooks/%2E%2E/webhooks/standard",
                "/webhooks%2Fstandard",
                "/webhooks/standard%2F",
                "/webhooks/%73tandard",
                "//webhooks/standard",
                "/webhooks//standard",
                "/webhooks/standard//",
                "/webhooks",
                "/webhooks/",
                "/webhooks/standard?x=1");
        Map<String, Integer> answers = new LinkedHashMap<>();
        byte[] body = "{\"id\":\"evt_unsigned\"}".getBytes(UTF_8);
        for (String target : variants) {
            answers.put(target, RawHttp.status(container.base(), "POST", target, Map.of("webhook-id", "x"), body));
        }

        assertThat((handler.totalRuns() - before))
                .as("handler runs, answers %s", answers)
                .isZero();
        assertThat(answers)
                .allSatisfy((target, status) ->
                        assertThat(status).as(target).isNotIn(200, 201, 202, 204, 301, 302, 303, 307, 308));
        assertThat(answers.get("/webhooks/other")).isEqualTo(404);
        assertThat(answers.get("/webhooks/standard/")).isEqualTo(404);
        assertThat(answers.get("/webhooks/STANDARD")).isEqualTo(404);
        assertThat(answers.get("/webhooks/standard")).isEqualTo(401);
    }

    @Test
    void shouldStillGuardAndServeTheExactPaths() throws IOException {
        int before = handler.totalRuns();
        String id = "evt_" + UUID.randomUUID();
        byte[] body = ("{\"id\":\"" + id + "\"}").getBytes(UTF_8);

        int standard = signed("/webhooks/standard", STANDARD_WEBHOOKS, STANDARD_SECRET, id, body);
        int stripe = signed("/webhooks/stripe", STRIPE, STRIPE_SECRET, id, body);

        assertThat(standard).isEqualTo(200);
        assertThat(stripe).isEqualTo(200);
        assertThat(handler.totalRuns() - before).isEqualTo(2);
    }

    @Test
    void shouldRefuseOtherMethodsAndMissingHeadersBeforeTheBody() throws IOException {
        int before = handler.totalRuns();
        try (Socket socket = RawHttp.open(container.base())) {
            // a body of 1000 bytes is declared, none is sent: only checks before the body can answer
            socket.getOutputStream()
                    .write(RawHttp.head("POST", "/webhooks/stripe", Map.of("Content-Type", "application/json"), 1000));
            socket.getOutputStream().flush();

            assertThat(RawHttp.readStatus(socket)).isEqualTo(401);
        }
        try (Socket socket = RawHttp.open(container.base())) {
            socket.getOutputStream().write(RawHttp.head("GET", "/webhooks/standard", Map.of(), 0));
            socket.getOutputStream().flush();

            assertThat(RawHttp.readStatus(socket)).isEqualTo(405);
        }
        Headers stale = WebhookSigner.of(STANDARD_WEBHOOKS, STANDARD_SECRET)
                .sign("evt_stale", Instant.now().minusSeconds(600), new byte[1000]);
        try (Socket socket = RawHttp.open(container.base())) {
            socket.getOutputStream().write(RawHttp.head("POST", "/webhooks/standard", flat(stale), 1000));
            socket.getOutputStream().flush();

            assertThat(RawHttp.readStatus(socket)).isEqualTo(401);
        }
        assertThat((handler.totalRuns() - before)).isZero();
    }

    @Test
    void shouldAnswer408ToABodyThatTricklesWithFreshSignatureHeaders() throws Exception {
        int before = handler.totalRuns();
        byte[] body = new byte[1000];
        Headers forged = WebhookSigner.of(STANDARD_WEBHOOKS, AbstractFilterIT.SECRET.replace("whsec_", "whsec_AAAA"))
                .sign("evt_trickle", Instant.now(), body);
        long started = System.nanoTime();
        int status;
        try (Socket socket = RawHttp.open(container.base())) {
            OutputStream out = socket.getOutputStream();
            out.write(RawHttp.head("POST", "/webhooks/standard", flat(forged), body.length));
            out.flush();
            status = RawHttp.trickleUntilAnswered(socket, 100, Duration.ofMillis(400)); // 2.5 B/s, 1000 B/s needed
        }

        assertThat(status).isEqualTo(408);
        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(20));
        assertThat((handler.totalRuns() - before)).isZero();
    }

    @Test
    void shouldAnswerGenuineDeliveriesPromptlyWhileManySlowBodiesWithoutSignaturesArrive() throws Exception {
        int before = handler.totalRuns();
        List<Socket> slow = new ArrayList<>();
        try {
            for (int i = 0; i < SLOW_CONNECTIONS; i++) {
                Socket socket = RawHttp.open(container.base());
                slow.add(socket);
                socket.getOutputStream()
                        .write(RawHttp.head("POST", "/webhooks/standard", Map.of("Content-Type", "text/plain"), 1000));
                socket.getOutputStream().write('x');
                socket.getOutputStream().flush();
            }
            List<Duration> latencies = new ArrayList<>();
            for (int i = 0; i < 10; i++) {
                trickle(slow);
                String id = "evt_" + UUID.randomUUID();
                byte[] body = ("{\"id\":\"" + id + "\"}").getBytes(UTF_8);
                long started = System.nanoTime();
                int status = signed("/webhooks/standard", STANDARD_WEBHOOKS, STANDARD_SECRET, id, body);
                latencies.add(Duration.ofNanos(System.nanoTime() - started));

                assertThat(status).isEqualTo(200);
            }

            assertThat(latencies).allSatisfy(l -> assertThat(l).isLessThan(Duration.ofSeconds(2)));
            assertThat((handler.totalRuns() - before)).isEqualTo(10);
        } finally {
            for (Socket socket : slow) {
                socket.close();
            }
        }
    }

    @Test
    void shouldKeepCredentialHeadersOutOfTheStoredPayload() throws IOException {
        String id = "msg_" + UUID.randomUUID();
        Payload payload = payloadOfARejection(
                id,
                "/webhooks/standard",
                Map.of(
                        "Authorization", "Bearer not-for-the-store",
                        "X-Auth-Token", "not-for-the-store",
                        "X-Partner-Api-Key", "not-for-the-store",
                        "X-Request-Source", "kept"));

        assertThat(payload.headers().keySet().stream()
                        .map(name -> name.toLowerCase(Locale.ROOT))
                        .toList())
                .contains("x-request-source", "webhook-id", "webhook-signature")
                .doesNotContain("authorization", "x-auth-token", "x-partner-api-key");
    }

    @Test
    void shouldKeepEveryLineOfARepeatedHeaderAndTheQueryInTheStoredPayload() throws IOException {
        String id = "msg_" + UUID.randomUUID();
        Payload payload = payloadOfARejection(
                id,
                "/webhooks/standard?tenant=7",
                Map.of("X-Request-Source", "first\r\nX-Request-Source: second")); // two lines of one header

        Map<String, List<String>> kept = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        kept.putAll(payload.headers());
        assertThat(kept.get("X-Request-Source")).containsExactly("first", "second");
        assertThat(kept.get("Webhook-Id")).containsExactly(id);
        assertThat(kept.get(DispatchHeaders.REQUEST_URI)).containsExactly("/webhooks/standard?tenant=7");
    }

    /** A signed Standard Webhooks delivery to {@code target} that the handler answers 422: the payload it kept. */
    private Payload payloadOfARejection(String id, String target, Map<String, String> extraHeaders) throws IOException {
        byte[] body = ("{\"id\":\"" + id + "\"}").getBytes(UTF_8);
        Map<String, String> headers =
                flat(WebhookSigner.of(STANDARD_WEBHOOKS, STANDARD_SECRET).sign(id, Instant.now(), body));
        headers.put(TestHandler.BEHAVIOUR, "status:422");
        headers.putAll(extraHeaders);

        assertThat(RawHttp.status(container.base(), "POST", target, headers, body))
                .isEqualTo(422);
        Payload payload = store.find(EventKey.of("standard", id)).orElseThrow().payload();
        assertThat(payload).isNotNull();
        return payload;
    }

    private int signed(String path, dev.hookguard.core.signature.Scheme scheme, String secret, String id, byte[] body)
            throws IOException {
        Headers headers = WebhookSigner.of(scheme, secret).sign(id, Instant.now(), body);
        return RawHttp.status(container.base(), "POST", path, flat(headers), body);
    }

    /** One more byte on every slow connection that is still open. */
    private static void trickle(List<Socket> sockets) {
        for (Socket socket : sockets) {
            try {
                socket.getOutputStream().write('x');
                socket.getOutputStream().flush();
            } catch (IOException closedByTheServer) {
                // refused and closed: what should happen
            }
        }
    }

    private static Map<String, String> flat(Headers headers) {
        Map<String, String> flat = new LinkedHashMap<>();
        headers.values().forEach((name, values) -> flat.put(name, String.join(", ", values)));
        return flat;
    }
}
