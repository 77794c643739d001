package dev.hookguard.core.internal.executor;

import java.time.Duration;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;

/**
 * The background work of an executor: one timer thread that only triggers, and a bounded pool that does the store
 * calls (lease renewals, and verdict writes retried after an outage). A slow store therefore delays at most the
 * pool's threads, never the timer; a cancelled timer task leaves the timer's queue at once ({@code
 * removeOnCancelPolicy}); a periodic task has at most one run waiting or running, so a store slower than the period
 * never builds a backlog that makes every lease's renewal late; and work that finds the pool and its queue full is
 * skipped rather than queued without bound: a renewal skipped now is tried again at its next tick.
 *
 * <p>The calls block on the store, so the pool is sized for waiting, not for the CPU: with {@value #WORKERS} threads
 * and a store that answers in 250 ms, 64 renewals a second go out, one per second for each of 64 handlers running
 * at once on a three-second lease.
 */
public final class LeaseRenewals implements AutoCloseable {

    /** Threads doing store calls for the background work. */
    static final int WORKERS = 16;
    /** Background store calls that may wait for a worker. */
    static final int QUEUE = 4096;

    private final ScheduledThreadPoolExecutor timer;
    private final ThreadPoolExecutor workers;
    private final LongAdder skippedTicks = new LongAdder();

    public LeaseRenewals() {
        this.timer = new ScheduledThreadPoolExecutor(1, task -> daemon(task, "hookguard-lease-timer"));
        this.timer.setRemoveOnCancelPolicy(true);
        this.workers = new ThreadPoolExecutor(
                WORKERS,
                WORKERS,
                30,
                TimeUnit.SECONDS,
                new ArrayBlockingQueue<>(QUEUE),
                task -> daemon(task, "hookguard-lease-renewal"),
                new ThreadPoolExecutor.AbortPolicy());
        this.workers.allowCoreThreadTimeOut(true);
    }

    /**
     * Runs {@code work} on a worker every {@code every}, from {@code every} on, until the result is cancelled; a tick
     * that finds the previous run still waiting or running is skipped.
     */
    public ScheduledFuture<?> every(Duration every, Runnable work) {
        long millis = Math.max(1, every.toMillis());
        AtomicBoolean outstanding = new AtomicBoolean();
        Runnable once = () -> {
            try {
                work.run();
            } finally {
                outstanding.set(false);
            }
        };
        return timer.scheduleAtFixedRate(
                () -> {
                    if (!outstanding.compareAndSet(false, true)) {
                        skippedTicks.increment();
                    } else if (!submit(once)) {
                        outstanding.set(false);
                    }
                },
                millis,
                millis,
                TimeUnit.MILLISECONDS);
    }

    /** Runs {@code work} once on a worker after {@code delay}. */
    void after(Duration delay, Runnable work) {
        timer.schedule(() -> submit(work), Math.max(0, delay.toMillis()), TimeUnit.MILLISECONDS);
    }

    /** Hands {@code work} to a worker; false when the pool and its queue are full, so it did not run. */
    boolean submit(Runnable work) {
        try {
            workers.execute(work);
            return true;
        } catch (RejectedExecutionException e) {
            return false;
        }
    }

    /** Ticks of periodic work skipped because its previous run was still waiting or running, for tests. */
    long skippedTicks() {
        return skippedTicks.sum();
    }

    /** Timer tasks waiting, for tests and gauges. */
    public int pendingTimers() {
        return timer.getQueue().size();
    }

    @Override
    public void close() {
        timer.shutdownNow();
        workers.shutdownNow();
    }

    private static Thread daemon(Runnable task, String name) {
        Thread thread = new Thread(task, name);
        thread.setDaemon(true);
        return thread;
    }
}
