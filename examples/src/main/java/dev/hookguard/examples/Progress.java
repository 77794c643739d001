package dev.hookguard.examples;

import dev.hookguard.examples.sender.StormStats;
import dev.hookguard.examples.sender.Tally;
import java.io.PrintStream;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;

/**
 * Shows how far a storm has got: on a terminal, a bar redrawn in place five times a second; otherwise (a pipe,
 * a CI log) one line every two seconds.
 */
public final class Progress {

    private static final int BAR_WIDTH = 30;

    private final @Nullable PrintStream out;
    private final boolean interactive;
    private @Nullable ScheduledExecutorService ticker;
    private @Nullable StormStats stats;
    private int events;
    private long startNanos;
    private long lastSettlingNanos;

    private Progress(@Nullable PrintStream out, boolean interactive) {
        this.out = out;
        this.interactive = interactive;
    }

    /** Progress on this stream; a bar redrawn in place when {@code interactive}. */
    static Progress to(PrintStream out, boolean interactive) {
        return new Progress(out, interactive);
    }

    /** No progress shown (tests). */
    public static Progress none() {
        return new Progress(null, false);
    }

    /** Starts showing the progress of a storm of this many events. */
    public synchronized void start(StormStats stats, int events) {
        if (out == null) {
            return;
        }
        this.stats = stats;
        this.events = events;
        this.startNanos = System.nanoTime();
        ticker = Executors.newSingleThreadScheduledExecutor(runnable -> {
            Thread thread = new Thread(runnable, "demo-progress");
            thread.setDaemon(true);
            return thread;
        });
        long every = interactive ? 200 : 2000;
        ticker.scheduleAtFixedRate(this::show, every, every, TimeUnit.MILLISECONDS);
    }

    /** Stops, leaving the final state on screen. */
    public synchronized void stop() {
        if (ticker == null || out == null) {
            return;
        }
        ticker.shutdownNow();
        show();
        if (interactive) {
            out.println();
        }
    }

    /**
     * Shows how many of the storm's events the receiver has finished after the storm (a line every two seconds, or
     * redrawn in place); {@code done == total} ends the line.
     */
    synchronized void settling(int done, int total) {
        if (out == null) {
            return;
        }
        long now = System.nanoTime();
        boolean last = done == total;
        if (!last && !interactive && now - lastSettlingNanos < TimeUnit.SECONDS.toNanos(2)) {
            return;
        }
        lastSettlingNanos = now;
        String line =
                String.format(Locale.ROOT, "receiver finishing the events: %,d/%,d final in the store", done, total);
        out.print((interactive ? "\r" : "") + line + (interactive && !last ? "" : System.lineSeparator()));
        out.flush();
    }

    private synchronized void show() {
        if (out == null || stats == null) {
            return;
        }
        out.print((interactive ? "\r" : "") + line(stats) + (interactive ? "" : System.lineSeparator()));
        out.flush();
    }

    private String line(StormStats stats) {
        long settled = stats.get(Tally.EVENTS_SETTLED);
        long deliveries = stats.get(Tally.DELIVERIES);
        double share = events == 0 ? 1 : (double) settled / events;
        int filled = (int) Math.floor(share * BAR_WIDTH);
        double seconds = Math.max(1e-9, (System.nanoTime() - startNanos) / 1e9);
        return String.format(
                Locale.ROOT,
                "[%s%s] %3.0f%%  %,d/%,d events settled  %,d deliveries  %,.0f/s",
                "#".repeat(filled),
                "-".repeat(BAR_WIDTH - filled),
                Math.floor(share * 100),
                settled,
                events,
                deliveries,
                deliveries / seconds);
    }
}
