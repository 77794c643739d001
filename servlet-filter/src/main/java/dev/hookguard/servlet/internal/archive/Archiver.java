package dev.hookguard.servlet.internal.archive;

import dev.hookguard.core.HeaderRedaction;
import dev.hookguard.core.operator.OperatorStore;
import dev.hookguard.servlet.ArchiveConfig;
import dev.hookguard.servlet.DeliveryMetrics;
import dev.hookguard.servlet.EndpointConfig;
import dev.hookguard.servlet.HookguardFilterConfig;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Archive before purge (DESIGN.md §9): every {@link ArchiveConfig#interval()}, one pass over each endpoint ({@link
 * EndpointArchive}) on a thread of its own, started and closed with the filter. A failed pass of an endpoint (disk
 * full, store down) is logged at WARN naming the endpoint and the file, counted, and retried at the next run: its
 * watermark stays where its last forced page put it, and nothing more is deleted.
 */
public final class Archiver implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(Archiver.class);

    private final ArchiveConfig config;
    private final List<EndpointArchive> endpoints;
    private final DeliveryMetrics metrics;
    private final Clock clock;
    private final Map<String, Duration> lags = new ConcurrentHashMap<>();
    private @Nullable ScheduledExecutorService scheduler;

    private Archiver(ArchiveConfig config, List<EndpointArchive> endpoints, DeliveryMetrics metrics, Clock clock) {
        this.config = config;
        this.endpoints = endpoints;
        this.metrics = metrics;
        this.clock = clock;
    }

    /**
     * The archiver of a filter's configuration as configured (the endpoints' own dead retentions, not the hold), or
     * null when archiving is off.
     */
    public static @Nullable Archiver of(HookguardFilterConfig config, Clock clock) {
        Path directory = config.archive().directory();
        if (directory == null || !(config.store() instanceof OperatorStore store)) {
            return null;
        }
        ArchiveLine lines = new ArchiveLine(HeaderRedaction.ofDefaults());
        List<EndpointArchive> endpoints = config.endpoints().stream()
                .map(e -> archive(e, store, directory, lines))
                .toList();
        Archiver archiver = new Archiver(config.archive(), endpoints, config.metrics(), clock);
        endpoints.forEach(e -> config.metrics()
                .archiveLag(e.endpoint(), () -> archiver.lags.getOrDefault(e.endpoint(), Duration.ZERO)));
        return archiver;
    }

    private static EndpointArchive archive(EndpointConfig endpoint, OperatorStore store, Path dir, ArchiveLine lines) {
        return new EndpointArchive(
                endpoint.name(), endpoint.policy().deadRetention(), store, dir.resolve(endpoint.name()), lines);
    }

    /** Runs a pass now and then every interval, on a daemon thread. */
    public synchronized void start() {
        if (scheduler != null) {
            return;
        }
        ScheduledExecutorService started = Executors.newSingleThreadScheduledExecutor(task -> {
            Thread thread = new Thread(task, "hookguard-archiver");
            thread.setDaemon(true);
            return thread;
        });
        long every = config.interval().toMillis();
        started.scheduleWithFixedDelay(this::runOnce, 0, every, TimeUnit.MILLISECONDS);
        scheduler = started;
    }

    /**
     * One pass over every endpoint; a failure of one is logged and counted, and the others still run.
     *
     * @return true when every endpoint's pass succeeded
     */
    public boolean runOnce() {
        boolean ok = true;
        for (EndpointArchive endpoint : endpoints) {
            ok &= run(endpoint);
        }
        return ok;
    }

    private boolean run(EndpointArchive endpoint) {
        try {
            EndpointArchive.Pass pass = endpoint.run(clock.instant(), config.after());
            lags.put(endpoint.endpoint(), pass.lag());
            if (pass.archived() > 0) {
                metrics.archived(endpoint.endpoint(), pass.archived());
            }
            if (pass.archived() > 0 || pass.purged() > 0 || pass.changed() > 0) {
                log.info(
                        "Archived {} dead letters of endpoint '{}' to {}; purged {} archived ones past their dead"
                                + " retention, kept {} changed since they were archived",
                        pass.archived(),
                        endpoint.endpoint(),
                        config.directory(),
                        pass.purged(),
                        pass.changed());
            }
            return true;
        } catch (ArchiveWriteException e) {
            fail(endpoint, String.valueOf(e.file()), e);
        } catch (Exception e) { // the store, or the watermark file
            fail(endpoint, String.valueOf(config.directory()), e);
        }
        return false;
    }

    private void fail(EndpointArchive endpoint, String file, Exception e) {
        metrics.archiveFailed(endpoint.endpoint());
        log.warn(
                "Could not archive the dead letters of endpoint '{}' ({}): {}; its watermark stays, nothing more is"
                        + " deleted, the next run retries",
                endpoint.endpoint(),
                file,
                e.toString());
    }

    /** Stops the schedule; a pass under way is not interrupted (an interrupt would close a file mid-write). */
    @Override
    public synchronized void close() {
        if (scheduler != null) {
            scheduler.shutdown();
            scheduler = null;
        }
    }
}
