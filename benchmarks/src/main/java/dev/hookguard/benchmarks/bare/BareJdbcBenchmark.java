package dev.hookguard.benchmarks.bare;

import com.zaxxer.hikari.HikariDataSource;
import dev.hookguard.benchmarks.BenchTable;
import dev.hookguard.benchmarks.EventIds;
import dev.hookguard.benchmarks.Postgres;
import dev.hookguard.benchmarks.Workload;
import java.util.concurrent.ThreadLocalRandom;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * The JDBC row's baseline ({@link BareJdbc}): raw JDBC on a HikariCP pool of one connection per thread, as the
 * store's benchmark has; the plain guarded UPSERT and the fenced UPDATE per new event ({@link #claimAndComplete}),
 * the UPSERT alone per duplicate ({@link #mostlyDuplicates}: 80 % claims of {@link Workload#SEEDED} completed
 * events).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
public class BareJdbcBenchmark {

    private static final String ENDPOINT = "jmh-bare";
    private static final String DUPLICATES = "jmh-bare-dup";

    private HikariDataSource pool;
    private BareJdbc bare;
    private boolean createdTable;

    /** Opens the pool, creates and empties the table, seeds the duplicates. */
    @Setup
    public void open(BenchmarkParams params) {
        pool = Postgres.pool(params.getThreads());
        createdTable = BenchTable.BARE.createIfMissing(pool);
        BenchTable.BARE.truncate(pool);
        bare = new BareJdbc(pool, BenchTable.BARE.tableName());
        bare.seed(DUPLICATES);
    }

    /** Drops the table if this benchmark created it, and closes the pool. */
    @TearDown
    public void close() {
        if (createdTable) {
            BenchTable.BARE.drop(pool);
        }
        pool.close();
    }

    /** A new event's claim and completion: two statements. */
    @Benchmark
    public void claimAndComplete(EventIds ids) {
        bare.claimAndComplete(ENDPOINT, ids.next());
    }

    /** One operation in five a new event's pair, the others a duplicate's claim: one statement. */
    @Benchmark
    public void mostlyDuplicates(EventIds ids) {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        if (random.nextInt(Workload.NEW_EVERY) == 0) {
            bare.claimAndComplete(ENDPOINT, ids.next());
        } else {
            bare.duplicate(DUPLICATES, Workload.seededId(1 + random.nextInt(Workload.SEEDED)));
        }
    }
}
