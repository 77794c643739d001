package dev.hookguard.benchmarks.filter;

import dev.hookguard.core.RecoveryStore;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * {@code POST /control/drain}: lets the held dispatcher of the async endpoint pick (see {@link PausablePicks}),
 * waits until the handler has run once for every record that was queued and the queue is empty, holds the picks
 * again, and answers {@code {"drained":N,"runs":R,"seconds":S}} — the backlog, the handler runs during the drain,
 * and the time from the release to the last run. {@code GET} answers the queue's depth without draining. Answers
 * 504 when the drain takes longer than {@link #LIMIT}.
 */
final class DrainServlet extends HttpServlet {

    /** The longest a drain may take. */
    static final Duration LIMIT = Duration.ofMinutes(10);

    private static final long serialVersionUID = 1L;
    private static final long POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(5);

    private final transient PausablePicks picks;
    private final transient RecoveryStore store;
    private final String endpoint;
    private final transient WebhookServlet handler;

    /** Drains this endpoint's queue in {@code store} through {@code picks}; {@code handler} counts the runs. */
    DrainServlet(PausablePicks picks, RecoveryStore store, String endpoint, WebhookServlet handler) {
        this.picks = picks;
        this.store = store;
        this.endpoint = endpoint;
        this.handler = handler;
    }

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        answer(response, 200, "{\"depth\":" + store.stats(endpoint).depth() + "}");
    }

    @Override
    protected synchronized void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
        long queued = store.stats(endpoint).depth();
        long runsBefore = handler.runs();
        long start = System.nanoTime();
        long deadline = start + LIMIT.toNanos();
        picks.resume();
        try {
            while (handler.runs() - runsBefore < queued || store.stats(endpoint).depth() > 0) {
                if (System.nanoTime() > deadline) {
                    answer(response, 504, "{\"error\":\"the queue did not drain within " + LIMIT + "\"}");
                    return;
                }
                TimeUnit.NANOSECONDS.sleep(POLL_NANOS); // polls the store: nothing to wait on, bounded by LIMIT
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            answer(response, 503, "{\"error\":\"interrupted\"}");
            return;
        } finally {
            picks.pause();
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        answer(
                response,
                200,
                String.format(
                        Locale.ROOT,
                        "{\"drained\":%d,\"runs\":%d,\"seconds\":%.3f}",
                        queued,
                        handler.runs() - runsBefore,
                        seconds));
    }

    private static void answer(HttpServletResponse response, int status, String json) throws IOException {
        response.setStatus(status);
        response.setContentType("application/json");
        response.getOutputStream().write(json.getBytes(StandardCharsets.UTF_8));
    }
}
