package dev.hookguard.benchmarks;

import com.zaxxer.hikari.HikariDataSource;
import dev.hookguard.core.WriteOutcome;
import dev.hookguard.jdbc.JdbcDialect;
import dev.hookguard.jdbc.JdbcIdempotencyStore;
import dev.hookguard.jdbc.JdbcStoreConfig;
import dev.hookguard.tiered.TieredStore;
import dev.hookguard.tiered.TieredStoreConfig;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * The tiered store: {@link JdbcStoreBenchmark}'s workloads on the JDBC store behind a Redis cache of settled
 * verdicts. {@code redis=up}: the cache on {@link BenchEnvironment#redisUri()}, the seeded events' verdicts cached
 * before the measurement; {@code redis=down}: the cache on a {@code redis-server} of the benchmark's own, killed after
 * the store opened, so every claim goes to PostgreSQL alone (the breaker open) — the degraded mode's cost.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
public class TieredStoreBenchmark {

    static final String ENDPOINT = "jmh-tiered";

    /** The endpoint of the duplicate workload's seeded events. */
    static final String DUPLICATES = "jmh-tiered-dup";

    /** This trial's endpoint of seeded duplicates ({@link Workload#trialEndpoint}). */
    private String duplicates;

    /** Whether the cache's Redis answers during the measurement. */
    @Param({"up", "down"})
    public String redis;

    private HikariDataSource pool;
    private TieredStore store;
    private Process ownRedis;
    private boolean createdTable;

    /** Opens the pool and the store, empties the table, seeds the duplicates and waits for their verdicts' fills. */
    @Setup
    public void open(BenchmarkParams params) throws Exception {
        pool = Postgres.pool(params.getThreads());
        createdTable = BenchTable.HOOKGUARD.createIfMissing(pool);
        BenchTable.HOOKGUARD.truncate(pool);
        JdbcIdempotencyStore authority = new JdbcIdempotencyStore(
                pool,
                JdbcStoreConfig.custom()
                        .tableName(BenchTable.HOOKGUARD.tableName())
                        .dialect(JdbcDialect.POSTGRESQL)
                        .build());
        String uri = "up".equals(redis) ? BenchEnvironment.redisUri() : startOwnRedis();
        store = TieredStore.of(
                authority,
                uri,
                TieredStoreConfig.custom()
                        .keyPrefix(BenchEnvironment.PREFIX + "_tiered_" + System.nanoTime())
                        .build());
        duplicates = Workload.trialEndpoint(DUPLICATES);
        PairCheck.seed(store, duplicates);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (store.cacheStats().fills() + store.cacheStats().fillsDropped() < Workload.SEEDED
                && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        if (ownRedis != null) {
            ownRedis.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }

    /** Closes the store, drops the table if this benchmark created it, and closes the pool. */
    @TearDown
    public void close() {
        System.out.println("tiered cache (redis=" + redis + "): " + store.cacheStats());
        store.close();
        if (createdTable) {
            BenchTable.HOOKGUARD.drop(pool);
        }
        pool.close();
    }

    /** {@link JdbcStoreBenchmark#mostlyDuplicates} on the tiered store. */
    @Benchmark
    public Object mostlyDuplicates(EventIds ids) {
        return PairCheck.mostlyDuplicates(store, ids, ENDPOINT, duplicates);
    }

    /** Claims a new event and records it as SUCCEEDED (the verdict's fill is sent without waiting). */
    @Benchmark
    public WriteOutcome claimAndComplete(EventIds ids) {
        return PairCheck.claimAndComplete(store, ids.nextKey(ENDPOINT));
    }

    /** A {@code redis-server} without persistence on a spare port of 127.0.0.1, answering before this returns. */
    private String startOwnRedis() throws IOException, InterruptedException {
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        ownRedis = new ProcessBuilder(
                        "redis-server",
                        "--port",
                        Integer.toString(port),
                        "--bind",
                        "127.0.0.1",
                        "--save",
                        "",
                        "--appendonly",
                        "no",
                        "--dir",
                        Files.createTempDirectory("hookguard-bench-redis").toString())
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (System.nanoTime() < deadline) {
            try (Socket probe = new Socket("127.0.0.1", port)) {
                return "redis://127.0.0.1:" + port;
            } catch (IOException notYet) {
                Thread.sleep(20);
            }
        }
        throw new IllegalStateException("redis-server did not start on port " + port);
    }
}
