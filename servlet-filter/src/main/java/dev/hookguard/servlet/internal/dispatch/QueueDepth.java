package dev.hookguard.servlet.internal.dispatch;

import dev.hookguard.core.DueQueue;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One endpoint's due-queue depth as async intake sees it: the last sample of {@link DueQueue#stats} plus the
 * records this node enqueued since. The dispatcher samples it every {@link #REFRESH}; without a running
 * dispatcher, the first request after that long samples it (one request per interval, never a queue of them).
 */
public final class QueueDepth {

    /** How old a sample may get before it is read again: 1 second. */
    static final Duration REFRESH = Duration.ofSeconds(1);

    private static final Logger log = LoggerFactory.getLogger(QueueDepth.class);

    private final String endpoint;
    private final DueQueue queue;
    private final AtomicLong since = new AtomicLong();
    private final ReentrantLock sampling = new ReentrantLock();
    private volatile long sampled;
    private volatile long sampledAtNanos = System.nanoTime() - REFRESH.toNanos() - 1;

    public QueueDepth(String endpoint, DueQueue queue) {
        this.endpoint = endpoint;
        this.queue = queue;
    }

    /** Takes a fresh depth. */
    void sample(long depth) {
        sampled = depth;
        since.set(0);
        sampledAtNanos = System.nanoTime();
    }

    /** Counts one record this node enqueued. */
    public void enqueued() {
        since.incrementAndGet();
    }

    /** The estimated depth, sampling it first when the last sample is older than {@link #REFRESH}. */
    public long estimate() {
        if (System.nanoTime() - sampledAtNanos > REFRESH.toNanos() && sampling.tryLock()) {
            try {
                sample(queue.stats(endpoint).depth());
            } catch (RuntimeException e) {
                log.debug("Could not read the due queue of '{}'; keeping the last depth: {}", endpoint, e.toString());
            } finally {
                sampling.unlock();
            }
        }
        return sampled + since.get();
    }
}
