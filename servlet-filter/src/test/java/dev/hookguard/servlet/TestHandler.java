package dev.hookguard.servlet;

import dev.hookguard.core.Fingerprint;
import jakarta.servlet.AsyncContext;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.MDC;

/**
 * The application behind the filter in the tests. It counts runs per event id, remembers the MDC it saw,
 * and behaves as the unsigned test header {@code X-Behaviour} says: {@code ok} (default), {@code
 * status:NNN}, {@code send-error:NNN}, {@code throw}, {@code flush}, {@code sized} (declares its length,
 * writes, flushes and closes, as Spring MVC's converters do), {@code redirect}, {@code form}, {@code
 * gated} (waits for {@link #gate}), {@code async} (completes on another thread once the gate opens), {@code async-status:NNN},
 * {@code async-dispatch} (answers in an {@code ASYNC} dispatch once the gate opens) and {@code async-timeout}.
 */
final class TestHandler extends HttpServlet {

    static final String BEHAVIOUR = "X-Behaviour";
    static final String SECRET_MARKER = "handler-internal-secret-detail";
    private static final String DISPATCHED = "test.dispatched";

    final Map<String, AtomicInteger> runs = new ConcurrentHashMap<>();
    final Map<String, String> mdcEndpoint = new ConcurrentHashMap<>();
    final Map<String, String> mdcEventId = new ConcurrentHashMap<>();
    final Map<String, Object> eventKeyAttribute = new ConcurrentHashMap<>();
    /** For {@code sized}: whether the response was committed when the handler returned. */
    final Map<String, Boolean> committedOnReturn = new ConcurrentHashMap<>();

    volatile CountDownLatch gate = new CountDownLatch(0);
    private final ExecutorService async = Executors.newCachedThreadPool();

    int runs(String id) {
        AtomicInteger count = runs.get(id);
        return count == null ? 0 : count.get();
    }

    int totalRuns() {
        return runs.values().stream().mapToInt(AtomicInteger::get).sum();
    }

    @Override
    protected void service(HttpServletRequest request, HttpServletResponse response) throws IOException {
        if (request.getDispatcherType() == DispatcherType.ASYNC) {
            response.setStatus(200);
            response.setContentType("text/plain");
            response.getWriter().write("dispatched " + request.getAttribute(DISPATCHED));
            return;
        }
        String id = eventId(request);
        int run = runs.computeIfAbsent(id, k -> new AtomicInteger()).incrementAndGet();
        String endpoint = MDC.get(HookguardFilter.MDC_ENDPOINT);
        String eventId = MDC.get(HookguardFilter.MDC_EVENT_ID);
        mdcEndpoint.put(id, endpoint == null ? "" : endpoint);
        mdcEventId.put(id, eventId == null ? "" : eventId);
        Object eventKey = request.getAttribute(HookguardFilter.EVENT_KEY_ATTRIBUTE);
        eventKeyAttribute.put(id, eventKey == null ? "" : eventKey);
        String behaviour = request.getHeader(BEHAVIOUR) == null ? "ok" : request.getHeader(BEHAVIOUR);
        if (behaviour.startsWith("status:")) {
            response.setStatus(Integer.parseInt(behaviour.substring(7)));
            response.setContentType("text/plain");
            response.getWriter().write("handler says " + behaviour.substring(7));
        } else if (behaviour.startsWith("send-error:")) {
            response.sendError(Integer.parseInt(behaviour.substring(11)), "handler error");
        } else if (behaviour.equals("throw")) {
            throw new IllegalStateException(SECRET_MARKER);
        } else if (behaviour.equals("flush")) {
            response.setContentType("text/plain");
            response.getOutputStream().write("first;".getBytes(StandardCharsets.UTF_8));
            response.flushBuffer();
            response.getOutputStream().write("second".getBytes(StandardCharsets.UTF_8));
        } else if (behaviour.equals("sized")) {
            byte[] body = "sized answer".getBytes(StandardCharsets.UTF_8);
            response.setContentType("text/plain");
            response.setContentLength(body.length);
            response.getOutputStream().write(body);
            response.getOutputStream().flush();
            response.flushBuffer();
            response.getOutputStream().close();
            committedOnReturn.put(id, response.isCommitted());
        } else if (behaviour.equals("redirect")) {
            response.sendRedirect("/elsewhere");
        } else if (behaviour.equals("form")) {
            response.setContentType("text/plain;charset=UTF-8");
            response.getWriter().write("name=" + request.getParameter("name") + ";query=" + request.getParameter("q"));
        } else if (behaviour.equals("gated")) {
            await();
            ok(request, response, id, run);
        } else if (behaviour.equals("async")) {
            AsyncContext context = request.startAsync();
            async.submit(() -> {
                await();
                ok((HttpServletRequest) context.getRequest(), (HttpServletResponse) context.getResponse(), id, run);
                context.complete();
                return null;
            });
        } else if (behaviour.equals("async-dispatch")) {
            AsyncContext context = request.startAsync();
            async.submit(() -> {
                await();
                context.getRequest().setAttribute(DISPATCHED, id);
                context.dispatch();
                return null;
            });
        } else if (behaviour.startsWith("async-status:")) {
            AsyncContext context = request.startAsync();
            int status = Integer.parseInt(behaviour.substring(13));
            async.submit(() -> {
                HttpServletResponse asyncResponse = (HttpServletResponse) context.getResponse();
                asyncResponse.setStatus(status);
                asyncResponse.getWriter().write("async handler says " + status);
                context.complete();
                return null;
            });
        } else if (behaviour.equals("async-timeout")) {
            AsyncContext context = request.startAsync();
            context.setTimeout(200);
        } else {
            ok(request, response, id, run);
        }
    }

