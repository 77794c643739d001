package dev.hookguard.jdbc;

import java.time.Duration;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs {@link JdbcIdempotencyStore#purgeExpired()} (expired records, then expired audit lines) on a schedule, and logs
 * at INFO how many of each a run deleted when it deleted any. A failed run is logged and the schedule goes on (a
 * task that throws would silently stop a {@link ScheduledExecutorService}). Several instances may purge the same
 * table at once: each batch deletes only rows still expired, and on PostgreSQL skips rows another session holds.
 */
public final class JdbcPurger implements Runnable {

    private static final Logger log = LoggerFactory.getLogger(JdbcPurger.class);

    private final JdbcIdempotencyStore store;

    /** A purger of this store's table. */
    public JdbcPurger(JdbcIdempotencyStore store) {
        this.store = store;
    }

    /**
     * Runs every {@code interval}, after a first delay of one interval, on {@code scheduler}; cancel the returned
     * future to stop.
     */
    public ScheduledFuture<?> schedule(ScheduledExecutorService scheduler, Duration interval) {
        if (interval.isNegative() || interval.isZero()) {
            throw new IllegalArgumentException("interval must be positive but was " + interval);
        }
        long millis = interval.toMillis();
        return scheduler.scheduleWithFixedDelay(this, millis, millis, TimeUnit.MILLISECONDS);
    }

    /** One purge of every expired record and audit line; never throws. */
    @Override
    public void run() {
        try {
            JdbcIdempotencyStore.Purged purged = store.purge();
            if (purged.rows() > 0) {
                log.info(
                        "Purged {} expired records from {} and {} expired audit lines from {}{}",
                        purged.records(),
                        store.config().tableName(),
                        purged.auditLines(),
                        store.config().tableName(),
                        JdbcStoreConfig.AUDIT_SUFFIX);
            }
        } catch (RuntimeException e) {
            log.warn(
                    "Purge of {} failed; the next run tries again",
                    store.config().tableName(),
                    e);
        }
    }
}
