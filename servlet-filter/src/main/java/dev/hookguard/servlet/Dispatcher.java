package dev.hookguard.servlet;

import dev.hookguard.core.EventRecord;
import dev.hookguard.core.QueueStats;
import dev.hookguard.core.RecoveryStore;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.random.RandomGenerator;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The receiver side of recovery (DESIGN.md §8), one per {@link HookguardFilter}: picks due records from the store's
 * due queue (QUEUED by async intake or an operator's replay, FAILED awaiting a receiver retry) and redelivers each
 * over HTTP to the endpoint's own URI on this node, where the filter verifies, claims and hands it to the handler
 * like any delivery, inline. Its loop runs on one daemon thread ({@code hookguard-dispatch-poller}); a bounded pool
 * ({@code hookguard-dispatch-<n>}, {@link DispatcherConfig#workers()}) prepares and signs each dispatch and sends it
 * asynchronously, so the exchanges (which last as long as the handler) hold no thread of the pool; at most {@link
 * DispatcherConfig#maxInFlight()} are in flight, and a slot that frees wakes the loop to pick again. Polling backs off to {@link DispatcherConfig#maxPollInterval()} while
 * the queues are empty and returns to {@link DispatcherConfig#minPollInterval()} on work or {@link #wake}. The same
 * loop samples the queues every second and sweeps for stalled records every {@link
 * DispatcherConfig#sweepInterval()}.
 *
 * <p>Nothing is picked until the base URL is known: {@link DispatcherConfig#baseUrl()}, else {@link #baseUrl(URI)},
 * else the local address of the first request the filter sees. Thread-safe.
 */
public final class Dispatcher implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(Dispatcher.class);
    private static final Duration STATS_INTERVAL = QueueDepth.REFRESH;

    private final HookguardFilterConfig config;
    private final DispatcherConfig settings;
    private final RecoveryStore store;
    private final Redelivery redelivery;
    private final Sweeper sweeper;
    private final Map<String, EndpointConfig> endpoints = new LinkedHashMap<>();
    private final Map<String, QueueDepth> depths;
    private final Map<String, QueueSample> samples = new LinkedHashMap<>();
    private final Semaphore slots;
    private final Semaphore wakeSignal = new Semaphore(0);
    private final ThreadPoolExecutor workers;
    private final AtomicInteger inFlight = new AtomicInteger();
    private final Object idle = new Object();
    private volatile @Nullable URI baseUrl;
    private volatile boolean running;
    private volatile boolean closed;
    private @Nullable Thread poller;

    Dispatcher(HookguardFilterConfig config, RecoveryStore store, DispatchKeys keys, Map<String, QueueDepth> depths) {
        this.config = config;
        this.settings = config.dispatcher();
        this.store = store;
        this.redelivery = new Redelivery(config, keys, Clock.systemUTC());
        this.sweeper = new Sweeper(store, RandomGenerator.getDefault());
        this.depths = depths;
        this.baseUrl = settings.baseUrl();
        this.slots = new Semaphore(settings.maxInFlight());
        for (EndpointConfig endpoint : config.endpoints()) {
            endpoints.put(endpoint.name(), endpoint);
            samples.put(endpoint.name(), new QueueSample(endpoint.name()));
        }
        AtomicInteger threads = new AtomicInteger();
        this.workers = new ThreadPoolExecutor(
                settings.workers(), settings.workers(), 0, TimeUnit.MILLISECONDS, new LinkedBlockingQueue<>(), task -> {
                    Thread thread = new Thread(task, "hookguard-dispatch-" + threads.incrementAndGet());
                    thread.setDaemon(true);
                    return thread;
                });
    }

    /** Starts the loop and publishes the queue gauges; once only, and never after {@link #close()}. */
    public synchronized void start() {
        if (running || closed) {
            return;
        }
        running = true;
        samples.forEach((name, sample) -> config.metrics().queue(name, sample::snapshot));
        Thread thread = new Thread(this::loop, "hookguard-dispatch-poller");
        thread.setDaemon(true);
        poller = thread;
        thread.start();
        log.info(
                "Hookguard dispatcher started: {} workers, {} in flight, base URL {}",
                settings.workers(),
                settings.maxInFlight(),
                baseUrl == null ? "from the first request" : baseUrl);
    }

    /**
     * Picks at once instead of waiting out the poll interval: for events just queued or replayed on this node.
     *
     * @throws IllegalArgumentException for an endpoint this filter does not guard
     */
    public void wake(String endpoint) {
        if (!endpoints.containsKey(endpoint)) {
            throw new IllegalArgumentException("endpoint '" + endpoint + "' is not guarded by this filter");
        }
        signal();
    }

    /**
     * Stops picking and waits up to {@link DispatcherConfig#shutdownGrace()} for the dispatches in flight; those
     * still running are interrupted, and their records come due again when their window ends. Idempotent.
     */
    @Override
    public void close() {
        Thread thread;
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
            running = false;
            thread = poller;
        }
        signal();
        try {
            if (thread != null) {
                thread.join(settings.maxPollInterval().toMillis() + 1000);
            }
            workers.shutdown();
            long deadline = System.nanoTime() + settings.shutdownGrace().toNanos();
            workers.awaitTermination(settings.shutdownGrace().toNanos(), TimeUnit.NANOSECONDS);
            if (!awaitIdle(deadline)) {
                log.warn(
                        "{} dispatches were still in flight after the shutdown grace; they come due again",
                        inFlight.get());
                workers.shutdownNow();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            workers.shutdownNow();
        }
    }

    /** Waits until no dispatch is in flight or the deadline passes; true when none is. */
    private boolean awaitIdle(long deadline) throws InterruptedException {
        synchronized (idle) {
            while (inFlight.get() > 0) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return false;
                }
                TimeUnit.NANOSECONDS.timedWait(idle, left);
            }
            return true;
        }
    }

    /** The base URL dispatches go to, once known. */
    public Optional<URI> baseUrl() {
        return Optional.ofNullable(baseUrl);
    }

    /**
     * Sets the base URL dispatches go to (a framework adapter that knows the server's port); its path is ignored.
     *
     * @throws IllegalArgumentException for anything but an absolute http(s) URL
     */
    public void baseUrl(URI baseUrl) {
        DispatcherConfig.from(settings).baseUrl(baseUrl).build(); // validates
        this.baseUrl = baseUrl;
        signal();
    }

    /** Sets the base URL from the first request, unless one is known. */
    void discovered(URI url) {
        if (baseUrl == null) {
            baseUrl = url;
            log.info("Hookguard dispatcher sends to {} (discovered from the first request)", url);
            signal();
        }
    }

    /** The endpoint's last sample; empty for an endpoint this filter does not guard. */
    public Optional<QueueSnapshot> snapshot(String endpoint) {
        QueueSample sample = samples.get(endpoint);
        return sample == null ? Optional.empty() : Optional.ofNullable(sample.snapshot());
    }

    /** Every endpoint's last sample, in the filter's order; endpoints not yet sampled are left out. */
    public Map<String, QueueSnapshot> snapshots() {
        Map<String, QueueSnapshot> all = new LinkedHashMap<>();
        samples.forEach((name, sample) -> {
            QueueSnapshot snapshot = sample.snapshot();
            if (snapshot != null) {
                all.put(name, snapshot);
            }
        });
        return all;
    }

    /** Dispatches under way now. */
    public int inFlight() {
        return inFlight.get();
    }

    /** Whether the loop runs (started and not closed). */
    public boolean running() {
        return running;
    }

    private void signal() {
        if (wakeSignal.availablePermits() == 0) {
            wakeSignal.release();
        }
    }

    /**
     * Picks when the poll interval has passed (at once after a wake-up), samples the queues every second and
     * sweeps every sweep interval, sleeping until the first of the three is due or a wake-up comes.
     */
    private void loop() {
        long interval = settings.minPollInterval().toNanos();
        long now = System.nanoTime();
        long nextPick = now;
        long nextStats = now;
        long nextSweep = now;
        while (running) {
            now = System.nanoTime();
            if (now - nextPick >= 0) {
                boolean found = baseUrl != null && pickAll();
                interval = found
                        ? settings.minPollInterval().toNanos()
                        : Math.min(interval * 2, settings.maxPollInterval().toNanos());
                nextPick = now + interval;
            }
            if (now - nextStats >= 0) {
                sampleStats();
                nextStats = now + STATS_INTERVAL.toNanos();
            }
            if (now - nextSweep >= 0) {
                sweep();
                nextSweep = now + settings.sweepInterval().toNanos();
            }
            long wait = Math.min(nextPick - now, Math.min(nextStats - now, nextSweep - now));
            try {
                if (wakeSignal.tryAcquire(Math.max(0, wait), TimeUnit.NANOSECONDS)) {
                    wakeSignal.drainPermits();
                    interval = settings.minPollInterval().toNanos();
                    nextPick = System.nanoTime();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /** One pick per endpoint, bounded by the free slots; true when anything was picked. */
    private boolean pickAll() {
        boolean found = false;
        for (EndpointConfig endpoint : endpoints.values()) {
            int free = slots.availablePermits();
            if (free <= 0 || !running) {
                return true;
            }
            List<EventRecord> picked;
            try {
                picked = store.pick(endpoint.name(), Math.min(settings.batchSize(), free), settings.window());
            } catch (RuntimeException e) {
                log.warn("Could not pick the due records of endpoint '{}': {}", endpoint.name(), e.toString());
                continue;
            }
            for (EventRecord record : picked) {
                slots.acquireUninterruptibly();
                inFlight.incrementAndGet();
                try {
                    workers.execute(() -> dispatch(endpoint, record));
                } catch (RuntimeException e) {
                    released(); // shutting down: the record comes due again after its window
                }
            }
            found |= !picked.isEmpty();
        }
        return found;
    }

    /** Prepares and sends one dispatch; its slot is freed when the exchange ends ({@link #finish}). */
    private void dispatch(EndpointConfig endpoint, EventRecord record) {
        CompletableFuture<DispatchOutcome> sent;
        try (DeliveryMdc mdc = DeliveryMdc.open(endpoint.name(), record.key().eventId())) {
            URI base = baseUrl;
            sent = base == null
                    ? CompletableFuture.completedFuture(DispatchOutcome.ERROR)
                    : redelivery.send(endpoint, record, base);
        } catch (RuntimeException e) {
            log.error("The dispatch of {} failed", record.key(), e);
            sent = CompletableFuture.completedFuture(DispatchOutcome.ERROR);
        }
        sent.whenComplete((outcome, error) -> finish(endpoint, outcome == null ? DispatchOutcome.ERROR : outcome));
    }

    private void finish(EndpointConfig endpoint, DispatchOutcome outcome) {
        try {
            samples.get(endpoint.name()).count(outcome);
            config.metrics().dispatch(endpoint.name(), outcome);
        } finally {
            released();
            signal();
        }
    }

    /** Frees a slot; the last one wakes a {@link #close()} waiting for the dispatches in flight. */
    private void released() {
        slots.release();
        if (inFlight.decrementAndGet() == 0) {
            synchronized (idle) {
                idle.notifyAll();
            }
        }
    }

    private void sampleStats() {
        for (EndpointConfig endpoint : endpoints.values()) {
            try {
                QueueStats stats = store.stats(endpoint.name());
                samples.get(endpoint.name()).stats(stats);
                QueueDepth depth = depths.get(endpoint.name());
                if (depth != null) {
                    depth.sample(stats.depth());
                }
            } catch (RuntimeException e) {
                log.debug("Could not sample the due queue of '{}': {}", endpoint.name(), e.toString());
            }
        }
    }

    private void sweep() {
        for (EndpointConfig endpoint : endpoints.values()) {
            long stalled = sweeper.sweep(endpoint);
            if (stalled >= 0) {
                samples.get(endpoint.name()).stalled(stalled);
            }
        }
    }
}
