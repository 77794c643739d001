package dev.hookguard.servlet;

import dev.hookguard.core.EventKey;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The application behind the filter in the recovery tests. It counts runs (and successful runs) per event id and
 * behaves as the event id's prefix says, so that a redelivery from the stored payload behaves as the first delivery
 * did: {@code ok-} answers 200; {@code once-} throws on its first run and answers 200 after; {@code always-} throws
 * on every run; {@code slow-} works for {@link #slowFor} and answers 200; {@code gated-} waits for {@link #gate}
 * (at most 60 s) and answers 200; {@code flaky-} throws while {@link #failing} is set and answers 200 once it is
 * cleared.
 */
final class ScriptedHandler extends HttpServlet {

    static final String FAILURE = "recovery-test-failure";

    final Map<String, AtomicInteger> runs = new ConcurrentHashMap<>();
    final Map<String, AtomicInteger> successes = new ConcurrentHashMap<>();
    /** When each event's successful run ended ({@link System#nanoTime()}). */
    final Map<String, Long> finishedAtNanos = new ConcurrentHashMap<>();

    final AtomicInteger running = new AtomicInteger();
    final AtomicInteger maxRunning = new AtomicInteger();

    volatile Duration slowFor = Duration.ofSeconds(2);
    volatile CountDownLatch gate = new CountDownLatch(0);
    volatile boolean failing = true;

    int runs(String id) {
        AtomicInteger count = runs.get(id);
        return count == null ? 0 : count.get();
    }

    int successes(String id) {
        AtomicInteger count = successes.get(id);
        return count == null ? 0 : count.get();
    }

    int totalRuns() {
        return runs.values().stream().mapToInt(AtomicInteger::get).sum();
    }

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
        EventKey key = (EventKey) request.getAttribute(HookguardFilter.EVENT_KEY_ATTRIBUTE);
        String id = key == null ? "unguarded" : key.eventId();
        int run = runs.computeIfAbsent(id, k -> new AtomicInteger()).incrementAndGet();
        maxRunning.accumulateAndGet(running.incrementAndGet(), Math::max);
        try {
            work(id, run);
        } finally {
            running.decrementAndGet();
        }
        successes.computeIfAbsent(id, k -> new AtomicInteger()).incrementAndGet();
        finishedAtNanos.put(id, System.nanoTime());
        response.setStatus(200);
        response.setContentType("text/plain");
        response.getOutputStream().write(("done " + id + " run " + run).getBytes(StandardCharsets.UTF_8));
    }

    private void work(String id, int run) {
        if (id.startsWith("once-") && run == 1 || id.startsWith("always-") || id.startsWith("flaky-") && failing) {
            throw new IllegalStateException(FAILURE);
        }
        if (id.startsWith("slow-")) {
            pause(new CountDownLatch(1), slowFor); // the handler's business work
        } else if (id.startsWith("gated-") && !pause(gate, Duration.ofSeconds(60))) {
            throw new IllegalStateException("the test never opened the gate");
        }
    }

    private static boolean pause(CountDownLatch latch, Duration atMost) {
        try {
            return latch.await(atMost.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
