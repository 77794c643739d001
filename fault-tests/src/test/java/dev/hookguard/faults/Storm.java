package dev.hookguard.faults;

import dev.hookguard.core.signature.Headers;
import dev.hookguard.core.signature.Scheme;
import dev.hookguard.core.signature.WebhookSigner;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;

/**
 * A paced storm of signed deliveries, sent as a webhook sender would: each event is delivered until it gets a 2xx
 * (at most {@code maxTries} times, a pause apart), and after each 2xx the test checks that the store holds the
 * event's verdict. Nothing blocks a test thread: pacing and pauses are scheduled.
 */
final class Storm implements AutoCloseable {

    static final String SECRET = "whsec_"
            + java.util.Base64.getEncoder()
                    .encodeToString("fault-suite-secret-0123456789abc".getBytes(StandardCharsets.US_ASCII));

    private final Figures figures;
    private final Predicate<String> recorded;
    private final ExecutorService io = Executors.newCachedThreadPool(Storm::daemon);
    private final HttpClient http;
    private final WebhookSigner signer = WebhookSigner.of(Scheme.STANDARD_WEBHOOKS, SECRET);
    private final AtomicInteger started = new AtomicInteger();
    private final Set<String> gaveUp = ConcurrentHashMap.newKeySet();
    private volatile URI base;
    private Duration pause = Duration.ofMillis(200);
    private int maxTries = 300;

    /**
     * @param base the receiver
     * @param figures where answers are counted
     * @param recorded whether the store holds a terminal record for an event id, asked after each 2xx
     */
    Storm(URI base, Figures figures, Predicate<String> recorded) {
        this.base = base;
        this.figures = figures;
        this.recorded = recorded;
        this.http = HttpClient.newBuilder()
                .executor(io)
                .connectTimeout(Duration.ofSeconds(2))
                .build();
    }

    /** Sends the next tries to another receiver (a restarted one). */
    void retarget(URI base) {
        this.base = base;
    }

    Storm pause(Duration pause) {
        this.pause = pause;
        return this;
    }

    /** Delivers each event at most {@code maxTries} times: 1 for a sender that never redelivers (GitHub). */
    Storm maxTries(int maxTries) {
        this.maxTries = maxTries;
        return this;
    }

    static List<String> ids(String prefix, int count) {
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            ids.add(prefix + "-" + i);
        }
        return ids;
    }

    /** Starts delivering every event, one more every {@code pace}; the result completes when all are settled. */
    CompletableFuture<Void> start(List<String> ids, Duration pace) {
        List<CompletableFuture<Void>> all = new ArrayList<>();
        for (int i = 0; i < ids.size(); i++) {
            String id = ids.get(i);
            all.add(CompletableFuture.runAsync(
                            started::incrementAndGet,
                            CompletableFuture.delayedExecutor(pace.toMillis() * i, TimeUnit.MILLISECONDS, io))
                    .thenCompose(v -> deliver(id, 1)));
        }
        return CompletableFuture.allOf(all.toArray(CompletableFuture[]::new));
    }

    /** Events whose first delivery has been sent. */
    int started() {
        return started.get();
    }

    /** Events that never got a 2xx within {@code maxTries}. */
    Set<String> gaveUp() {
        return gaveUp;
    }

    private CompletableFuture<Void> deliver(String id, int tryNo) {
        long sent = System.nanoTime();
        return http.sendAsync(signed(id), HttpResponse.BodyHandlers.ofString())
                .handle((response, error) -> {
                    if (response == null) {
                        figures.connectionError();
                    } else {
                        figures.answered(response.statusCode(), Duration.ofNanos(System.nanoTime() - sent));
                        if (response.statusCode() / 100 == 2) {
                            if (!recorded.test(id)) {
                                figures.acknowledgedUnrecorded.incrementAndGet();
                            }
                            return CompletableFuture.<Void>completedFuture(null);
                        }
                    }
                    if (tryNo >= maxTries) {
                        gaveUp.add(id);
                        return CompletableFuture.<Void>completedFuture(null);
                    }
                    return CompletableFuture.runAsync(
                                    () -> {},
                                    CompletableFuture.delayedExecutor(pause.toMillis(), TimeUnit.MILLISECONDS))
                            .thenCompose(v -> deliver(id, tryNo + 1));
                })
                .thenCompose(next -> next);
    }

    private HttpRequest signed(String id) {
        byte[] body = ("{\"id\":\"" + id + "\",\"type\":\"fault.test\"}").getBytes(StandardCharsets.UTF_8);
        Headers headers = signer.sign(id, Instant.now(), body);
        HttpRequest.Builder request = HttpRequest.newBuilder(base.resolve("/hooks/events"))
                .timeout(Duration.ofSeconds(30))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofByteArray(body));
        headers.values().forEach((name, values) -> values.forEach(value -> request.header(name, value)));
        return request.build();
    }

    @Override
    public void close() {
        io.shutdownNow();
    }

    private static Thread daemon(Runnable task) {
        Thread thread = new Thread(task, "storm");
        thread.setDaemon(true);
        return thread;
    }
}
