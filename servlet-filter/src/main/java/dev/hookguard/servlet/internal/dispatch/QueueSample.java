package dev.hookguard.servlet.internal.dispatch;

import dev.hookguard.core.DueQueue.QueueStats;
import dev.hookguard.servlet.DeliveryMetrics.DispatchOutcome;
import dev.hookguard.servlet.DeliveryMetrics.QueueSnapshot;
import java.time.Instant;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.jspecify.annotations.Nullable;

/**
 * One endpoint's latest due-queue sample, this node's dispatch counts and its controls' state, as the {@link Dispatcher}
 * keeps them.
 */
public final class QueueSample {

    private final String endpoint;
    private final EndpointGate gate;
    private final Map<DispatchOutcome, AtomicLong> dispatches = new EnumMap<>(DispatchOutcome.class);
    private volatile @Nullable QueueStats stats;
    private volatile long stalled;
    private volatile @Nullable Instant sampledAt;

    QueueSample(String endpoint, EndpointGate gate) {
        this.endpoint = endpoint;
        this.gate = gate;
        for (DispatchOutcome outcome : DispatchOutcome.values()) {
            dispatches.put(outcome, new AtomicLong());
        }
    }

    void stats(QueueStats stats) {
        this.stats = stats;
        this.sampledAt = Instant.now();
    }

    void stalled(long stalled) {
        this.stalled = stalled;
    }

    void count(DispatchOutcome outcome) {
        dispatches.get(outcome).incrementAndGet();
    }

    /** The snapshot, or null before the first sample. */
    @Nullable
    QueueSnapshot snapshot() {
        QueueStats current = stats;
        Instant at = sampledAt;
        if (current == null || at == null) {
            return null;
        }
        Map<DispatchOutcome, Long> counts = new EnumMap<>(DispatchOutcome.class);
        dispatches.forEach((outcome, count) -> counts.put(outcome, count.get()));
        return new QueueSnapshot(
                endpoint,
                current,
                stalled,
                counts,
                at,
                gate.paused(),
                gate.breakerState(),
                gate.rateHeld() ? current.dueNow() : 0);
    }
}
