package dev.hookguard.benchmarks;

import com.zaxxer.hikari.HikariDataSource;
import dev.hookguard.core.WriteOutcome;
import dev.hookguard.jdbc.JdbcDialect;
import dev.hookguard.jdbc.JdbcIdempotencyStore;
import dev.hookguard.jdbc.JdbcStoreConfig;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * The JDBC store on PostgreSQL: each thread claims a new event (one {@code INSERT … ON CONFLICT … RETURNING}) and
 * completes it (one fenced {@code UPDATE}), each auto-committed on a pooled connection. One operation is one
 * pair; the pool holds one connection per thread. The baseline is {@code pgbench -M prepared} running the very
 * statements this store sends (captured by {@link dev.hookguard.benchmarks.tools.PgbenchScript}). {@link
 * #mostlyDuplicates} is the same with 80 % of the operations a duplicate of a seeded, completed event.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
public class JdbcStoreBenchmark {

    static final String ENDPOINT = "jmh-jdbc";

    /** The endpoint of the duplicate workload's seeded events. */
    static final String DUPLICATES = "jmh-jdbc-dup";

    private HikariDataSource pool;
    private JdbcIdempotencyStore store;
    private boolean createdTable;

    /** Opens the pool, creates the table if needed and empties it. */
    @Setup
    public void open(BenchmarkParams params) {
        pool = Postgres.pool(params.getThreads());
        createdTable = BenchTable.HOOKGUARD.createIfMissing(pool);
        BenchTable.HOOKGUARD.truncate(pool);
        store = new JdbcIdempotencyStore(
                pool,
                JdbcStoreConfig.custom()
                        .tableName(BenchTable.HOOKGUARD.tableName())
                        .dialect(JdbcDialect.POSTGRESQL)
                        .build());
        PairCheck.seed(store, DUPLICATES);
    }

    /** Drops the table if this benchmark created it, and closes the pool. */
    @TearDown
    public void close() {
        if (createdTable) {
            BenchTable.HOOKGUARD.drop(pool);
        }
        pool.close();
    }

    /**
     * The duplicate workload: one operation in {@link Workload#NEW_EVERY} is a new event's claim + complete, the others
     * (80 %) a claim of one of the {@link Workload#SEEDED} completed events, reported as a duplicate.
     */
    @Benchmark
    public Object mostlyDuplicates(EventIds ids) {
        return PairCheck.mostlyDuplicates(store, ids, ENDPOINT, DUPLICATES);
    }

    /** Claims a new event and records it as SUCCEEDED. */
    @Benchmark
    public WriteOutcome claimAndComplete(EventIds ids) {
        return PairCheck.claimAndComplete(store, ids.nextKey(ENDPOINT));
    }
}
