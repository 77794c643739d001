package dev.hookguard.benchmarks;

import com.zaxxer.hikari.HikariDataSource;
import dev.hookguard.core.Payload;
import dev.hookguard.core.StoredResponse;
import dev.hookguard.core.executor.Execution;
import dev.hookguard.core.executor.Verdict;
import dev.hookguard.jdbc.JdbcDialect;
import dev.hookguard.jdbc.JdbcIdempotencyStore;
import dev.hookguard.jdbc.JdbcIdempotentExecutor;
import dev.hookguard.jdbc.JdbcStoreConfig;
import java.util.Map;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * The JDBC store's transactional path on PostgreSQL ({@link JdbcIdempotentExecutor}): each thread runs a new event
 * whose handler does nothing, so one operation is the claim and the SUCCEEDED verdict in one transaction committed
 * once, the work Camel's {@code add} + {@code confirm} does ({@link
 * dev.hookguard.benchmarks.peers.CamelJdbcBenchmark}). The pool holds one connection per thread.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
public class TransactionalExecutorBenchmark {

    static final String ENDPOINT = "jmh-jdbc-tx";
    private static final StoredResponse OK = StoredResponse.empty(200);
    private static final Payload PAYLOAD = new Payload(new byte[0], Map.of());
    private static final Execution PROCESSED = new Execution.Handled(OK, Verdict.PROCESSED);

    private HikariDataSource pool;
    private JdbcIdempotentExecutor executor;
    private boolean createdTable;

    /** Opens the pool, creates the table if needed and empties it. */
    @Setup
    public void open(BenchmarkParams params) {
        pool = Postgres.pool(params.getThreads());
        createdTable = BenchTable.HOOKGUARD.createIfMissing(pool);
        BenchTable.HOOKGUARD.truncate(pool);
        executor = new JdbcIdempotentExecutor(new JdbcIdempotencyStore(
                pool,
                JdbcStoreConfig.custom()
                        .tableName(BenchTable.HOOKGUARD.tableName())
                        .dialect(JdbcDialect.POSTGRESQL)
                        .build()));
    }

    /** Drops the table if this benchmark created it, and closes the pool. */
    @TearDown
    public void close() {
        if (createdTable) {
            BenchTable.HOOKGUARD.drop(pool);
        }
        pool.close();
    }

    /** Claims a new event, runs an empty handler and commits it SUCCEEDED, in one transaction. */
    @Benchmark
    public Execution executeInTransaction(EventIds ids) throws Exception {
        Execution execution = executor.executeInTransaction(
                ids.nextKey(ENDPOINT), Workload.FINGERPRINT, PAYLOAD, Workload.POLICY, tx -> OK);
        if (!execution.equals(PROCESSED)) {
            throw new IllegalStateException("a new event was not processed: " + execution);
        }
        return execution;
    }
}
