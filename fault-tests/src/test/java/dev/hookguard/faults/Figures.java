package dev.hookguard.faults;

import java.time.Duration;
import java.util.Map;
import java.util.Queue;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.ToIntFunction;

/** What a storm saw, per answer, and how often each event's handler ran; printed so that the CI log shows it. */
final class Figures {

    final AtomicInteger deliveries = new AtomicInteger();
    final AtomicInteger ok = new AtomicInteger();
    final AtomicInteger unavailable = new AtomicInteger();
    final AtomicInteger inProgress = new AtomicInteger();
    final AtomicInteger other = new AtomicInteger();
    final AtomicInteger connectionErrors = new AtomicInteger();
    /** 2xx answers after which the store did not hold a terminal record for the event. */
    final AtomicInteger acknowledgedUnrecorded = new AtomicInteger();

    private final Map<String, AtomicInteger> statuses = new ConcurrentHashMap<>();

    /** The slowest 503, in milliseconds: how long a sender waited for "retry later" during the outage. */
    final AtomicLong slowest503Millis = new AtomicLong();

    private volatile java.time.LocalTime slowest503At = java.time.LocalTime.MIDNIGHT;

    /** Each 2xx as {sent, answered} in {@link System#nanoTime()}: how long after a fault a delivery got through. */
    private final Queue<long[]> okTimes = new ConcurrentLinkedQueue<>();

    void answered(int status, Duration took) {
        if (status >= 200 && status < 300) {
            long now = System.nanoTime();
            okTimes.add(new long[] {now - took.toNanos(), now});
        }
        if (status == 503 && slowest503Millis.getAndAccumulate(took.toMillis(), Math::max) < took.toMillis()) {
            slowest503At = java.time.LocalTime.now().minus(took);
        }
        deliveries.incrementAndGet();
        statuses.computeIfAbsent(Integer.toString(status), s -> new AtomicInteger())
                .incrementAndGet();
        if (status >= 200 && status < 300) {
            ok.incrementAndGet();
        } else if (status == 503) {
            unavailable.incrementAndGet();
        } else if (status == 409) {
            inProgress.incrementAndGet();
        } else {
            other.incrementAndGet();
        }
    }

    /** How many deliveries were answered {@code status}. */
    int answered(int status) {
        AtomicInteger count = statuses.get(Integer.toString(status));
        return count == null ? 0 : count.get();
    }

    /** Milliseconds from {@code since} ({@link System#nanoTime()}) to the first 2xx of a delivery sent after it. */
    long firstOkSentAfterMillis(long since) {
        return okTimes.stream()
                .filter(times -> times[0] > since)
                .mapToLong(times -> (times[1] - since) / 1_000_000)
                .min()
                .orElse(-1);
    }

    void connectionError() {
        deliveries.incrementAndGet();
        connectionErrors.incrementAndGet();
    }

    /** Events by how often their handler ran: {runs → events}. */
    static Map<Integer, Integer> runHistogram(Iterable<String> ids, ToIntFunction<String> runs) {
        Map<Integer, Integer> histogram = new TreeMap<>();
        for (String id : ids) {
            histogram.merge(runs.applyAsInt(id), 1, Integer::sum);
        }
        return histogram;
    }

    /** Events whose handler ran more than once. */
    static int doubleRuns(Iterable<String> ids, ToIntFunction<String> runs) {
        int count = 0;
        for (String id : ids) {
            count += runs.applyAsInt(id) > 1 ? 1 : 0;
        }
        return count;
    }

    void print(String test, int events, double unrecorded, Map<Integer, Integer> runs, long slowestClaimMillis) {
        System.out.printf(
                "[fault-figures] %s: events=%d deliveries=%d 2xx=%d 503=%d 409=%d other=%d connection-errors=%d"
                        + " unrecorded(meter)=%.0f acknowledged-unrecorded=%d handler-runs{runs=events}=%s"
                        + " slowest-503=%dms (sent at %s) slowest-claim=%dms statuses=%s%n",
                test,
                events,
                deliveries.get(),
                ok.get(),
                unavailable.get(),
                inProgress.get(),
                other.get(),
                connectionErrors.get(),
                unrecorded,
                acknowledgedUnrecorded.get(),
                runs,
                slowest503Millis.get(),
                slowest503At,
                slowestClaimMillis,
                new TreeMap<>(statuses));
    }
}