    private void await() {
        try {
            if (!gate.await(30, TimeUnit.SECONDS)) {
                throw new IllegalStateException("the test never opened the gate");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** 200 JSON naming the event, the run, and the body as read twice: by stream and by reader. */
    private static void ok(HttpServletRequest request, HttpServletResponse response, String id, int run)
            throws IOException {
        byte[] body;
        try (InputStream in = request.getInputStream()) {
            body = in.readAllBytes();
        }
        StringBuilder chars = new StringBuilder();
        request.getReader().lines().forEach(chars::append);
        response.setStatus(200);
        response.setContentType("application/json");
        response.getWriter()
                .write("{\"id\":\"" + id + "\",\"run\":" + run + ",\"length\":" + body.length + ",\"sha256\":\""
                        + Fingerprint.sha256Hex(body) + "\",\"rereadable\":"
                        + (request.getInputStream().read() != -1 || body.length == 0) + ",\"bulk\":"
                        + bulkReadsAgree(request, body) + "}");
    }

    /**
     * Whether a fresh stream's bulk reads, mixed with single ones, give the body: a byte, {@code readNBytes} into an
     * array and as an array, {@code skip}, {@code available}, then {@code transferTo} of what is left, and nothing
     * after it (the filter's stream delegates them to its buffer instead of InputStream's defaults).
     */
    private static boolean bulkReadsAgree(HttpServletRequest request, byte[] body) throws IOException {
        if (body.length < 8) {
            return true;
        }
        ServletInputStream in = request.getInputStream();
        ByteArrayOutputStream seen = new ByteArrayOutputStream();
        seen.write(in.read());
        byte[] two = new byte[2];
        int read = in.readNBytes(two, 0, 2);
        seen.write(two, 0, read);
        seen.write(in.readNBytes(2));
        boolean skipped = in.skip(1) == 1;
        seen.write(body[5]); // the skipped byte
        boolean counted = in.available() == body.length - 6;
        in.transferTo(seen);
        return skipped
                && counted
                && in.readAllBytes().length == 0
                && in.isFinished()
                && Arrays.equals(seen.toByteArray(), body);
    }

    private static String eventId(HttpServletRequest request) {
        for (String header : new String[] {"webhook-id", "X-GitHub-Delivery"}) {
            if (request.getHeader(header) != null) {
                return request.getHeader(header);
            }
        }
        return "none";
    }
}
