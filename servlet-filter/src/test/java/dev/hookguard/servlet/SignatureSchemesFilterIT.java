package dev.hookguard.servlet;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import dev.hookguard.core.memory.InMemoryStore;
import dev.hookguard.core.signature.Headers;
import dev.hookguard.core.signature.Scheme;
import dev.hookguard.core.signature.SignatureConfig;
import dev.hookguard.core.signature.SignatureConfig.PublicUrl;
import dev.hookguard.core.signature.WebhookSigner;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.spec.ECGenParameterSpec;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Base64;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The schemes of issue 17 end to end: real Jetty 12, the filter on the in-memory store, deliveries sent with
 * {@link java.net.http.HttpClient}. Each scheme gets a signed delivery (handled once, then replayed as a
 * duplicate), a tampered body (401), a wrong secret or key (401) and a malformed header (400); the URL-signed
 * schemes also run behind a proxy-like public base URL and behind trusted {@code X-Forwarded-*} headers, since
 * the sender signs a URL the container never sees. Verifiers run on a fixed clock through the filter's {@code
 * scheme(…, clock)} shortcut, so stale and future timestamps are exact.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(60)
class SignatureSchemesFilterIT {

    private static final Instant NOW = Instant.ofEpochSecond(1_764_500_000L);
    private static final Clock CLOCK = Clock.fixed(NOW, ZoneOffset.UTC);
    private static final String PUBLIC_BASE = "https://hooks.example.com";
    private static final String TOKEN = "token-" + UUID.randomUUID();
    private static final String FORM = "CallSid=CA1&From=%2B14158675309&Body=Hello+there&To=%2B18005551212";

    private final Counting handler = new Counting();
    private ServletContainer container;
    private Sender sender;
    private String edSeed;
    private String edPublic;
    private KeyPair ecKeys;

    @BeforeAll
    void start() throws Exception {
        KeyPair ed = KeyPairGenerator.getInstance("Ed25519").generateKeyPair();
        edSeed = "whsk_" + base64(lastBytes(ed.getPrivate().getEncoded(), 32)); // PKCS#8 ends with the seed
        edPublic = "whpk_" + base64(lastBytes(ed.getPublic().getEncoded(), 32)); // X.509 ends with the key
        KeyPairGenerator ec = KeyPairGenerator.getInstance("EC");
        ec.initialize(new ECGenParameterSpec("secp256r1"));
        ecKeys = ec.generateKeyPair();
        HookguardFilterConfig config = HookguardFilterConfig.custom()
                .storeTimeout(Duration.ofSeconds(30)) // a loaded machine may take over 1 s for a claim
                .store(new InMemoryStore(CLOCK))
                .endpoint(endpoint("twilio", Scheme.TWILIO, PublicUrl.asReceived(), TOKEN))
                .endpoint(endpoint(
                        "twilio-proxy", Scheme.TWILIO, PublicUrl.base(PUBLIC_BASE), "old-token-0123456789", TOKEN))
                .endpoint(endpoint("twilio-fwd", Scheme.TWILIO, PublicUrl.forwarded(), TOKEN))
                .endpoint(endpoint("square-proxy", Scheme.SQUARE, PublicUrl.base(PUBLIC_BASE), TOKEN))
                .endpoint(endpoint("paddle", Scheme.PADDLE, PublicUrl.asReceived(), TOKEN))
                .endpoint(endpoint("gitlab", Scheme.GITLAB, PublicUrl.asReceived(), TOKEN))
                .endpoint(endpoint("zoom", Scheme.ZOOM, PublicUrl.asReceived(), TOKEN))
                .endpoint(endpoint("intercom", Scheme.INTERCOM, PublicUrl.asReceived(), TOKEN))
                .endpoint(endpoint(
                        "sendgrid",
                        Scheme.SENDGRID,
                        PublicUrl.asReceived(),
                        base64(ecKeys.getPublic().getEncoded())))
                .endpoint(endpoint("v1a", Scheme.STANDARD_WEBHOOKS, PublicUrl.asReceived(), edPublic))
                .build();
        container = JettyContainer.start(WebApp.of(new HookguardFilter(config)).servlet("/hooks/*", handler));
        sender = new Sender(Sender.client(), container.base());
    }

