package dev.hookguard.benchmarks.bare;

import dev.hookguard.benchmarks.BenchEnvironment;
import dev.hookguard.benchmarks.EventIds;
import dev.hookguard.benchmarks.Workload;
import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;
import java.util.Locale;
import java.util.concurrent.ThreadLocalRandom;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The Redis row's baseline ({@link BareRedis}): raw Lettuce, one shared connection for all threads as the store's,
 * two {@code EVALSHA} of minimal scripts per new event ({@link #claimAndComplete}), one per duplicate
 * ({@link #mostlyDuplicates}: 80 % claims of {@link Workload#SEEDED} completed events).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
public class BareRedisBenchmark {

    /** The endpoint of the new events: {@code jmh-bare} or {@code jmh-floor}. */
    private String endpoint;

    /** This trial's endpoint of seeded duplicates ({@link Workload#trialEndpoint}). */
    private String duplicates;

    private RedisClient client;
    private StatefulRedisConnection<byte[], byte[]> connection;
    private BareRedis bare;

    /** Connects, loads the scripts, seeds the duplicates. */
    @Setup
    public void open() {
        client = RedisClient.create(BenchEnvironment.redisUri());
        connection = client.connect(BareRedis.codec());
        endpoint = "jmh-" + shape().name().toLowerCase(Locale.ROOT);
        bare = new BareRedis(connection, BenchEnvironment.PREFIX, shape());
        duplicates = Workload.trialEndpoint(endpoint + "-dup");
        bare.seed(duplicates);
    }

    /** Which scripts run: the bare job's; {@link FloorRedisBenchmark} runs the feature floor's. */
    protected BareRedis.Shape shape() {
        return BareRedis.Shape.BARE;
    }

    /** Closes the connection and the client. */
    @TearDown
    public void close() {
        connection.close();
        client.shutdown();
    }

    /** A new event's claim and completion: two {@code EVALSHA}. */
    @Benchmark
    public void claimAndComplete(EventIds ids) {
        bare.claimAndComplete(endpoint, ids.next());
    }

    /** One operation in five a new event's pair, the others a duplicate's claim: one {@code EVALSHA}. */
    @Benchmark
    public void mostlyDuplicates(EventIds ids) {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        if (random.nextInt(Workload.NEW_EVERY) == 0) {
            bare.claimAndComplete(endpoint, ids.next());
        } else {
            bare.duplicate(duplicates, Workload.seededId(1 + random.nextInt(Workload.SEEDED)));
        }
    }
}
