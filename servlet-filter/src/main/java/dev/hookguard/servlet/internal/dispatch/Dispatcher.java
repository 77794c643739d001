package dev.hookguard.servlet.internal.dispatch;

import dev.hookguard.core.DueQueue.QueueStats;
import dev.hookguard.core.ErrorClass;
import dev.hookguard.core.EventRecord;
import dev.hookguard.core.RecoveryStore;
import dev.hookguard.servlet.DeliveryMetrics.DispatchOutcome;
import dev.hookguard.servlet.DeliveryMetrics.QueueSnapshot;
import dev.hookguard.servlet.DispatcherConfig;
import dev.hookguard.servlet.EndpointConfig;
import dev.hookguard.servlet.HookguardFilter;
import dev.hookguard.servlet.HookguardFilterConfig;
import dev.hookguard.servlet.internal.config.InitParams;
import dev.hookguard.servlet.internal.delivery.DeliveryMdc;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.random.RandomGenerator;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The receiver side of recovery (DESIGN.md §8), one per {@link HookguardFilter}: picks due records from the store's
 * due queue (QUEUED by async intake or an operator's replay, FAILED awaiting a receiver retry) and redelivers each
 * over HTTP to the endpoint's own URI on this node, where the filter verifies, claims and hands it to the handler
 * like any delivery, inline. Its loop runs on one daemon thread ({@code hookguard-dispatch-poller}); a pool of
 * daemon threads ({@code hookguard-dispatch-<n>}) prepares, signs and sends each dispatch and waits for its answer,
 * one dispatch per thread, so at most {@link DispatcherConfig#maxInFlight()} exchanges run at once ({@link
 * DispatcherConfig#workers()} threads start with the dispatcher, the rest on demand; a thread idle for a minute
 * ends). The poller keeps up to {@link DispatcherConfig#batchSize()} picked records more waiting, so a thread whose
 * exchange ends takes the next one at once. Polling backs off to {@link DispatcherConfig#maxPollInterval()} while
 * the queues are empty and returns to {@link DispatcherConfig#minPollInterval()} on work; a {@link #wake} or a
 * finished dispatch picks at once, but at most once per {@link #WAKE_GAP}, so a stream of intakes or answers costs
 * one pick per gap, not one each. The same loop samples the queues every second and sweeps for stalled records
 * every {@link DispatcherConfig#sweepInterval()}.
 *
 * <p>Nothing is picked until the base URL is known: {@link DispatcherConfig#baseUrl()} (so a restarted node dispatches
 * its backlog at once), else {@link #baseUrl(URI)} (the Spring adapter's, from the embedded server's port), else, as a
 * fallback, the local address of the first request the filter sees; a start without one logs a warning naming the
 * init-param to set. Nor before that address takes connections (a connect, until it succeeds once): the filter starts
 * before its container listens. Thread-safe.
 */
public final class Dispatcher implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(Dispatcher.class);
    private static final Duration STATS_INTERVAL = QueueDepth.REFRESH;
    /** The shortest time between two picks that wake-ups ask for: 1 ms. */
    static final Duration WAKE_GAP = Duration.ofMillis(1);

    private static final long IDLE_THREAD_SECONDS = 60;
    /** The first pause before a {@linkplain DispatchOutcome#REFUSED refused} dispatch is sent again: 50 ms. */
    static final Duration REFUSED_PAUSE_MIN = Duration.ofMillis(50);
    /** The longest pause between two sends of a refused dispatch: 1 s. */
    static final Duration REFUSED_PAUSE_MAX = Duration.ofSeconds(1);
    /** How long the check that this node listens waits for a connection. */
    private static final Duration LISTEN_CHECK = Duration.ofMillis(500);

    private final HookguardFilterConfig config;
    private final DispatcherConfig settings;
    private final RecoveryStore store;
    private final Redelivery redelivery;
    private final Sweeper sweeper;
    private final Map<String, EndpointConfig> endpoints = new LinkedHashMap<>();
    private final Map<String, QueueDepth> depths;
    private final Map<String, QueueSample> samples = new LinkedHashMap<>();
    private final Map<String, EndpointGate> gates = new LinkedHashMap<>();
    /** Nanoseconds until an endpoint the rate held back at the last pick has a token again; MAX_VALUE for none. */
    private long rateWait = Long.MAX_VALUE;

    private final Semaphore slots;
    private final Semaphore wakeSignal = new Semaphore(0);
    private final AtomicBoolean wakePending = new AtomicBoolean();
    private final ThreadPoolExecutor workers;
    private final AtomicInteger inFlight = new AtomicInteger();
    private final Object idle = new Object();
    private volatile @Nullable URI baseUrl;
    /** Whether this node's server has been seen listening at the base URL; nothing is picked before. */
    private volatile boolean listening;

    private volatile boolean running;
    private volatile boolean closed;
    private @Nullable Thread poller;

    public Dispatcher(
            HookguardFilterConfig config, RecoveryStore store, DispatchKeys keys, Map<String, QueueDepth> depths) {
        this.config = config;
        this.settings = config.dispatcher();
        this.store = store;
        this.redelivery = new Redelivery(config, keys, Clock.systemUTC());
        this.sweeper = new Sweeper(store, RandomGenerator.getDefault());
        this.depths = depths;
        this.baseUrl = settings.baseUrl();
        this.slots = new Semaphore(settings.maxInFlight() + settings.batchSize()); // in flight + waiting for a thread
        for (EndpointConfig endpoint : config.endpoints()) {
            endpoints.put(endpoint.name(), endpoint);
            EndpointGate gate =
                    new EndpointGate(endpoint.name(), endpoint.recovery().dispatch());
            gates.put(endpoint.name(), gate);
            samples.put(endpoint.name(), new QueueSample(endpoint.name(), gate));
        }
        AtomicInteger threads = new AtomicInteger();
        this.workers = new ThreadPoolExecutor(
                settings.maxInFlight(),
                settings.maxInFlight(),
                IDLE_THREAD_SECONDS,
                TimeUnit.SECONDS,
                new LinkedBlockingQueue<>(),
                task -> {
                    Thread thread = new Thread(task, "hookguard-dispatch-" + threads.incrementAndGet());
                    thread.setDaemon(true);
                    return thread;
                });
        this.workers.allowCoreThreadTimeOut(true);
    }

    /** Starts the loop and publishes the queue gauges; once only, and never after {@link #close()}. */
    public synchronized void start() {
        if (running || closed) {
            return;
        }
        running = true;
        for (int i = 0; i < settings.workers(); i++) {
            workers.prestartCoreThread();
        }
        samples.forEach((name, sample) -> config.metrics().queue(name, sample::snapshot));
        Thread thread = new Thread(this::loop, "hookguard-dispatch-poller");
        thread.setDaemon(true);
        poller = thread;
        thread.start();
        URI known = baseUrl;
        if (known == null) {
            log.warn(
                    "Hookguard dispatcher started without a base URL, so dispatch waits for the first inbound request:"
                            + " a backlog queued before this start (async intake, receiver retries, replays) does not"
                            + " move until then. Set the filter's init-param {} (in Spring: hookguard.dispatcher.base-url)"
                            + " to this node's own address, such as http://127.0.0.1:8080",
                    InitParams.DISPATCHER_BASE_URL);
        }
        log.info(
                "Hookguard dispatcher started: {} workers, {} in flight, base URL {}",
                settings.workers(),
                settings.maxInFlight(),
                known == null ? "from the first request" : known);
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
     * still running are cut off (their connections closed). The picked records still waiting for a thread are not
     * sent but handed back to the store ({@link RecoveryStore#release}), as are dispatches that end refused or in an
     * error once closing began, so another node (or this one, restarted) takes them at once rather than when their
     * window ends; a record that was claimed meanwhile is left alone by the store. Idempotent.
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
        wakeSignal.release();
        try {
            if (thread != null) {
                thread.join(settings.maxPollInterval().toMillis() + 1000);
            }
            workers.shutdown();
            List<Runnable> waiting = new ArrayList<>();
            workers.getQueue().drainTo(waiting); // picked, never sent: handed back
            handBack(waiting.stream().map(task -> ((Send) task).record()).toList());
            waiting.forEach(dispatch -> released());
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
        } finally {
            redelivery.close();
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
    public void discovered(URI url) {
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

    /** Asks the loop to pick soon; wake-ups that come before it picks are one. */
    private void signal() {
        if (wakePending.compareAndSet(false, true)) {
            wakeSignal.release();
        }
    }

    /**
     * Samples the queues and the endpoints' pauses every second (first, so a pause kept in the store holds from the
     * first pick), picks when the poll interval has passed (after a wake-up, once {@link #WAKE_GAP} has passed since
     * the last pick; sooner when an endpoint's delivery rate has a token again) and sweeps every sweep interval, sleeping until the first of the three
     * is due or a wake-up comes.
     */
    private void loop() {
        long interval = settings.minPollInterval().toNanos();
        long now = System.nanoTime();
        long nextPick = now;
        long lastPick = now - WAKE_GAP.toNanos();
        long nextStats = now;
        long nextSweep = now;
        while (running) {
            now = System.nanoTime();
            if (now - nextStats >= 0) {
                sampleStats();
                nextStats = now + STATS_INTERVAL.toNanos();
            }
            if (now - nextPick >= 0) {
                wakeSignal.drainPermits();
                wakePending.set(false); // a wake-up from now on asks for the next pick
                lastPick = now;
                rateWait = Long.MAX_VALUE;
                boolean found = baseUrl != null && listening() && pickAll();
                interval = found
                        ? settings.minPollInterval().toNanos()
                        : Math.min(interval * 2, settings.maxPollInterval().toNanos());
                nextPick = now + Math.max(0, Math.min(interval, rateWait));
            }
            if (now - nextSweep >= 0) {
                sweep();
                nextSweep = now + settings.sweepInterval().toNanos();
            }
            long wait = Math.min(nextPick - now, Math.min(nextStats - now, nextSweep - now));
            try {
                if (wakeSignal.tryAcquire(Math.max(0, wait), TimeUnit.NANOSECONDS)) {
                    interval = settings.minPollInterval().toNanos();
                    long gapEnds = lastPick + WAKE_GAP.toNanos();
                    long woke = System.nanoTime();
                    nextPick = gapEnds - woke > 0 ? gapEnds : woke;
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /**
     * Whether the base URL takes connections: checked by a connect until it does once. A filter's dispatcher starts
     * with the filter, before the container opens its connector; a pick then would reserve records for dispatches
     * that are refused and come due again only when their window ends.
     */
    private boolean listening() {
        URI base = baseUrl;
        if (listening || base == null) {
            return listening;
        }
        int port = base.getPort() != -1 ? base.getPort() : "https".equalsIgnoreCase(base.getScheme()) ? 443 : 80;
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(base.getHost(), port), (int) LISTEN_CHECK.toMillis());
            listening = true;
        } catch (IOException | IllegalArgumentException e) {
            log.debug("The dispatcher's base URL {} does not take connections yet: {}", base, e.toString());
        }
        return listening;
    }

    /**
     * One pick per endpoint, bounded by the free slots and by the endpoint's gate (paused, circuit breaker, delivery
     * rate); true when anything was picked. An endpoint the rate held back sets {@link #rateWait}.
     */
    private boolean pickAll() {
        boolean found = false;
        for (EndpointConfig endpoint : endpoints.values()) {
            int free = slots.availablePermits();
            if (free <= 0 || !running) {
                return true;
            }
            EndpointGate gate = gates.get(endpoint.name());
            int wanted = Math.min(settings.batchSize(), free);
            int permits = gate.permits(wanted);
            if (permits < wanted && gate.rateHeld()) {
                rateWait = Math.min(rateWait, Math.max(gate.nanosUntilRate(), WAKE_GAP.toNanos()));
            }
            if (permits == 0) {
                continue;
            }
            List<EventRecord> picked;
            try {
                picked = store.pick(endpoint.name(), permits, settings.window());
            } catch (RuntimeException e) {
                gate.unused(permits);
                log.warn("Could not pick the due records of endpoint '{}': {}", endpoint.name(), e.toString());
                continue;
            }
            gate.unused(permits - picked.size());
            for (EventRecord record : picked) {
                slots.acquireUninterruptibly();
                inFlight.incrementAndGet();
                try {
                    workers.execute(new Send(endpoint, record));
                } catch (RuntimeException e) { // shutting down
                    handBack(List.of(record));
                    released();
                }
            }
            found |= !picked.isEmpty();
        }
        return found;
    }

    /**
     * Prepares and sends one dispatch and waits for its answer, then frees its slot ({@link #finish}). A dispatch this
     * node {@linkplain DispatchOutcome#REFUSED refused} (its store unreachable or too slow, nothing recorded) is counted
     * and sent again on the same thread after {@link #REFUSED_PAUSE_MIN} doubling to {@link #REFUSED_PAUSE_MAX}, while
     * the dispatcher runs and the record's reservation has at least one more pause left: the slot stays taken, so a
     * busy store gets fewer dispatches, and the record does not wait out its pick window.
     */
    private void dispatch(EndpointConfig endpoint, EventRecord record) {
        long started = System.nanoTime();
        long pause = REFUSED_PAUSE_MIN.toNanos();
        Instant reserved = record.nextAttemptAt();
        DispatchOutcome sent = send(endpoint, record);
        while (sent == DispatchOutcome.REFUSED
                && running
                && reserved != null
                && Instant.now().plusNanos(2 * pause).isBefore(reserved)) {
            count(endpoint, sent);
            try {
                TimeUnit.NANOSECONDS.sleep(pause);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
            pause = Math.min(pause * 2, REFUSED_PAUSE_MAX.toNanos());
            sent = send(endpoint, record);
        }
        if (!running && (sent == DispatchOutcome.REFUSED || sent == DispatchOutcome.ERROR)) {
            handBack(List.of(record)); // closing: another node takes it now, not when its window ends
        }
        judge(gates.get(endpoint.name()), record, sent, System.nanoTime() - started);
        finish(endpoint, sent);
    }

    /**
     * Tells the endpoint's circuit breaker how a dispatch ended: a 2xx is a success; no answer, or a recorded failure of
     * a class that means the downstream is broken ({@link EndpointGate#DOWNSTREAM}, read back from the store), is a
     * failure; anything else (in progress, refused, a client error, an exception) is ignored.
     */
    private void judge(EndpointGate gate, EventRecord record, DispatchOutcome sent, long nanos) {
        switch (sent) {
            case SUCCEEDED -> gate.succeeded(nanos);
            case ERROR -> {
                if (running) {
                    gate.failed(nanos, "no_answer");
                } else {
                    gate.ignored();
                }
            }
            case FAILED -> {
                ErrorClass errorClass = null;
                if (gate.needsErrorClass()) {
                    try {
                        errorClass = store.find(record.key())
                                .map(EventRecord::errorClass)
                                .orElse(null);
                    } catch (RuntimeException e) {
                        log.debug("Could not read the error class of {}: {}", record.key(), e.toString());
                    }
                }
                if (gate.countsAgainst(errorClass)) {
                    gate.failed(nanos, errorClass.code());
                } else {
                    gate.ignored();
                }
            }
            case IN_PROGRESS, REFUSED -> gate.ignored();
        }
    }

    /** Hands picked records that will not be sent back to the store; a failure leaves them to their window. */
    private void handBack(List<EventRecord> records) {
        if (records.isEmpty()) {
            return;
        }
        try {
            int released = store.release(records);
            log.info("Handed {} of {} picked dispatches back to the due queue at shutdown", released, records.size());
        } catch (RuntimeException e) {
            log.warn(
                    "Could not hand {} picked dispatches back; they come due again when their window ends: {}",
                    records.size(),
                    e.toString());
        }
    }

    /** One picked record's dispatch, as queued for a worker thread. */
    private final class Send implements Runnable {
        private final EndpointConfig endpoint;
        private final EventRecord record;

        Send(EndpointConfig endpoint, EventRecord record) {
            this.endpoint = endpoint;
            this.record = record;
        }

        EventRecord record() {
            return record;
        }

        @Override
        public void run() {
            dispatch(endpoint, record);
        }
    }

    private DispatchOutcome send(EndpointConfig endpoint, EventRecord record) {
        try (DeliveryMdc mdc = DeliveryMdc.open(endpoint.name(), record.key().eventId())) {
            URI base = baseUrl;
            return base == null ? DispatchOutcome.ERROR : redelivery.send(endpoint, record, base);
        } catch (RuntimeException e) {
            log.error("The dispatch of {} failed", record.key(), e);
            return DispatchOutcome.ERROR;
        }
    }

    private void count(EndpointConfig endpoint, DispatchOutcome outcome) {
        samples.get(endpoint.name()).count(outcome);
        config.metrics().dispatch(endpoint.name(), outcome);
    }

    private void finish(EndpointConfig endpoint, DispatchOutcome outcome) {
        try {
            count(endpoint, outcome);
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
                gates.get(endpoint.name())
                        .paused(store.controls(endpoint.name()).paused());
            } catch (RuntimeException e) {
                log.debug("Could not read the controls of '{}': {}", endpoint.name(), e.toString());
            }
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
