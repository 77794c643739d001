package dev.hookguard.examples.sender;

import dev.hookguard.core.signature.Headers;
import dev.hookguard.core.signature.WebhookSigner;
import dev.hookguard.examples.receiver.DemoEndpoint;
import dev.hookguard.examples.receiver.DemoSecrets;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * Sends one request of the storm, signed as the endpoint's provider signs it: a genuine delivery (signed anew
 * on every attempt, with the current time, as Stripe and Svix do), or an attack of a {@link DeliveryKind}. Uses
 * {@link HttpClient} over HTTP/1.1; thread-safe.
 */
public final class WebhookSender {

    /** How far in the past a stale replay was signed: twice the receiver's 300 s tolerance. */
    static final Duration STALE_BY = Duration.ofMinutes(10);

    private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(30);

    private final HttpClient client;
    private final URI base;
    private final Map<DemoEndpoint, WebhookSigner> signers;
    private final Map<DemoEndpoint, WebhookSigner> strangers;
    private final Clock clock;

    /** A sender to the receiver at {@code base}, signing with these secrets. */
    public WebhookSender(HttpClient client, URI base, DemoSecrets secrets, Clock clock) {
        this.client = client;
        this.base = base;
        this.signers = Map.of(
                DemoEndpoint.STRIPE, WebhookSigner.of(DemoEndpoint.STRIPE.scheme(), secrets.stripe()),
                DemoEndpoint.STANDARD, WebhookSigner.of(DemoEndpoint.STANDARD.scheme(), secrets.standard()));
        this.strangers = Map.of(
                DemoEndpoint.STRIPE, WebhookSigner.of(DemoEndpoint.STRIPE.scheme(), DemoSecrets.random()),
                DemoEndpoint.STANDARD, WebhookSigner.of(DemoEndpoint.STANDARD.scheme(), DemoSecrets.random()));
        this.clock = clock;
    }

    /** An HTTP/1.1 client as the demo uses it. */
    public static HttpClient newClient() {
        return HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(5))
                .build();
    }

    /** Sends this delivery of the event and waits for the answer; a transport failure is status 0. */
    public Answer send(EventPlan event, DeliveryKind kind) throws InterruptedException {
        byte[] body = event.body(kind);
        HttpRequest.Builder request = HttpRequest.newBuilder(
                        base.resolve(event.endpoint().path()))
                .timeout(REQUEST_TIMEOUT)
                .header("Content-Type", "application/json")
                .header("User-Agent", "hookguard-demo-sender/1")
                .POST(HttpRequest.BodyPublishers.ofByteArray(body));
        signature(event, kind, body).values().forEach((name, values) -> values.forEach(v -> request.header(name, v)));
        long start = System.nanoTime();
        try {
            HttpResponse<String> response = client.send(request.build(), HttpResponse.BodyHandlers.ofString());
            return new Answer(
                    response.statusCode(),
                    System.nanoTime() - start,
                    RetryAfter.parse(
                            response.headers().firstValue("Retry-After").orElse(null), clock.instant()),
                    response.headers()
                            .firstValue("Idempotent-Replayed")
                            .filter("true"::equals)
                            .isPresent(),
                    queued(response));
        } catch (IOException e) {
            return Answer.noAnswer();
        }
    }

    /**
     * Whether this is async intake's 202 (body {@code {"status":"queued",…}} or {@code {"status":"pending",…}}),
     * not the empty 202 of a dead event.
     */
    private static boolean queued(HttpResponse<String> response) {
        String body = response.body();
        return response.statusCode() == 202
                && (body.contains("\"status\":\"queued\"") || body.contains("\"status\":\"pending\""));
    }

    private Headers signature(EventPlan event, DeliveryKind kind, byte[] body) {
        Instant now = clock.instant();
        WebhookSigner signer = signers.get(event.endpoint());
        return switch (kind) {
            case GENUINE -> signer.sign(event.id(), now, body);
            case TAMPERED_BODY -> signer.sign(event.id(), now, event.body(DeliveryKind.GENUINE));
            case WRONG_SECRET -> strangers.get(event.endpoint()).sign(event.id(), now, body);
            case BROKEN_SIGNATURE -> broken(event.endpoint(), signer.sign(event.id(), now, body));
            case STALE_TIMESTAMP -> signer.sign(event.id(), now.minus(STALE_BY), body);
        };
    }

    /** The headers with the first character of the signature changed; still well-formed hex or base64. */
    private static Headers broken(DemoEndpoint endpoint, Headers signed) {
        String name = endpoint.signatureHeader();
        String value = signed.first(name).orElseThrow();
        int at = value.indexOf(endpoint.signaturePrefix())
                + endpoint.signaturePrefix().length();
        char changed = value.charAt(at) == 'a' ? 'b' : 'a';
        String forged = value.substring(0, at) + changed + value.substring(at + 1);
        Headers.Builder headers = Headers.builder();
        signed.values().forEach((header, values) -> {
            List<String> kept = header.equalsIgnoreCase(name) ? List.of(forged) : values;
            kept.forEach(v -> headers.add(header, v));
        });
        return headers.build();
    }
}
