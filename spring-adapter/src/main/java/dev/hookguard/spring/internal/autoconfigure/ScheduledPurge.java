package dev.hookguard.spring.internal.autoconfigure;

import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.InitializingBean;

/**
 * Deletes a store's records past their retention on a schedule, on one daemon thread of its own, from start-up to
 * shutdown; a zero interval turns it off. A failed run is logged and the schedule goes on.
 */
public final class ScheduledPurge implements InitializingBean, DisposableBean {

    /** Default interval of the stores' purge ({@code hookguard.store.*.purge-interval}): 10 minutes. */
    public static final Duration DEFAULT_INTERVAL = Duration.ofMinutes(10);

    private static final Logger log = LoggerFactory.getLogger(ScheduledPurge.class);

    private final String name;
    private final Runnable purge;
    private final Duration interval;
    private final @Nullable ScheduledExecutorService scheduler;

    /**
     * A purge, not yet started.
     *
     * @param name names the thread, such as {@code hookguard-jdbc-purge}
     * @param purge one run of the purge
     * @param interval the pause between the end of a run and the start of the next; zero (or less than a
     *     millisecond) turns the purge off
     */
    public ScheduledPurge(String name, Runnable purge, Duration interval) {
        this.name = name;
        this.purge = purge;
        this.interval = interval;
        this.scheduler = interval.toMillis() < 1
                ? null
                : Executors.newSingleThreadScheduledExecutor(task -> {
                    Thread thread = new Thread(task, name);
                    thread.setDaemon(true);
                    return thread;
                });
    }

    /** Whether the purge runs at all. */
    public boolean isScheduled() {
        return scheduler != null;
    }

    @Override
    public void afterPropertiesSet() {
        if (scheduler != null) {
            long millis = interval.toMillis();
            scheduler.scheduleWithFixedDelay(this::runOnce, millis, millis, TimeUnit.MILLISECONDS);
        }
    }

    private void runOnce() {
        try {
            purge.run();
        } catch (RuntimeException e) {
            log.warn("{} failed; it runs again in {}", name, interval, e);
        }
    }

    @Override
    public void destroy() {
        if (scheduler != null) {
            scheduler.shutdownNow();
        }
    }
}
