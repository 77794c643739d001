package dev.hookguard.spring.it;

import dev.hookguard.core.signature.Headers;
import dev.hookguard.core.signature.Scheme;
import dev.hookguard.core.signature.WebhookSigner;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;

/** Sends deliveries to the application under test as a webhook sender would, with {@link HttpClient}. */
final class Sender {

    private final HttpClient http = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5))
            .build();
    private final URI base;

    Sender(int port) {
        this.base = URI.create("http://127.0.0.1:" + port);
    }

    /** A delivery of {@code body} to {@code path}, signed by the scheme's signer with {@code secret}. */
    HttpRequest.Builder signed(String path, Scheme scheme, String secret, String eventId, String body) {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        return request(path, WebhookSigner.of(scheme, secret).sign(eventId, Instant.now(), bytes), bytes);
    }

    /** A delivery with exactly these headers. */
    HttpRequest.Builder request(String path, Headers headers, byte[] body) {
        HttpRequest.Builder request = HttpRequest.newBuilder(base.resolve(path))
                .timeout(Duration.ofSeconds(30))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofByteArray(body));
        headers.values().forEach((name, values) -> values.forEach(value -> request.header(name, value)));
        return request;
    }

    HttpResponse<String> get(String path) {
        return send(HttpRequest.newBuilder(base.resolve(path))
                .timeout(Duration.ofSeconds(30))
                .GET());
    }

    HttpResponse<String> postJson(String path, String json) {
        return send(HttpRequest.newBuilder(base.resolve(path))
                .timeout(Duration.ofSeconds(30))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json)));
    }

    HttpResponse<String> send(HttpRequest.Builder request) {
        try {
            return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
