package dev.hookguard.servlet.internal.metrics;

import java.time.Duration;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A count read from the store at most once per refresh interval, for a gauge: a scrape never waits on the
 * store more often than that, and a store that cannot be reached leaves the last known value (NaN before the
 * first successful read).
 */
public final class CachedCount {

    private static final Logger log = LoggerFactory.getLogger(CachedCount.class);

    private final LongSupplier source;
    private final long refreshNanos;
    private double value = Double.NaN;
    private long readAt;
    private boolean read;

    public CachedCount(LongSupplier source, Duration refresh) {
        this.source = source;
        this.refreshNanos = refresh.toNanos();
    }

    public synchronized double value() {
        long now = System.nanoTime();
        if (!read || now - readAt >= refreshNanos) {
            readAt = now;
            read = true;
            try {
                value = source.getAsLong();
            } catch (RuntimeException e) {
                log.warn("Could not count dead letters; the gauge keeps its last value: {}", e.toString());
            }
        }
        return value;
    }
}
