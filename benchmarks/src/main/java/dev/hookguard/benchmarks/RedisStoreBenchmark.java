package dev.hookguard.benchmarks;

import dev.hookguard.core.WriteOutcome;
import dev.hookguard.redis.RedisIdempotencyStore;
import dev.hookguard.redis.RedisStoreConfig;
import dev.hookguard.redis.RedisStores;
import java.time.Duration;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The Redis store as an application uses it: one store (one shared Lettuce connection) for all threads, each
 * thread claiming a new event and completing it, i.e. {@code EVALSHA claim.lua} then {@code EVALSHA
 * complete.lua}. One operation is one pair; run with {@code -t N} for N concurrent callers. The baseline is the
 * bare job on raw Lettuce ({@link dev.hookguard.benchmarks.bare.BareRedisBenchmark}, same operations).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
public class RedisStoreBenchmark {

    /** The endpoint of the benchmark's keys: {@code hookguard_bench:{jmh-redis:<id>}}. */
    static final String ENDPOINT = "jmh-redis";

    /** The endpoint of the duplicate workload's seeded events. */
    static final String DUPLICATES = "jmh-redis-dup";

    /** This trial's endpoint of seeded duplicates ({@link Workload#trialEndpoint}). */
    private String duplicates;

    /**
     * The store's durability setting: {@code none} (the default), or {@code replicas1}, {@code WAIT 1} after each
     * write with a 1 s timeout, which needs a Redis with a replica ({@code -p durability=none,replicas1}).
     */
    @Param({"none"})
    public String durability;

    private RedisIdempotencyStore store;

    /** Opens the store; the records it writes expire with {@link Workload#RETENTION}. */
    @Setup
    public void open() {
        RedisStoreConfig.Builder config = RedisStoreConfig.custom().keyPrefix(BenchEnvironment.PREFIX);
        switch (durability) {
            case "none" -> config.durabilityReplicas(0);
            case "replicas1" -> config.durability(1, Duration.ofSeconds(1));
            default ->
                throw new IllegalArgumentException("durability must be none or replicas1 but was '" + durability + "'");
        }
        store = RedisStores.fromUri(BenchEnvironment.redisUri(), config.build());
        duplicates = Workload.trialEndpoint(DUPLICATES);
        PairCheck.seed(store, duplicates);
    }

    /** Closes the store and its connection. */
    @TearDown
    public void close() {
        store.close();
    }

    /**
     * The duplicate workload, as {@link JdbcStoreBenchmark#mostlyDuplicates}: one operation in {@link
     * Workload#NEW_EVERY} a new event's claim + complete, the others a claim of a seeded, completed event.
     */
    @Benchmark
    public Object mostlyDuplicates(EventIds ids) {
        return PairCheck.mostlyDuplicates(store, ids, ENDPOINT, duplicates);
    }

    /** Claims a new event and records it as SUCCEEDED. */
    @Benchmark
    public WriteOutcome claimAndComplete(EventIds ids) {
        return PairCheck.claimAndComplete(store, ids.nextKey(ENDPOINT));
    }
}