    @AfterAll
    void stop() throws Exception {
        if (container != null) {
            container.close();
        }
    }

    @Test
    void shouldVerifyTwilioFormDeliveriesAtTheReceivedUrlOnce() {
        String url = container.base() + "/hooks/twilio?x=1";
        Headers signed = WebhookSigner.forUrl(Scheme.TWILIO, TOKEN, url).sign(id(), NOW, utf8(FORM));

        assertHandledOnceThenDuplicate("/hooks/twilio?x=1", form(signed), FORM);
        assertThat(send("/hooks/twilio?x=1", form(signed), FORM.replace("Hello", "Hullo"))
                        .statusCode())
                .isEqualTo(401);
        assertThat(send("/hooks/twilio?x=2", form(signed), FORM).statusCode()).isEqualTo(401);
    }

    @Test
    void shouldVerifyTwilioBehindAProxyWithAPublicBaseUrlAndTheSecondaryToken() {
        String url = PUBLIC_BASE + "/hooks/twilio-proxy?x=1";
        Headers signed = WebhookSigner.forUrl(Scheme.TWILIO, TOKEN, url).sign(id(), NOW, utf8(FORM));
        Headers signedForReceivedUrl = WebhookSigner.forUrl(
                        Scheme.TWILIO, TOKEN, container.base() + "/hooks/twilio-proxy?x=1")
                .sign(id(), NOW, utf8(FORM));

        assertHandledOnceThenDuplicate("/hooks/twilio-proxy?x=1", form(signed), FORM);
        assertThat(send("/hooks/twilio-proxy?x=1", form(signedForReceivedUrl), FORM)
                        .statusCode())
                .isEqualTo(401);
    }

    @Test
    void shouldVerifyTwilioJsonWithBodySha256BehindTrustedForwardedHeaders() {
        String json = "{\"CallSid\":\"CA" + UUID.randomUUID() + "\"}";
        String query = "bodySHA256=" + dev.hookguard.core.Fingerprint.sha256Hex(utf8(json));
        String url = PUBLIC_BASE + "/hooks/twilio-fwd?" + query;
        Headers signed = WebhookSigner.forUrl(Scheme.TWILIO, TOKEN, url)
                .sign(id(), NOW, utf8(json))
                .with(Headers.of(
                        "Content-Type",
                        "application/json",
                        "X-Forwarded-Proto",
                        "https",
                        "X-Forwarded-Host",
                        "hooks.example.com"));

        assertHandledOnceThenDuplicate("/hooks/twilio-fwd?" + query, signed, json);
        assertThat(send("/hooks/twilio-fwd?" + query, signed, json + " ").statusCode())
                .isEqualTo(401);
        Headers unforwarded = signed.with(Headers.of("X-Forwarded-Host", "evil.example"));
        assertThat(send("/hooks/twilio-fwd?" + query, unforwarded, json).statusCode())
                .isEqualTo(401);
    }

    @Test
    void shouldVerifySquareAtItsPublicNotificationUrl() {
        String body = "{\"event_id\":\"" + id() + "\",\"type\":\"payment.updated\"}";
        Headers signed = WebhookSigner.forUrl(Scheme.SQUARE, TOKEN, PUBLIC_BASE + "/hooks/square-proxy")
                .sign("unused", NOW, utf8(body));

        assertHandledOnceThenDuplicate("/hooks/square-proxy", signed, body);
        assertThat(send("/hooks/square-proxy", signed, body.replace("updated", "created"))
                        .statusCode())
                .isEqualTo(401);
        assertThat(send("/hooks/square-proxy", Headers.of("x-square-hmacsha256-signature", "%%"), body)
                        .statusCode())
                .isEqualTo(400);
    }

