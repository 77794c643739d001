package dev.hookguard.servlet;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * Sends one delivery per event, as a sender that never retries does (GitHub), from a few threads at once, and keeps
 * each event's answer and how long it took.
 */
final class Deliveries {

    /** One event's answer. */
    record Answer(int status, Duration took, long answeredAtNanos, HttpResponse<String> response) {}

    final Map<String, Answer> answers = new ConcurrentHashMap<>();

    /** Sends {@code request(id)} once for each id, {@code threads} at a time; returns once all are answered. */
    static Deliveries send(Sender sender, List<String> ids, int threads, Function<String, HttpRequest.Builder> request)
            throws Exception {
        Deliveries deliveries = new Deliveries();
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Callable<Void>> tasks = new ArrayList<>();
            for (String id : ids) {
                tasks.add(() -> {
                    deliveries.sendOne(sender, id, request.apply(id));
                    return null;
                });
            }
            for (Future<Void> done : pool.invokeAll(tasks, 120, TimeUnit.SECONDS)) {
                done.get();
            }
        } finally {
            pool.shutdownNow();
        }
        return deliveries;
    }

    /** Sends one delivery and keeps its answer. */
    Answer sendOne(Sender sender, String id, HttpRequest.Builder request) {
        long start = System.nanoTime();
        HttpResponse<String> response = sender.send(request);
        long end = System.nanoTime();
        Answer answer = new Answer(response.statusCode(), Duration.ofNanos(end - start), end, response);
        answers.put(id, answer);
        return answer;
    }

    int status(String id) {
        return answers.get(id).status();
    }

    /** How long each answer took, in milliseconds, in the order of {@code ids}. */
    List<Long> millis(List<String> ids) {
        return ids.stream().map(id -> answers.get(id).took().toMillis()).toList();
    }

    /** The median answer time. */
    Duration median() {
        List<Duration> sorted =
                answers.values().stream().map(Answer::took).sorted().toList();
        return sorted.isEmpty() ? Duration.ZERO : sorted.get(sorted.size() / 2);
    }

    /** The slowest answer. */
    Duration slowest() {
        return answers.values().stream()
                .map(Answer::took)
                .max(Duration::compareTo)
                .orElse(Duration.ZERO);
    }
}
