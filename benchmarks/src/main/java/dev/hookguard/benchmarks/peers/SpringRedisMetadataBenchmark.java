package dev.hookguard.benchmarks.peers;

import dev.hookguard.benchmarks.BenchEnvironment;
import dev.hookguard.benchmarks.EventIds;
import io.lettuce.core.RedisURI;
import java.nio.charset.StandardCharsets;
import java.util.UUID;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.integration.redis.metadata.RedisMetadataStore;

/**
 * Spring Integration's {@code RedisMetadataStore}: {@code putIfAbsent(id, "processing")} of a new id, one {@code
 * HSETNX} on a single hash that holds every id (no expiry), then {@code replace(id, "processing", "processed")},
 * which Spring Data Redis runs as {@code WATCH} of the whole hash, {@code HGET}, {@code MULTI}, {@code HSET},
 * {@code EXEC} on a dedicated connection, retried while any other write to the hash intervenes. Through Spring Data Redis's Lettuce
 * connection factory with its default shared connection, like Hookguard's store. One operation is one new id;
 * the hash ({@code hookguard_bench:si-metadata:<run>}) is deleted after the run. Host, port and database come
 * from the Redis URI; a password is not supported (the benchmark Redis has none).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
public class SpringRedisMetadataBenchmark {

    private LettuceConnectionFactory connections;
    private RedisMetadataStore store;
    private String hash = "";

    /** Connects and creates the store on a hash of its own. */
    @Setup
    public void open() {
        connections = SpringIntegration.connections(RedisURI.create(BenchEnvironment.redisUri()));
        hash = BenchEnvironment.PREFIX + ":si-metadata:"
                + UUID.randomUUID().toString().substring(0, 8);
        store = new RedisMetadataStore(connections, hash);
    }

    /** Deletes the store's hash and closes the connections. */
    @TearDown
    public void close() {
        try (RedisConnection connection = connections.getConnection()) {
            connection.keyCommands().del(hash.getBytes(StandardCharsets.UTF_8));
        }
        connections.destroy();
    }

    /**
     * Claims a new id ({@code putIfAbsent(id, "processing")}) and completes it ({@code replace(id, "processing",
     * "processed")}): the whole claim-and-complete, as Hookguard's pair.
     */
    @Benchmark
    public boolean putIfAbsentAndReplace(EventIds ids) {
        String id = ids.next();
        if (store.putIfAbsent(id, SpringIntegration.PROCESSING) != null) {
            throw new IllegalStateException("Spring Integration found a new id present");
        }
        if (!store.replace(id, SpringIntegration.PROCESSING, SpringIntegration.PROCESSED)) {
            throw new IllegalStateException("Spring Integration did not replace the value it had just put");
        }
        return true;
    }
}