    @Test
    void shouldRejectTwilioAndSquareDeliveriesSignedWithAnotherTokenForTheRightUrl() {
        String body = "{\"event_id\":\"" + id() + "\"}";
        Headers twilio = WebhookSigner.forUrl(Scheme.TWILIO, "stranger", PUBLIC_BASE + "/hooks/twilio-proxy?x=1")
                .sign(id(), NOW, utf8(FORM));
        Headers square = WebhookSigner.forUrl(Scheme.SQUARE, "stranger", PUBLIC_BASE + "/hooks/square-proxy")
                .sign(id(), NOW, utf8(body));

        HttpResponse<String> twilioResponse = send("/hooks/twilio-proxy?x=1", form(twilio), FORM);
        HttpResponse<String> squareResponse = send("/hooks/square-proxy", square, body);

        assertThat(twilioResponse.statusCode()).isEqualTo(401);
        assertThat(squareResponse.statusCode()).isEqualTo(401);
        assertThat(twilioResponse.body() + squareResponse.body()).doesNotContain(TOKEN);
    }

    @ParameterizedTest
    @ValueSource(strings = {"paddle", "zoom", "intercom", "gitlab", "sendgrid", "v1a"})
    void shouldHandleASignedDeliveryOnceAndRejectATamperedOne(String endpoint) {
        String body = "{\"event_id\":\"" + id() + "\",\"id\":\"" + id() + "\",\"n\":1}";
        Headers signed = signer(endpoint).sign(id(), NOW, utf8(body));

        assertHandledOnceThenDuplicate("/hooks/" + endpoint, signed, body);
        int tampered = send("/hooks/" + endpoint, signed, body.replace("\"n\":1", "\"n\":2"))
                .statusCode();
        // GitLab signs nothing: the token still matches, and only the reused id with another body (422) stops it
        assertThat(tampered).isEqualTo(endpoint.equals("gitlab") ? 422 : 401);
    }

    @ParameterizedTest
    @ValueSource(strings = {"paddle", "zoom", "intercom", "gitlab", "sendgrid", "v1a"})
    void shouldRejectAWrongSecretOrKey(String endpoint) throws Exception {
        String body = "{\"event_id\":\"" + id() + "\",\"id\":\"" + id() + "\"}";
        Headers signed = strangerSigner(endpoint).sign(id(), NOW, utf8(body));

        HttpResponse<String> response = send("/hooks/" + endpoint, signed, body);

        assertThat(response.statusCode()).isEqualTo(401);
        assertThat(response.body()).doesNotContain(TOKEN);
    }

    @ParameterizedTest
    @ValueSource(longs = {-301, 301})
    void shouldRejectStaleAndFutureTimestampsOnTheFixedClock(long offset) {
        String body = "{\"event_id\":\"" + id() + "\"}";
        for (String endpoint : new String[] {"paddle", "zoom", "sendgrid", "v1a"}) {
            Headers signed = signer(endpoint).sign(id(), NOW.plusSeconds(offset), utf8(body));

            assertThat(send("/hooks/" + endpoint, signed, body).statusCode())
                    .as(endpoint)
                    .isEqualTo(401);
        }
    }

    @Test
    void shouldAnswer400ForMalformedHeaders() {
        String body = "{\"event_id\":\"e\"}";
        Map<String, Headers> malformed = Map.of(
                "paddle", Headers.of("Paddle-Signature", "h1=00"),
                "zoom", Headers.of("x-zm-signature", "v0=zz", "x-zm-request-timestamp", seconds()),
                "intercom", Headers.of("X-Hub-Signature", "sha1=zz"),
                "sendgrid",
                        Headers.of(
                                "X-Twilio-Email-Event-Webhook-Signature",
                                "*",
                                "X-Twilio-Email-Event-Webhook-Timestamp",
                                seconds()),
                "v1a", Headers.of("webhook-id", "m", "webhook-timestamp", seconds(), "webhook-signature", "v1a,*"),
                "twilio", Headers.of("X-Twilio-Signature", "not base64!"));

        malformed.forEach((endpoint, headers) -> assertThat(
                        send("/hooks/" + endpoint, headers, body).statusCode())
                .as(endpoint)
                .isEqualTo(400));
    }

