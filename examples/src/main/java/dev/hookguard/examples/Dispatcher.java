package dev.hookguard.examples;

import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Runs the sender's requests on a fixed number of sender threads, and schedules retries and later copies
 * without holding a sender thread while they wait.
 */
final class Dispatcher implements AutoCloseable {

    private final ExecutorService senders;
    private final ScheduledExecutorService timer;

    /** A dispatcher with this many sender threads. */
    Dispatcher(int senders) {
        this.senders = Executors.newFixedThreadPool(senders, daemons("demo-sender-"));
        this.timer = Executors.newSingleThreadScheduledExecutor(daemons("demo-timer-"));
    }

    /** Sends as soon as a sender thread is free. */
    void now(Runnable request) {
        senders.execute(request);
    }

    /** Sends once the delay has passed and a sender thread is free. */
    void later(Runnable request, Duration delay) {
        timer.schedule(() -> senders.execute(request), delay.toNanos(), TimeUnit.NANOSECONDS);
    }

    @Override
    public void close() {
        timer.shutdownNow();
        senders.shutdownNow();
    }

    private static ThreadFactory daemons(String prefix) {
        AtomicInteger count = new AtomicInteger();
        return runnable -> {
            Thread thread = new Thread(runnable, prefix + count.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        };
    }
}
