package dev.hookguard.faults;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The repeated runs of one failover case, at the same time: each run has its own servers on their own ports, its own
 * receiver and its own events, and most of a run is spent waiting for the fault to be noticed and the failover to
 * finish, so three runs side by side take little longer than one. Every run runs to its end; the first failure is
 * thrown with the others suppressed, so the log names every run that failed.
 */
final class Repeats {

    /** How many times each failover case runs: 3, or {@code -Dfaults.repeat}. */
    static final int RUNS = Integer.getInteger("faults.repeat", 3);

    /** The longest the runs may take together. */
    private static final Duration LIMIT = Duration.ofMinutes(8);

    /** One run of a case, numbered from 1. */
    @FunctionalInterface
    interface Run {
        void run(int number) throws Exception;
    }

    private Repeats() {}

    /**
     * Runs each of these cases {@link #RUNS} times, all the runs side by side, and waits for all of them.
     *
     * @param cases the cases, each run with the numbers 1 to {@link #RUNS}
     */
    static void concurrently(Run... cases) throws Exception {
        ExecutorService runs = Executors.newFixedThreadPool(RUNS * cases.length);
        try {
            List<Future<?>> started = new ArrayList<>();
            for (Run run : cases) {
                for (int number = 1; number <= RUNS; number++) {
                    int n = number;
                    started.add(runs.submit(() -> {
                        run.run(n);
                        return null;
                    }));
                }
            }
            long deadline = System.nanoTime() + LIMIT.toNanos();
            Throwable first = null;
            for (Future<?> future : started) {
                Throwable failed = null;
                try {
                    future.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
                } catch (ExecutionException e) {
                    failed = e.getCause();
                } catch (TimeoutException e) {
                    failed = new TimeoutException("a run took longer than " + LIMIT);
                }
                if (failed != null && first == null) {
                    first = failed;
                } else if (failed != null) {
                    first.addSuppressed(failed);
                }
            }
            if (first instanceof Error error) {
                throw error;
            }
            if (first != null) {
                throw (Exception) first;
            }
        } finally {
            runs.shutdownNow();
            runs.awaitTermination(1, TimeUnit.MINUTES);
        }
    }
}