    private void assertHandledOnceThenDuplicate(String pathAndQuery, Headers headers, String body) {
        int before = handler.total();
        HttpResponse<String> first = send(pathAndQuery, headers, body);
        HttpResponse<String> second = send(pathAndQuery, headers, body);

        assertThat(first.statusCode()).as(first.body()).isEqualTo(200);
        assertThat(second.statusCode()).isEqualTo(200);
        assertThat(second.body()).isEqualTo(first.body());
        assertThat(handler.total()).isEqualTo(before + 1);
    }

    private HttpResponse<String> send(String pathAndQuery, Headers headers, String body) {
        return sender.send(sender.request(pathAndQuery, headers, HttpRequest.BodyPublishers.ofString(body)));
    }

    private WebhookSigner signer(String endpoint) {
        return switch (endpoint) {
            case "sendgrid" ->
                WebhookSigner.of(Scheme.SENDGRID, base64(ecKeys.getPrivate().getEncoded()));
            case "v1a" -> WebhookSigner.of(Scheme.STANDARD_WEBHOOKS, edSeed);
            default -> WebhookSigner.of(Scheme.of(endpoint), TOKEN);
        };
    }

    private WebhookSigner strangerSigner(String endpoint) throws Exception {
        return switch (endpoint) {
            case "sendgrid" -> {
                KeyPairGenerator ec = KeyPairGenerator.getInstance("EC");
                ec.initialize(new ECGenParameterSpec("secp256r1"));
                yield WebhookSigner.of(
                        Scheme.SENDGRID,
                        base64(ec.generateKeyPair().getPrivate().getEncoded()));
            }
            case "v1a" -> WebhookSigner.of(Scheme.STANDARD_WEBHOOKS, "whsk_" + base64(new byte[32]));
            default -> WebhookSigner.of(Scheme.of(endpoint), "stranger");
        };
    }

    private static EndpointConfig endpoint(String name, Scheme scheme, PublicUrl publicUrl, String... secrets) {
        return EndpointConfig.custom(name)
                .path("/hooks/" + name)
                .scheme(
                        scheme,
                        SignatureConfig.custom()
                                .secrets(secrets)
                                .publicUrl(publicUrl)
                                .build(),
                        CLOCK)
                .build();
    }

    private static Headers form(Headers signed) {
        return signed.with(Headers.of("Content-Type", "application/x-www-form-urlencoded"));
    }

    private static byte[] lastBytes(byte[] bytes, int count) {
        return java.util.Arrays.copyOfRange(bytes, bytes.length - count, bytes.length);
    }

    private static String seconds() {
        return Long.toString(NOW.getEpochSecond());
    }

    private static String id() {
        return "evt_" + UUID.randomUUID();
    }

    private static byte[] utf8(String text) {
        return text.getBytes(UTF_8);
    }

    private static String base64(byte[] bytes) {
        return Base64.getEncoder().encodeToString(bytes);
    }

    /** Counts handler runs per verified event key; answers 200 naming the run. */
    static final class Counting extends HttpServlet {
        private final Map<String, AtomicInteger> runs = new ConcurrentHashMap<>();

        int total() {
            return runs.values().stream().mapToInt(AtomicInteger::get).sum();
        }

        @Override
        protected void service(HttpServletRequest request, HttpServletResponse response) throws java.io.IOException {
            String key = String.valueOf(request.getAttribute(HookguardFilter.EVENT_KEY_ATTRIBUTE));
            int run = runs.computeIfAbsent(key, k -> new AtomicInteger()).incrementAndGet();
            response.setContentType("text/plain");
            response.getWriter().write(key + " run " + run);
        }
    }
}
