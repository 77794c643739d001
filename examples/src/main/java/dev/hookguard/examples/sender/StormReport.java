package dev.hookguard.examples.sender;

import java.time.Duration;

/**
 * The result of one storm, from the sender's side.
 *
 * @param plan what was sent
 * @param config how it was sent
 * @param stats what the receiver answered
 * @param elapsed from the first request to the last answer
 */
public record StormReport(StormPlan plan, StormConfig config, StormStats stats, Duration elapsed) {

    /** The count of this tally. */
    public long get(Tally tally) {
        return stats.get(tally);
    }

    /** Requests per second over the whole storm. */
    public double throughput() {
        double seconds = elapsed.toNanos() / 1e9;
        return seconds == 0 ? 0 : stats.get(Tally.DELIVERIES) / seconds;
    }
}
