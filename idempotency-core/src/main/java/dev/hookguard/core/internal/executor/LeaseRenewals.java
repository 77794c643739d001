package dev.hookguard.core.internal.executor;

import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

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

    private static final Logger log = LoggerFactory.getLogger(LeaseRenewals.class);

    /** Threads doing store calls for the background work. */
    static final int WORKERS = 16;
    /** Background store calls that may wait for a worker. */
    static final int QUEUE = 4096;

    /** Periods at least this long share the ticker (a lease of 600 ms or more); shorter ones keep a task each. */
    static final Duration SHARED_FROM = Duration.ofMillis(200);
    /** How often the ticker looks at the shared periodic work. */
    static final Duration TICK = Duration.ofMillis(20);

    private final ScheduledThreadPoolExecutor timer;
    private final Set<Periodic> shared = ConcurrentHashMap.newKeySet();
    private volatile @Nullable ScheduledFuture<?> ticker;
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
     *
     * <p>A period of {@link #SHARED_FROM} or more (every lease of a real endpoint: a third of it) joins the one
     * ticker, which looks every {@link #TICK} at the periodic work registered: registering and cancelling is a
     * concurrent set's add and remove, where a timer task of its own took the timer's lock twice per attempt (schedule
     * and cancel) and made every request thread queue on it. Its runs come up to one {@link #TICK} late. A shorter
     * period keeps a timer task of its own, so that a lease of a few milliseconds is still renewed in time.
     */
    public Registration every(Duration every, Runnable work) {
        Periodic periodic = new Periodic(Math.max(1, every.toMillis()), work);
        if (every.compareTo(SHARED_FROM) < 0) {
            ScheduledFuture<?> task =
                    timer.scheduleAtFixedRate(periodic::fire, periodic.millis, periodic.millis, TimeUnit.MILLISECONDS);
            return () -> task.cancel(false);
        }
        shared.add(periodic);
        if (ticker == null) {
            startTicker();
        }
        return periodic;
    }

    /** Periodic work registered with {@link #every}; cancelling it stops its ticks (a run under way finishes). */
    @FunctionalInterface
    public interface Registration {
        void cancel();
    }

    private synchronized void startTicker() {
        if (ticker == null) {
            ticker = timer.scheduleAtFixedRate(this::tick, TICK.toMillis(), TICK.toMillis(), TimeUnit.MILLISECONDS);
        }
    }

    /**
     * Fires each shared registration whose time has come; its next time is one period from now. Nothing it calls is
     * expected to throw, but an exception out of a periodic task would cancel it for good, and with it every lease's
     * renewal: one registration's failure is logged and the others go on.
     */
    private void tick() {
        long now = System.nanoTime();
        for (Periodic periodic : shared) {
            if (now - periodic.nextNanos >= 0) {
                periodic.nextNanos = now + periodic.nanos;
                try {
                    periodic.fire();
                } catch (RuntimeException e) {
                    log.error("A lease renewal could not be started; it is tried again at its next tick", e);
                }
            }
        }
    }

    /** One registration: its period, when it is next due (for the ticker), and whether a run is outstanding. */
    private final class Periodic extends AtomicBoolean implements Registration {
        private final long millis;
        private final long nanos;
        private final Runnable once;
        private volatile long nextNanos;

        Periodic(long millis, Runnable work) {
            this.millis = millis;
            this.nanos = TimeUnit.MILLISECONDS.toNanos(millis);
            this.nextNanos = System.nanoTime() + nanos;
            this.once = () -> {
                try {
                    work.run();
                } finally {
                    set(false);
                }
            };
        }

        /** Hands one run to a worker, or counts the tick skipped while the previous run is still outstanding. */
        void fire() {
            if (!compareAndSet(false, true)) {
                skippedTicks.increment();
            } else if (!submit(once)) {
                set(false);
            }
        }

        @Override
        public void cancel() {
            shared.remove(this);
        }
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

    /** Timer tasks waiting and periodic work registered, for tests and gauges; the shared ticker is not counted. */
    public int pendingTimers() {
        ScheduledFuture<?> running = ticker;
        int tasks = 0;
        for (Runnable task : timer.getQueue()) {
            if (task != running) {
                tasks++;
            }
        }
        return tasks + shared.size();
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
