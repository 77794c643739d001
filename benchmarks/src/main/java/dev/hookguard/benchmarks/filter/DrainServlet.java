package dev.hookguard.benchmarks.filter;

import dev.hookguard.servlet.HookguardFilter;
import dev.hookguard.servlet.internal.dispatch.Dispatchers;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * The control of one async endpoint of {@link FilterServer}, mapped at {@code /control/<name>/*}:
 *
 * <ul>
 *   <li>{@code GET}: {@code {"depth":D,"runs":R}}, the queue's depth and the handler's runs so far;
 *   <li>{@code POST}: lets the held dispatcher pick (see {@link PausablePicks}) and wakes it, as an operator's
 *       replay does (held, it has backed off to its longest poll interval), waits until the handler has run
 *       once for every record that was queued and the queue is empty, holds the picks again, and answers {@code
 *       {"drained":N,"runs":R,"seconds":S}}: the backlog, the handler runs during the drain, and the time from the
 *       release to the last run; 504 (picks held again, the rest left queued) when it takes longer than {@link
 *       #LIMIT};
 *   <li>{@code POST /discard}: holds the picks, waits until no run is under way, drops the store's records,
 *       collects the garbage (a full GC, so the next phase does not pay for the backlog it dropped) and answers
 *       {@code {"discarded":D}}, the depth dropped.
 * </ul>
 */
final class DrainServlet extends HttpServlet {

    /** The longest a drain may take: the benchmark drains backlogs of a fixed size, far below it. */
    static final Duration LIMIT = Duration.ofMinutes(3);

    private static final long serialVersionUID = 1L;
    private static final long POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(5);
    private static final long SETTLE_NANOS = TimeUnit.MILLISECONDS.toNanos(300);

    private final transient PausablePicks picks;
    private final String endpoint;
    private final transient WebhookServlet handler;
    private final transient HookguardFilter filter;

    /** Controls the endpoint's store {@code picks}; {@code handler} counts the runs; {@code filter} dispatches. */
    DrainServlet(PausablePicks picks, String endpoint, WebhookServlet handler, HookguardFilter filter) {
        this.picks = picks;
        this.endpoint = endpoint;
        this.handler = handler;
        this.filter = filter;
    }

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        answer(response, 200, "{\"depth\":" + depth() + ",\"runs\":" + handler.runs() + "}");
    }

    @Override
    protected synchronized void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
        try {
            if ("/discard".equals(request.getPathInfo())) {
                discard(response);
            } else {
                drain(response);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            answer(response, 503, "{\"error\":\"interrupted\"}");
        }
    }

    private void drain(HttpServletResponse response) throws IOException, InterruptedException {
        long queued = depth();
        long runsBefore = handler.runs();
        long start = System.nanoTime();
        long deadline = start + LIMIT.toNanos();
        picks.resume();
        Dispatchers.of(filter).ifPresent(dispatcher -> dispatcher.wake(endpoint));
        try {
            while (handler.runs() - runsBefore < queued || depth() > 0) {
                if (System.nanoTime() > deadline) {
                    answer(response, 504, "{\"error\":\"the queue did not drain within " + LIMIT + "\"}");
                    return;
                }
                TimeUnit.NANOSECONDS.sleep(POLL_NANOS); // polls the store: nothing to wait on, bounded by LIMIT
            }
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

    private void discard(HttpServletResponse response) throws IOException, InterruptedException {
        picks.pause();
        long runs = handler.runs();
        long settled = System.nanoTime();
        long deadline = settled + LIMIT.toNanos();
        while (System.nanoTime() - settled < SETTLE_NANOS && System.nanoTime() < deadline) {
            TimeUnit.NANOSECONDS.sleep(POLL_NANOS); // until no run has ended for a while: the dispatches are over
            if (handler.runs() != runs) {
                runs = handler.runs();
                settled = System.nanoTime();
            }
        }
        long dropped = depth();
        picks.discard();
        System.gc(); // the dropped backlog (about 10^5 payloads) is not left to the next phase's young collections
        answer(response, 200, "{\"discarded\":" + dropped + "}");
    }

    private long depth() {
        return picks.stats(endpoint).depth();
    }

    private static void answer(HttpServletResponse response, int status, String json) throws IOException {
        response.setStatus(status);
        response.setContentType("application/json");
        response.getOutputStream().write(json.getBytes(StandardCharsets.UTF_8));
    }
}
