package dev.hookguard.benchmarks.peers;

import com.zaxxer.hikari.HikariDataSource;
import dev.hookguard.benchmarks.BenchTable;
import dev.hookguard.benchmarks.EventIds;
import dev.hookguard.benchmarks.Postgres;
import java.util.UUID;
import org.apache.camel.processor.idempotent.jdbc.JdbcMessageIdRepository;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * Apache Camel's {@code JdbcMessageIdRepository} on PostgreSQL, as the Idempotent Consumer uses it with {@code
 * eager=true}: {@code add(id)} before processing (one transaction: {@code SELECT COUNT(*)}, then {@code INSERT}),
 * {@code confirm(id)} after (a no-op in this repository). One operation is one new id; the pool holds one
 * connection per thread. The table has a primary key (Camel's default DDL has none).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
public class CamelJdbcBenchmark {

    private HikariDataSource pool;
    private JdbcMessageIdRepository repository;
    private boolean createdTable;

    /** Opens the pool, creates the table if needed, empties it and starts the repository. */
    @Setup
    public void open(BenchmarkParams params) {
        pool = Postgres.pool(params.getThreads());
        createdTable = BenchTable.CAMEL.createIfMissing(pool);
        BenchTable.CAMEL.truncate(pool);
        repository = new JdbcMessageIdRepository(pool, "bench-" + UUID.randomUUID());
        repository.setTableName(BenchTable.CAMEL.tableName());
        repository.setCreateTableIfNotExists(false);
        repository.start();
    }

    /** Stops the repository, drops the table if this benchmark created it, and closes the pool. */
    @TearDown
    public void close() {
        repository.stop();
        if (createdTable) {
            BenchTable.CAMEL.drop(pool);
        }
        pool.close();
    }

    /** Adds a new id and confirms it. */
    @Benchmark
    public boolean addAndConfirm(EventIds ids) {
        String id = ids.next();
        if (!repository.add(id)) {
            throw new IllegalStateException("Camel refused a new id");
        }
        return repository.confirm(id);
    }
}
