package dev.hookguard.examples.receiver;

import static java.nio.charset.StandardCharsets.UTF_8;

import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/** Serves the Prometheus scrape of the receiver's meters at {@code GET /metrics}. */
final class MetricsServlet extends HttpServlet {

    private static final long serialVersionUID = 1L;

    private final transient PrometheusMeterRegistry registry;

    /** Serves this registry. */
    MetricsServlet(PrometheusMeterRegistry registry) {
        this.registry = registry;
    }

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        response.setStatus(200);
        response.setContentType("text/plain; version=0.0.4; charset=utf-8");
        response.getOutputStream().write(registry.scrape().getBytes(UTF_8));
    }
}
