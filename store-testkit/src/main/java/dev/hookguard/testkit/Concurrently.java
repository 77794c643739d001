package dev.hookguard.testkit;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.IntFunction;

/** Runs many calls on a fixed number of threads, all released at once by a latch. */
public final class Concurrently {

    private Concurrently() {}

    /**
     * Runs {@code call} for every index below {@code calls} on {@code threads} threads that start together,
     * and returns the results in index order. A call that throws fails the whole run with its exception.
     */
    public static <T> List<T> run(int threads, int calls, IntFunction<T> call) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<T>> futures = new ArrayList<>(calls);
            for (int i = 0; i < calls; i++) {
                int index = i;
                futures.add(pool.submit(() -> {
                    start.await();
                    return call.apply(index);
                }));
            }
            start.countDown();
            List<T> results = new ArrayList<>(calls);
            for (Future<T> future : futures) {
                results.add(future.get());
            }
            return results;
        } finally {
            pool.shutdownNow();
        }
    }
}
