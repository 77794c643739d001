package dev.hookguard.jdbc;

import dev.hookguard.core.EventKey;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.IdempotencyStore;
import dev.hookguard.core.WriteOutcome;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Renews a claim's lease every third of its length until {@link #stop()}. Once {@code stop} returns no renewal is
 * running or will start, so the verdict written next cannot race a renewal on the same row.
 */
final class LeaseRenewal {

    private static final Logger log = LoggerFactory.getLogger(LeaseRenewal.class);

    private final ReentrantLock lock = new ReentrantLock();
    private final IdempotencyStore store;
    private final EventKey key;
    private final long token;
    private final IdempotencyPolicy policy;
    private final ScheduledFuture<?> schedule;
    private boolean stopped;

    private LeaseRenewal(
            IdempotencyStore store,
            EventKey key,
            long token,
            IdempotencyPolicy policy,
            ScheduledExecutorService renewals) {
        this.store = store;
        this.key = key;
        this.token = token;
        this.policy = policy;
        long every = Math.max(1, policy.lease().toMillis() / 3);
        lock.lock();
        try {
            this.schedule = renewals.scheduleAtFixedRate(this::renew, every, every, TimeUnit.MILLISECONDS);
        } finally {
            lock.unlock();
        }
    }

    static LeaseRenewal start(
            IdempotencyStore store,
            EventKey key,
            long token,
            IdempotencyPolicy policy,
            ScheduledExecutorService renewals) {
        return new LeaseRenewal(store, key, token, policy, renewals);
    }

    /** Stops renewing; waits for a renewal in progress. Idempotent. */
    void stop() {
        lock.lock();
        try {
            stopped = true;
            schedule.cancel(false);
        } finally {
            lock.unlock();
        }
    }

    private void renew() {
        lock.lock();
        try {
            if (stopped) {
                return;
            }
            if (store.renew(key, token, policy) instanceof WriteOutcome.Stale) {
                log.warn("Lease on {} (token {}) was taken over while its handler ran", key, token);
                stopped = true;
                schedule.cancel(false);
            }
        } catch (RuntimeException e) {
            log.warn("Could not renew the lease on {}; will try again", key, e);
        } finally {
            lock.unlock();
        }
    }
}
