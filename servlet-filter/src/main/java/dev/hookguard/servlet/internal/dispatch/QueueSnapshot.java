package dev.hookguard.servlet.internal.dispatch;

import dev.hookguard.core.DueQueue.QueueStats;
import dev.hookguard.servlet.DispatcherConfig;
import java.time.Instant;
import java.util.Map;

/**
 * One endpoint's due queue as the {@link Dispatcher} last sampled it (every {@link
 * DispatcherConfig#sweepInterval()}), with what this node's dispatches came to: what the queue gauges, the Actuator
 * endpoint and the console show. Never read from the store on request.
 *
 * @param endpoint the endpoint
 * @param stats depth, records due now and the oldest due age, from {@link dev.hookguard.core.DueQueue#stats}
 * @param stalled stalled records ({@link dev.hookguard.core.operator.ListFilter.Listing#STALLED}) the last sweep counted
 * @param dispatches this node's dispatches of the endpoint since start, by outcome
 * @param sampledAt when the stats were read
 * @param paused whether the endpoint's dispatching is paused, as the store said at the sample
 * @param breaker this node's circuit breaker of the endpoint: {@code disabled}, {@code closed}, {@code open} or {@code
 *     half_open}
 * @param rateLimited records due now that the delivery rate holds back (the due count while the last pick was held
 *     by the rate, else 0)
 */
public record QueueSnapshot(
        String endpoint,
        QueueStats stats,
        long stalled,
        Map<DispatchOutcome, Long> dispatches,
        Instant sampledAt,
        boolean paused,
        String breaker,
        long rateLimited) {

    /** Copies the counts. */
    public QueueSnapshot {
        dispatches = Map.copyOf(dispatches);
    }
}
