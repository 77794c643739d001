package dev.hookguard.spring.it;

import static java.nio.charset.StandardCharsets.US_ASCII;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import dev.hookguard.core.signature.Headers;
import dev.hookguard.core.signature.Scheme;
import dev.hookguard.core.signature.WebhookSigner;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.Socket;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.core.env.Environment;

/**
 * Variants of a guarded path (trailing slash, case, suffix, path parameters, {@code ..}, encoded characters, double
 * slashes) sent unsigned to a Spring Boot application on its embedded Tomcat: none reaches the guarded handler
 * (DESIGN.md §1, rule 7). Raw HTTP on a socket to 127.0.0.1, so the request targets arrive as written.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(60)
abstract class AbstractPathVariantsIT {

    /** A test secret (24 bytes of key), constant so that the annotations' properties can name it. */
    static final String SECRET = "whsec_MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3";

    static final List<String> VARIANTS = List.of(
            "/webhooks/standard",
            "/webhooks/standard/",
            "/webhooks/STANDARD",
            "/webhooks/Standard",
            "/WEBHOOKS/standard",
            "/webhooks/other",
            "/webhooks/standard%20",
            "/webhooks/standard.json",
            "/webhooks/standard;jsessionid=0123456789",
            "/webhooks/../webhooks/standard",
            "/webhooks/x/../standard",
            "/webhooks/./standard",
            "/webhooks%2Fstandard",
            "/webhooks/standard%2F",
            "/webhooks/%73tandard",
            "//webhooks/standard",
            "/webhooks//standard",
            "/webhooks/standard?x=1");

    @Autowired
    Environment environment;

    @Autowired
    VariantsApp.StandardHandler handler;

    @Test
    void shouldLetNoUnsignedVariantReachTheGuardedHandler() throws IOException {
        int before = handler.runs.get();
        Map<String, Integer> answers = new LinkedHashMap<>();
        for (String target : VARIANTS) {
            answers.put(target, status(target, Map.of("Content-Type", "application/json"), "{\"id\":\"x\"}"));
        }

        assertThat(handler.runs.get() - before)
                .as("guarded handler runs; answers %s", answers)
                .isZero();
        assertThat(answers)
                .allSatisfy((target, status) -> assertThat(status).as(target).isBetween(400, 499));
        assertThat(answers.get("/webhooks/standard")).isEqualTo(401);
    }

    @Test
    void shouldServeASignedDeliveryToTheExactPath() throws IOException {
        int before = handler.runs.get();

        assertThat(signed("/webhooks/standard")).isEqualTo(200);
        assertThat(handler.runs.get() - before).isEqualTo(1);
    }

    int signed(String target) throws IOException {
        String id = "msg_" + UUID.randomUUID();
        String body = "{\"id\":\"" + id + "\"}";
        Headers headers =
                WebhookSigner.of(Scheme.STANDARD_WEBHOOKS, SECRET).sign(id, Instant.now(), body.getBytes(UTF_8));
        Map<String, String> flat = new LinkedHashMap<>(Map.of("Content-Type", "application/json"));
        headers.values().forEach((name, values) -> flat.put(name, String.join(", ", values)));
        return status(target, flat, body);
    }

    /** Sends a POST with this exact request target and returns the answer's status, or -1 for none. */
    int status(String target, Map<String, String> headers, String body) throws IOException {
        int port = environment.getRequiredProperty("local.server.port", Integer.class);
        byte[] bytes = body.getBytes(UTF_8);
        StringBuilder head =
                new StringBuilder("POST " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n");
        headers.forEach(
                (name, value) -> head.append(name).append(": ").append(value).append("\r\n"));
        head.append("Content-Length: ").append(bytes.length).append("\r\n\r\n");
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout(30_000);
            OutputStream out = socket.getOutputStream();
            out.write(head.toString().getBytes(US_ASCII));
            out.write(bytes);
            out.flush();
            String line = new BufferedReader(new InputStreamReader(socket.getInputStream(), US_ASCII)).readLine();
            return line == null || line.length() < 12 ? -1 : Integer.parseInt(line.substring(9, 12));
        }
    }
}
