package dev.hookguard.benchmarks;

import dev.hookguard.core.Completion;
import dev.hookguard.core.Fingerprint;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.StoredResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The one unit of dedup work every store benchmark and its baseline perform: claim a new event, then record it
 * as SUCCEEDED with a small JSON response. The raw baselines of {@code run.sh} ({@code redis-benchmark} and
 * {@code pgbench}) send exactly these values; {@link dev.hookguard.benchmarks.tools.BenchTool} prints them.
 */
public final class Workload {

    /** The claim's lease. */
    public static final Duration LEASE = Duration.ofSeconds(30);

    /** How long records are kept: two minutes, so a benchmark's Redis records expire soon after the run. */
    public static final Duration RETENTION = Duration.ofMinutes(2);

    /** Lease, retention, and the defaults for the rest. */
    public static final IdempotencyPolicy POLICY =
            IdempotencyPolicy.custom().lease(LEASE).retention(RETENTION).build();

    /** The fingerprint every claim carries (the events are new, so it never has to match another). */
    public static final Fingerprint FINGERPRINT =
            Fingerprint.of("{\"id\":\"evt_bench\",\"type\":\"invoice.paid\"}".getBytes(StandardCharsets.UTF_8));

    /** The response stored for replay: {@code 200 application/json {"ok":true}}. */
    public static final StoredResponse RESPONSE =
            StoredResponse.of(200, "application/json", "{\"ok\":true}".getBytes(StandardCharsets.UTF_8));

    /** The verdict every pair records. */
    public static final Completion COMPLETION = Completion.succeeded(RESPONSE);

    /** How many completed events the duplicate workload seeds per endpoint; its duplicates are drawn from these. */
    public static final int SEEDED = 1000;

    /** One operation in this many of the duplicate workload is a new event; the others (80 %) are duplicates. */
    public static final int NEW_EVERY = 5;

    /**
     * A fresh endpoint for one trial's seeded duplicates: {@code base}, a dash, this moment in base 36 and a count of this JVM's trials. A
     * Redis record lives {@link #RETENTION} from its completion, and a seed skips an event that is still held, so
     * seeds under a fixed endpoint, left by a trial that started up to two minutes before, expired in the middle of
     * a later one (a failed iteration: "a seeded event was claimed again"). Each trial seeds its own.
     */
    public static String trialEndpoint(String base) {
        return base + "-" + Long.toString(System.currentTimeMillis(), 36) + "-" + TRIALS.incrementAndGet();
    }

    /** The id of seeded event {@code n} (1 to {@link #SEEDED}): the number itself, so pgbench can draw it. */
    public static String seededId(int n) {
        return Integer.toString(n);
    }

    private static final AtomicInteger TRIALS = new AtomicInteger();

    private Workload() {}
}
