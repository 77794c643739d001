package dev.hookguard.examples.receiver;

import static java.nio.charset.StandardCharsets.UTF_8;

import dev.hookguard.examples.sender.DemoEvent;
import dev.hookguard.examples.sender.FailureMode;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * The business handler behind the filter: it "processes" an event by recording it in the {@link
 * HandlerLedger} after spending some time on it (as a handler that calls a payment API would), and fails on
 * purpose when the body says so — {@code once}: 503 with {@code Retry-After: 1} on
 * the first attempt, {@code always}: 500 on every attempt. It knows nothing of signatures or duplicates; that is
 * the filter's job.
 */
final class EventHandlerServlet extends HttpServlet {

    private static final long serialVersionUID = 1L;

    private final transient HandlerLedger ledger;
    private final long workNanos;

    /** A handler that keeps its books in this ledger and spends this long on each event's work. */
    EventHandlerServlet(HandlerLedger ledger, Duration work) {
        this.ledger = ledger;
        this.workNanos = work.toNanos();
    }

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
        DemoEvent event;
        try {
            event = DemoEvent.parse(request.getInputStream().readAllBytes());
        } catch (IllegalArgumentException e) {
            answer(response, 400, "{\"error\":\"unreadable event\"}");
            return;
        }
        if (event.chaos() != null) {
            ledger.attackRan();
        }
        int attempt = ledger.entered(event.id());
        if (event.failure() == FailureMode.ALWAYS || (event.failure() == FailureMode.ONCE && attempt == 1)) {
            fail(response, event.failure());
            return;
        }
        work();
        ledger.executed(event.id());
        answer(response, 200, "{\"received\":\"" + event.id() + "\"}");
    }

    private void work() throws InterruptedIOException {
        if (workNanos == 0) {
            return;
        }
        try {
            TimeUnit.NANOSECONDS.sleep(workNanos);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while working on the event");
        }
    }

    private void fail(HttpServletResponse response, FailureMode failure) throws IOException {
        ledger.failed();
        if (failure == FailureMode.ONCE) {
            response.setHeader("Retry-After", "1");
            answer(response, 503, "{\"error\":\"temporarily unavailable, on purpose\"}");
        } else {
            answer(response, 500, "{\"error\":\"failing on purpose\"}");
        }
    }

    private static void answer(HttpServletResponse response, int status, String json) throws IOException {
        response.setStatus(status);
        response.setContentType("application/json");
        response.getOutputStream().write(json.getBytes(UTF_8));
    }
}
