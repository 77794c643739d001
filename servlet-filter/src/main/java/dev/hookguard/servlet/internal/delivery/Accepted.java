package dev.hookguard.servlet.internal.delivery;

import dev.hookguard.servlet.internal.body.Bodies;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * Async intake's answer ({@link Answers#accepted}): 202 with {@code {"status":"<status>","id":"<event id>"}}, {@code
 * application/json}, {@code Cache-Control: no-store}.
 *
 * @param status {@code queued} (stored now) or {@code pending} (already waiting or running)
 * @param eventId the event's id, escaped for JSON when written
 */
record Accepted(String status, String eventId) implements Answer {

    @Override
    public void writeTo(HttpServletResponse response) throws IOException {
        byte[] json = ("{\"status\":\"" + status + "\",\"id\":\"" + escaped(eventId) + "\"}")
                .getBytes(StandardCharsets.UTF_8);
        response.reset();
        response.setStatus(202);
        response.setHeader("Cache-Control", "no-store");
        response.setContentType("application/json");
        response.setContentLength(json.length);
        Bodies.write(response, json);
    }

    private static String escaped(String value) {
        StringBuilder out = new StringBuilder(value.length());
        for (char c : value.toCharArray()) {
            if (c == '"' || c == '\\') {
                out.append('\\');
            }
            if (c < 0x20) {
                out.append(String.format("\\u%04x", (int) c));
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }
}
