package dev.hookguard.examples.receiver;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingDeque;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingDeque;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Runs the sender's requests on a fixed number of sender threads, and schedules retries and later copies
 * without holding a sender thread while they wait. A request whose delay has passed goes to the front of the
 * queue, ahead of fresh copies, as a provider's retry queue would: so events settle in the order they began.
 */
public final class Dispatcher implements AutoCloseable {

    private final BlockingDeque<Runnable> queue = new LinkedBlockingDeque<>();
    private final List<Thread> senders = new ArrayList<>();
    private final ScheduledExecutorService timer;

    /** A dispatcher with this many sender threads. */
    public Dispatcher(int senders) {
        for (int i = 1; i <= senders; i++) {
            Thread sender = new Thread(this::work, "demo-sender-" + i);
            sender.setDaemon(true);
            sender.start();
            this.senders.add(sender);
        }
        this.timer = Executors.newSingleThreadScheduledExecutor(runnable -> {
            Thread thread = new Thread(runnable, "demo-timer");
            thread.setDaemon(true);
            return thread;
        });
    }

    /** Sends when a sender thread is free, after the requests already waiting. */
    public void now(Runnable request) {
        queue.addLast(request);
    }

    /** Sends once the delay has passed, ahead of the requests waiting then. */
    public void later(Runnable request, Duration delay) {
        timer.schedule(() -> queue.addFirst(request), delay.toNanos(), TimeUnit.NANOSECONDS);
    }

    private void work() {
        try {
            while (!Thread.currentThread().isInterrupted()) {
                queue.takeFirst().run();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Stops the timer and the sender threads; requests still waiting are dropped. */
    @Override
    public void close() {
        timer.shutdownNow();
        senders.forEach(Thread::interrupt);
    }
}
