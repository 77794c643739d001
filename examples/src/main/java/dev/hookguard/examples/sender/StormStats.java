package dev.hookguard.examples.sender;

import java.time.Duration;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/** What the storm observed, counted from the sender's side; thread-safe. */
public final class StormStats {

    private final Map<Tally, LongAdder> tallies = new EnumMap<>(Tally.class);
    private final Latencies answered = new Latencies();
    private final Latencies queued = new Latencies();

    /** Zero counts. */
    StormStats() {
        for (Tally tally : Tally.values()) {
            tallies.put(tally, new LongAdder());
        }
    }

    /** The count of this tally. */
    public long get(Tally tally) {
        return tallies.get(tally).sum();
    }

    /** Adds one to this tally. */
    void add(Tally tally) {
        tallies.get(tally).increment();
    }

    /** Counts the answer to a genuine delivery. */
    void genuine(Answer answer) {
        delivered(answer);
        add(classify(answer));
    }

    /** Counts the answer to an attack. */
    void attack(DeliveryKind kind, Answer answer) {
        delivered(answer);
        if (answer.status() == 0) {
            add(Tally.TRANSPORT_ERRORS);
        } else if (answer.status() == 401 || answer.status() == 400) {
            add(kind == DeliveryKind.STALE_TIMESTAMP ? Tally.STALE_REFUSED : Tally.SIGNATURES_REFUSED);
        } else {
            add(Tally.ATTACKS_ACCEPTED);
        }
    }

    /** The latency below which this share of the answered requests fell (nearest rank), zero if none. */
    public Duration latencyPercentile(double share) {
        return answered.percentile(share);
    }

    /** The same over the answers of async intake (202, stored and queued) alone, zero if none. */
    public Duration queuedLatencyPercentile(double share) {
        return queued.percentile(share);
    }

    private void delivered(Answer answer) {
        add(Tally.DELIVERIES);
        if (answer.status() != 0) {
            answered.add(answer.latencyNanos());
        }
        if (answer.queued()) {
            queued.add(answer.latencyNanos());
        }
    }

    private static Tally classify(Answer answer) {
        if (answer.status() == 0) {
            return Tally.TRANSPORT_ERRORS;
        }
        if (answer.acknowledged()) {
            if (answer.replayed()) {
                return Tally.REPLAYED;
            }
            if (answer.queued()) {
                return Tally.QUEUED;
            }
            return answer.deadAcknowledgement() ? Tally.DEAD_ACKNOWLEDGED : Tally.PROCESSED;
        }
        if (answer.status() == 409) {
            return Tally.IN_PROGRESS;
        }
        return answer.status() >= 500 ? Tally.FAILED : Tally.UNEXPECTED;
    }

    /** Latencies in nanoseconds, growing as they come; thread-safe. */
    private static final class Latencies {
        private long[] values = new long[4096];
        private int count;

        synchronized void add(long nanos) {
            if (count == values.length) {
                values = Arrays.copyOf(values, values.length * 2);
            }
            values[count++] = nanos;
        }

        /** The latency below which this share fell (nearest rank), zero if none. */
        synchronized Duration percentile(double share) {
            if (count == 0) {
                return Duration.ZERO;
            }
            long[] sorted = Arrays.copyOf(values, count);
            Arrays.sort(sorted);
            int rank = (int) Math.ceil(share * sorted.length);
            return Duration.ofNanos(sorted[Math.max(0, rank - 1)]);
        }
    }
}
