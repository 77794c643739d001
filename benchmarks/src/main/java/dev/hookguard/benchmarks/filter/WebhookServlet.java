package dev.hookguard.benchmarks.filter;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * The webhook handler of every path: reads the whole body, as a real handler parses it, and answers {@code 200
 * application/json {"ok":true}}. It does no work of its own, so the filter's share of the time is as large as it
 * can be.
 */
public final class WebhookServlet extends HttpServlet {

    private static final long serialVersionUID = 1L;
    private static final byte[] OK = "{\"ok\":true}".getBytes(StandardCharsets.UTF_8);

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
        byte[] body = request.getInputStream().readAllBytes();
        if (body.length == 0) {
            response.sendError(HttpServletResponse.SC_BAD_REQUEST, "empty body");
            return;
        }
        response.setStatus(HttpServletResponse.SC_OK);
        response.setContentType("application/json");
        response.setContentLength(OK.length);
        response.getOutputStream().write(OK);
    }
}
