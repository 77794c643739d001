package dev.hookguard.servlet;

import dev.hookguard.servlet.internal.dispatch.DispatchHeaders;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The application behind the filter in the recovery tests: counts runs per event id (GitHub's or Standard Webhooks'
 * id header) and behaves as the unsigned header {@code X-Behaviour} says, which the store keeps with the payload so
 * that redeliveries behave alike: {@code ok} (default), {@code fail-once} (500 on the first run, 200 after), {@code
 * fail-always} (500), {@code throw-always}, {@code retry-after:N} (503 with {@code Retry-After: N}), {@code gated}
 * (counts {@link #entered} down, then waits for {@link #gate}).
 */
final class RecoveryHandler extends HttpServlet {

    static final String BEHAVIOUR = "X-Behaviour";

    final Map<String, AtomicInteger> runs = new ConcurrentHashMap<>();
    final Map<String, Boolean> sawDispatch = new ConcurrentHashMap<>();
    /** Events whose {@code fail-always} now succeeds (the bug was fixed before the operator's replay). */
    final Set<String> healed = ConcurrentHashMap.newKeySet();

    volatile CountDownLatch gate = new CountDownLatch(0);
    volatile CountDownLatch entered = new CountDownLatch(0);

    int runs(String id) {
        AtomicInteger count = runs.get(id);
        return count == null ? 0 : count.get();
    }

    @Override
    protected void service(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String id = request.getHeader("X-GitHub-Delivery") != null
                ? request.getHeader("X-GitHub-Delivery")
                : String.valueOf(request.getHeader("webhook-id"));
        int run = runs.computeIfAbsent(id, k -> new AtomicInteger()).incrementAndGet();
        sawDispatch.merge(id, request.getHeader(DispatchHeaders.DISPATCH) != null, Boolean::logicalOr);
        String behaviour = request.getHeader(BEHAVIOUR) == null ? "ok" : request.getHeader(BEHAVIOUR);
        if (behaviour.equals("fail-once") && run == 1 || behaviour.equals("fail-always") && !healed.contains(id)) {
            response.setStatus(500);
            response.getWriter().write("failed run " + run);
            return;
        }
        if (behaviour.equals("throw-always")) {
            throw new IllegalStateException("handler refuses run " + run);
        }
        if (behaviour.startsWith("retry-after:")) {
            response.setStatus(503);
            response.setHeader("Retry-After", behaviour.substring("retry-after:".length()));
            return;
        }
        if (behaviour.equals("gated")) {
            entered.countDown();
            try {
                if (!gate.await(30, TimeUnit.SECONDS)) {
                    throw new IllegalStateException("the test never opened the gate");
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        response.setStatus(200);
        response.setContentType("application/json");
        response.getWriter().write("{\"id\":\"" + id + "\",\"run\":" + run + "}");
    }
}
