package dev.hookguard.console.internal;

import com.fasterxml.jackson.core.JsonGenerator;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/** Writes the console's JSON answers and its one-sentence errors. */
public final class Answers {

    /** Writes one JSON document. */
    @FunctionalInterface
    interface Body {
        void write(JsonGenerator json) throws IOException;
    }

    private Answers() {}

    static void json(HttpServletResponse response, int status, Body body) throws IOException {
        response.setStatus(status);
        response.setContentType("application/json");
        response.setCharacterEncoding("UTF-8");
        try (JsonGenerator json = Json.generator(response.getOutputStream())) {
            body.write(json);
        }
    }

    /** Writes the operator service's answer. */
    static void answer(HttpServletResponse response, OperatorService.Answer answer) throws IOException {
        json(response, answer.status(), json -> Json.write(json, answer.body()));
    }

    public static void error(HttpServletResponse response, int status, String message) throws IOException {
        json(response, status, json -> {
            json.writeStartObject();
            json.writeStringField("error", message);
            json.writeEndObject();
        });
    }

    /** Headers every console answer carries: no caching, no sniffing, no framing, no inline code. */
    public static void hardened(HttpServletResponse response) {
        response.setHeader("Cache-Control", "no-store");
        response.setHeader("X-Content-Type-Options", "nosniff");
        response.setHeader("X-Frame-Options", "DENY");
        response.setHeader("Referrer-Policy", "no-referrer");
        response.setHeader(
                "Content-Security-Policy",
                "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
                        + "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'");
    }
}
