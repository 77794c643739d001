package dev.hookguard.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import com.zaxxer.hikari.HikariDataSource;
import io.lettuce.core.RedisClient;
import io.lettuce.core.ScanArgs;
import io.lettuce.core.api.StatefulRedisConnection;
import java.util.Collection;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.results.RunResult;

/**
 * Every store and peer benchmark (the tiered store's with Redis up and down), the bare baselines and the Redis
 * feature floor starts, runs its method without an error on two threads, and cleans up.
 */
class StoreBenchmarksIT {

    @BeforeAll
    static void services() {
        BenchServices.configure();
    }

    @Test
    void shouldRunEveryStoreAndPeerBenchmarkAndLeaveNoTableOrHashBehind() throws Exception {
        Collection<RunResult> results = JmhSmoke.run(
                "stores",
                "dev\\.hookguard\\.benchmarks\\.(RedisStoreBenchmark|JdbcStoreBenchmark|TieredStoreBenchmark|peers\\.|bare\\.).*",
                2);

        assertThat(results)
                .extracting(r -> r.getParams().getBenchmark().replace("dev.hookguard.benchmarks.", ""))
                .containsExactlyInAnyOrder(
                        "RedisStoreBenchmark.claimAndComplete",
                        "RedisStoreBenchmark.mostlyDuplicates",
                        "bare.BareRedisBenchmark.claimAndComplete",
                        "bare.BareRedisBenchmark.mostlyDuplicates",
                        "bare.FloorRedisBenchmark.claimAndComplete",
                        "bare.FloorRedisBenchmark.mostlyDuplicates",
                        "bare.BareJdbcBenchmark.claimAndComplete",
                        "bare.BareJdbcBenchmark.mostlyDuplicates",
                        "TieredStoreBenchmark.claimAndComplete",
                        "TieredStoreBenchmark.claimAndComplete",
                        "TieredStoreBenchmark.mostlyDuplicates",
                        "TieredStoreBenchmark.mostlyDuplicates",
                        "JdbcStoreBenchmark.claimAndComplete",
                        "JdbcStoreBenchmark.mostlyDuplicates",
                        "peers.CamelJdbcBenchmark.addAndConfirm",
                        "peers.SpringJdbcMetadataBenchmark.putIfAbsentAndReplace",
                        "peers.SpringRedisMetadataBenchmark.putIfAbsentAndReplace");
        assertThat(results)
                .allSatisfy(r -> assertThat(r.getPrimaryResult().getScore()).isPositive());
        try (HikariDataSource pool = Postgres.pool(1)) {
            for (BenchTable table : BenchTable.values()) {
                assertThat(table.exists(pool)).as(table.tableName()).isFalse();
            }
        }
        RedisClient client = RedisClient.create(BenchEnvironment.redisUri());
        try (StatefulRedisConnection<String, String> redis = client.connect()) {
            assertThat(redis.sync()
                            .scan(ScanArgs.Builder.matches(BenchEnvironment.PREFIX + ":si-metadata:*")
                                    .limit(100_000))
                            .getKeys())
                    .isEmpty();
        } finally {
            client.shutdown();
        }
    }
}
