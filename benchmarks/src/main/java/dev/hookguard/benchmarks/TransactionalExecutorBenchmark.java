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
import org.openjdk.jmh.annotations.Param;
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
    private static final Payload PAYLOAD = new Payload(new byte[0], Map.of());

    /**
     * What the handler answers: {@code empty}, an empty 200 (the default; Camel's repository keeps nothing but the
     * id), whose verdict is the row the claim wrote, so no statement; or {@code json}, the 200 with a small JSON
     * body of the other benchmarks ({@link Workload#RESPONSE}), whose verdict is an {@code UPDATE} (a HOT one on
     * PostgreSQL): {@code -p response=empty,json}.
     */
    @Param({"empty"})
    public String response;

    private StoredResponse ok;
    private Execution processed;

    private HikariDataSource pool;
    private JdbcIdempotentExecutor executor;
    private boolean createdTable;

    /** Opens the pool, creates the table if needed and empties it. */
    @Setup
    public void open(BenchmarkParams params) {
        ok = switch (response) {
            case "empty" -> StoredResponse.empty(200);
            case "json" -> Workload.RESPONSE;
            default -> throw new IllegalArgumentException("response must be empty or json but was '" + response + "'");
        };
        processed = new Execution.Handled(ok, Verdict.PROCESSED);
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
                ids.nextKey(ENDPOINT), Workload.FINGERPRINT, PAYLOAD, Workload.POLICY, tx -> ok);
        if (!execution.equals(processed)) {
            throw new IllegalStateException("a new event was not processed: " + execution);
        }
        return execution;
    }
}
