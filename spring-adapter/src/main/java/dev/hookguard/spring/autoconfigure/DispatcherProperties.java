package dev.hookguard.spring.autoconfigure;

import dev.hookguard.servlet.DispatcherConfig;
import dev.hookguard.servlet.internal.dispatch.DispatchSigning;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * {@code hookguard.dispatcher.*}: the filter's {@code DispatcherConfig}, the worker pool that redelivers queued,
 * retried and replayed events. Names equal the builder's; defaults equal its {@code DEFAULT_*} constants.
 */
public class DispatcherProperties {

    /** Whether this application runs a dispatcher; off, other nodes' dispatchers (or none) redeliver. */
    private boolean enabled = DispatcherConfig.DEFAULT_ENABLED;

    /** Dispatch threads started with the dispatcher; more start on demand up to max-in-flight. */
    private int workers = DispatcherConfig.DEFAULT_WORKERS;

    /** Most dispatches under way at once (handlers running, each holding a thread), over all endpoints. */
    private int maxInFlight = DispatcherConfig.DEFAULT_MAX_IN_FLIGHT;

    /** Most records one pick reserves. */
    private int batchSize = DispatcherConfig.DEFAULT_BATCH_SIZE;

    /** How long a pick reserves its records; a node that dies mid-dispatch lets them come due again after it. */
    private Duration window = DispatcherConfig.DEFAULT_WINDOW;

    /** Pause between polls while there is work. */
    private Duration minPollInterval = DispatcherConfig.DEFAULT_MIN_POLL_INTERVAL;

    /** Pause the polling backs off to while the queues are empty. */
    private Duration maxPollInterval = DispatcherConfig.DEFAULT_MAX_POLL_INTERVAL;

    /** How long shutdown waits for dispatches in flight; what is left comes due again after its window. */
    private Duration shutdownGrace = DispatcherConfig.DEFAULT_SHUTDOWN_GRACE;

    /** Longest a dispatch's HTTP request may take. */
    private Duration requestTimeout = DispatcherConfig.DEFAULT_REQUEST_TIMEOUT;

    /** How often stalled records are swept and the queue gauges sampled. */
    private Duration sweepInterval = DispatcherConfig.DEFAULT_SWEEP_INTERVAL;

    /** Where dispatches are sent, such as http://127.0.0.1:8080; unset takes the embedded server's local port. */
    private @Nullable URI baseUrl;

    /** Default dispatch signing of endpoints that set none: scheme or dispatch-key; unset takes each scheme's. */
    private @Nullable DispatchSigning signing;

    /**
     * Dispatch keys (32+ characters each), the first signing, all accepted; the same on every node. Unset: a random
     * key per JVM, which accepts only this node's own dispatches. Take them from the environment.
     */
    private List<String> dispatchKeys = new ArrayList<>();

    /** How far a dispatch header's timestamp may lie from this node's clock. */
    private Duration dispatchTolerance = DispatcherConfig.DEFAULT_DISPATCH_TOLERANCE;

    /** The configuration these properties describe; an {@link IllegalArgumentException} names a bad value. */
    public DispatcherConfig toConfig() {
        return DispatcherConfig.custom()
                .enabled(enabled)
                .workers(workers)
                .maxInFlight(maxInFlight)
                .batchSize(batchSize)
                .window(window)
                .minPollInterval(minPollInterval)
                .maxPollInterval(maxPollInterval)
                .shutdownGrace(shutdownGrace)
                .requestTimeout(requestTimeout)
                .sweepInterval(sweepInterval)
                .baseUrl(baseUrl)
                .signing(signing)
                .dispatchKeys(dispatchKeys)
                .dispatchTolerance(dispatchTolerance)
                .build();
    }

    public boolean isEnabled() {
        return enabled;
    }

    public void setEnabled(boolean enabled) {
        this.enabled = enabled;
    }

    public int getWorkers() {
        return workers;
    }

    public void setWorkers(int workers) {
        this.workers = workers;
    }

    public int getMaxInFlight() {
        return maxInFlight;
    }

    public void setMaxInFlight(int maxInFlight) {
        this.maxInFlight = maxInFlight;
    }

    public int getBatchSize() {
        return batchSize;
    }

    public void setBatchSize(int batchSize) {
        this.batchSize = batchSize;
    }

    public Duration getWindow() {
        return window;
    }

    public void setWindow(Duration window) {
        this.window = window;
    }

    public Duration getMinPollInterval() {
        return minPollInterval;
    }

    public void setMinPollInterval(Duration minPollInterval) {
        this.minPollInterval = minPollInterval;
    }

    public Duration getMaxPollInterval() {
        return maxPollInterval;
    }

    public void setMaxPollInterval(Duration maxPollInterval) {
        this.maxPollInterval = maxPollInterval;
    }

    public Duration getShutdownGrace() {
        return shutdownGrace;
    }

    public void setShutdownGrace(Duration shutdownGrace) {
        this.shutdownGrace = shutdownGrace;
    }

    public Duration getRequestTimeout() {
        return requestTimeout;
    }

    public void setRequestTimeout(Duration requestTimeout) {
        this.requestTimeout = requestTimeout;
    }

    public Duration getSweepInterval() {
        return sweepInterval;
    }

    public void setSweepInterval(Duration sweepInterval) {
        this.sweepInterval = sweepInterval;
    }

    public @Nullable URI getBaseUrl() {
        return baseUrl;
    }

    public void setBaseUrl(@Nullable URI baseUrl) {
        this.baseUrl = baseUrl;
    }

    public @Nullable DispatchSigning getSigning() {
        return signing;
    }

    public void setSigning(@Nullable DispatchSigning signing) {
        this.signing = signing;
    }

    public List<String> getDispatchKeys() {
        return dispatchKeys;
    }

    public void setDispatchKeys(List<String> dispatchKeys) {
        this.dispatchKeys = dispatchKeys;
    }

    public Duration getDispatchTolerance() {
        return dispatchTolerance;
    }

    public void setDispatchTolerance(Duration dispatchTolerance) {
        this.dispatchTolerance = dispatchTolerance;
    }
}
