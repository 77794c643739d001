package dev.hookguard.benchmarks.filter;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;

/**
 * The webhook handler of every path: reads the whole body, as a real handler parses it, and answers {@code 200
 * application/json {"ok":true}}. It does no work of its own, so the filter's share of the time is as large as it
 * can be — except on the slow path of the recovery benchmark, where it waits a fixed time first (a handler that
 * calls a slow API). It counts its runs.
 */
public final class WebhookServlet extends HttpServlet {

    private static final long serialVersionUID = 1L;
    private static final byte[] OK = "{\"ok\":true}".getBytes(StandardCharsets.UTF_8);

    private final long workNanos;
    private final transient LongAdder runs = new LongAdder();

    /** A handler that does no work. */
    public WebhookServlet() {
        this(Duration.ZERO);
    }

    /** A handler that waits this long before it answers. */
    public WebhookServlet(Duration work) {
        this.workNanos = work.toNanos();
    }

    /** How often the handler answered 200. */
    public long runs() {
        return runs.sum();
    }

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
        byte[] body = request.getInputStream().readAllBytes();
        if (body.length == 0) {
            response.sendError(HttpServletResponse.SC_BAD_REQUEST, "empty body");
            return;
        }
        if (workNanos > 0) {
            try {
                TimeUnit.NANOSECONDS.sleep(workNanos); // the handler's work, e.g. a call to a slow API
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new InterruptedIOException("interrupted while working");
            }
        }
        runs.increment();
        response.setStatus(HttpServletResponse.SC_OK);
        response.setContentType("application/json");
        response.setContentLength(OK.length);
        response.getOutputStream().write(OK);
    }
}
