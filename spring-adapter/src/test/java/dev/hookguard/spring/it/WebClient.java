package dev.hookguard.spring.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.CookieManager;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * One person's HTTP client against the application: its own cookies (a browser session after {@link #logIn}),
 * redirects not followed, so that a redirect to the login page is seen as such.
 */
final class WebClient {

    private static final Pattern CSRF_INPUT = Pattern.compile("name=\"_csrf\"[^>]*value=\"([^\"]+)\"");

    private final HttpClient http;
    private final URI base;
    private final Map<String, String> headers = new LinkedHashMap<>();

    WebClient(int port) {
        this.base = URI.create("http://127.0.0.1:" + port);
        this.http = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(5))
                .cookieHandler(new CookieManager())
                .followRedirects(HttpClient.Redirect.NEVER)
                .build();
    }

    /** Signs in through Spring Security's login form, as a browser does: the form's CSRF token, then the post. */
    WebClient logIn(String user, String password) {
        HttpResponse<String> page = get("/login");
        assertThat(page.statusCode()).isEqualTo(200);
        Matcher token = CSRF_INPUT.matcher(page.body());
        assertThat(token.find()).as("the login page carries a CSRF token").isTrue();
        HttpResponse<String> login =
                postForm("/login", Map.of("username", user, "password", password, "_csrf", token.group(1)));
        assertThat(login.statusCode()).isEqualTo(302);
        assertThat(login.headers().firstValue("Location"))
                .hasValueSatisfying(l -> assertThat(l).doesNotContain("error"));
        return this;
    }

    /** Sends HTTP Basic credentials with every request from now on. */
    WebClient basic(String user, String password) {
        String credentials =
                Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
        headers.put("Authorization", "Basic " + credentials);
        return this;
    }

    HttpResponse<String> get(String path) {
        return send(request(path).GET());
    }

    HttpResponse<String> postForm(String path, Map<String, String> form, String... extraHeaders) {
        String body = form.entrySet().stream()
                .map(e -> encode(e.getKey()) + "=" + encode(e.getValue()))
                .collect(Collectors.joining("&"));
        HttpRequest.Builder request = request(path)
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(body));
        for (int i = 0; i < extraHeaders.length; i += 2) {
            request.header(extraHeaders[i], extraHeaders[i + 1]);
        }
        return send(request);
    }

    HttpResponse<String> postJson(String path, String json) {
        return send(request(path)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json)));
    }

    private HttpRequest.Builder request(String path) {
        HttpRequest.Builder request = HttpRequest.newBuilder(base.resolve(path)).timeout(Duration.ofSeconds(30));
        headers.forEach(request::header);
        return request;
    }

    private static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }

    private HttpResponse<String> send(HttpRequest.Builder request) {
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
