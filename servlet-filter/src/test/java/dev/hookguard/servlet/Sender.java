package dev.hookguard.servlet;

import dev.hookguard.core.signature.Headers;
import dev.hookguard.core.signature.Scheme;
import dev.hookguard.core.signature.WebhookSigner;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/** Sends signed deliveries with {@link HttpClient}, as a webhook sender would. */
final class Sender {

    private final HttpClient http;
    private final URI base;

    Sender(HttpClient http, URI base) {
        this.http = http;
        this.base = base;
    }

    static HttpClient client() {
        return HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(5))
                .build();
    }

    /** A request to {@code path} carrying {@code body} and these headers. */
    HttpRequest.Builder request(String path, Headers headers, HttpRequest.BodyPublisher body) {
        HttpRequest.Builder request = HttpRequest.newBuilder(base.resolve(path))
                .timeout(Duration.ofSeconds(30))
                .POST(body);
        headers.values().forEach((name, values) -> values.forEach(value -> request.header(name, value)));
        return request;
    }

    /** A request signed by the scheme's signer with {@code secret}, now. */
    HttpRequest.Builder signed(String path, Scheme scheme, String secret, String id, byte[] body) {
        Headers headers = WebhookSigner.of(scheme, secret).sign(id, Instant.now(), body);
        return request(path, headers, HttpRequest.BodyPublishers.ofByteArray(body));
    }

    /** The same, with the body sent chunked (no {@code Content-Length}). */
    HttpRequest.Builder signedChunked(String path, Scheme scheme, String secret, String id, byte[] body) {
        Headers headers = WebhookSigner.of(scheme, secret).sign(id, Instant.now(), body);
        return request(path, headers, HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(body)));
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

    CompletableFuture<HttpResponse<String>> sendAsync(HttpRequest.Builder request) {
        return http.sendAsync(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    static HttpRequest.Builder with(HttpRequest.Builder request, Map<String, String> headers) {
        headers.forEach(request::header);
        return request;
    }

    static List<String> header(HttpResponse<?> response, String name) {
        return response.headers().allValues(name);
    }
}
