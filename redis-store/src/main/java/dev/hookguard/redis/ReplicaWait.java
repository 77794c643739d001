package dev.hookguard.redis;

import dev.hookguard.core.StoreUnavailableException;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The store's durability setting at work: how many replicas must acknowledge a write ({@code WAIT}), the store's or
 * the written endpoint's own, for how long the store waits, whether the append-only files must hold it too ({@code WAITAOF}), and the count of writes that
 * fell short. A shortfall is an unrecorded write: the caller gets {@link StoreUnavailableException}, and the log
 * says so at most once per {@link #LOG_INTERVAL}.
 */
final class ReplicaWait {

    /** The longest the log stays silent about shortfalls while they go on. */
    static final Duration LOG_INTERVAL = Duration.ofSeconds(10);

    private static final Logger log = LoggerFactory.getLogger(ReplicaWait.class);

    private final RedisStoreConfig config;
    private final RedisKeys keys;
    private final boolean on;
    private final long timeoutMillis;
    private final boolean aofFsync;
    private final LongAdder shortfalls = new LongAdder();
    private final AtomicLong nextLogNanos = new AtomicLong(System.nanoTime());
    private final AtomicLong unlogged = new AtomicLong();

    ReplicaWait(RedisStoreConfig config) {
        this.config = config;
        this.keys = new RedisKeys(config);
        this.on = config.durabilityReplicas() > 0
                || config.durabilityReplicasByEndpoint().values().stream().anyMatch(r -> r > 0);
        this.timeoutMillis = config.durabilityTimeout().toMillis();
        this.aofFsync = config.durabilityAofFsync();
    }

    /** True when some writes are waited for ({@code replicas(n, …)}, for the store or an endpoint). */
    boolean on() {
        return on;
    }

    /** The replicas to wait for after a write of {@code key}: those of its endpoint. */
    int replicas(String key) {
        return config.durabilityReplicas(keys.endpointOf(key));
    }

    long timeoutMillis() {
        return timeoutMillis;
    }

    boolean aofFsync() {
        return aofFsync;
    }

    /** How many writes fell short of the acknowledgements asked for, since the store started. */
    long shortfalls() {
        return shortfalls.sum();
    }

    /**
     * Counts a write of {@code key} that only {@code acked} replicas (or, for {@code WAITAOF}, append-only files)
     * acknowledged in time, logs it unless a shortfall was logged within {@link #LOG_INTERVAL}, and returns the
     * exception that makes it an unrecorded write.
     */
    StoreUnavailableException shortfall(String key, String command, long acked) {
        shortfalls.increment();
        String message = command + " after a write of " + key + ": " + acked + " of " + replicas(key)
                + " replicas acknowledged it within " + timeoutMillis + " ms; the write is not reported as recorded";
        long now = System.nanoTime();
        long next = nextLogNanos.get();
        if (now - next >= 0 && nextLogNanos.compareAndSet(next, now + LOG_INTERVAL.toNanos())) {
            log.warn("Redis durability shortfall ({} more since the last report): {}", unlogged.getAndSet(0), message);
        } else {
            unlogged.incrementAndGet();
        }
        return new StoreUnavailableException(message, null);
    }
}
