package dev.hookguard.console;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;

/** Calls the console's API over real HTTP, as a script would, with an operator's bearer token. */
final class ApiClient {

    private static final HttpClient HTTP =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private final URI console;
    private final @Nullable String authorization;
    private @Nullable String csrf;

    /** A client with this bearer token, or anonymous with null. */
    ApiClient(URI console, @Nullable String token) {
        this(console, token == null ? null : "Bearer " + token, null);
    }

    private ApiClient(URI console, @Nullable String authorization, @Nullable String csrf) {
        this.console = console;
        this.authorization = authorization;
        this.csrf = csrf;
    }

    /** A client that signs in with HTTP basic authentication. */
    static ApiClient basic(URI console, String user, String password) {
        String credentials =
                java.util.Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
        return new ApiClient(console, "Basic " + credentials, null);
    }

    /** A client of the same operator that sends this CSRF token (or none) with writes. */
    ApiClient withCsrf(@Nullable String csrf) {
        return new ApiClient(console, authorization, csrf);
    }

    HttpResponse<String> get(String route) {
        return send(request(route).GET(), HttpResponse.BodyHandlers.ofString());
    }

    HttpResponse<InputStream> stream(String route) {
        return send(request(route).GET(), HttpResponse.BodyHandlers.ofInputStream());
    }

    HttpResponse<String> post(String route, Map<String, String> form) {
        HttpRequest.Builder request = request(route)
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(form(form)));
        if (csrf != null) {
            request.header("X-Hookguard-Csrf", csrf);
        }
        return send(request, HttpResponse.BodyHandlers.ofString());
    }

    static String form(Map<String, String> form) {
        return form.entrySet().stream()
                .map(e -> encode(e.getKey()) + "=" + encode(e.getValue()))
                .collect(Collectors.joining("&"));
    }

    static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }

    private HttpRequest.Builder request(String route) {
        HttpRequest.Builder request =
                HttpRequest.newBuilder(console.resolve(route)).timeout(Duration.ofSeconds(30));
        if (authorization != null) {
            request.header("Authorization", authorization);
        }
        return request;
    }

    private static <T> HttpResponse<T> send(HttpRequest.Builder request, HttpResponse.BodyHandler<T> body) {
        try {
            try {
                return HTTP.send(request.build(), body);
            } catch (IOException e) {
                if (!String.valueOf(e.getMessage()).contains("received no bytes")) {
                    throw e;
                }
                // A pooled connection the server had closed (after answering a request whose body it did not
                // read) was reused: the request never reached the server, so it is sent once more, on a new one.
                return HTTP.send(request.build(), body);
            }
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
