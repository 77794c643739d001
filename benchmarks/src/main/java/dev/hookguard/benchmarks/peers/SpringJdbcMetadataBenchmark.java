package dev.hookguard.benchmarks.peers;

import com.zaxxer.hikari.HikariDataSource;
import dev.hookguard.benchmarks.BenchEnvironment;
import dev.hookguard.benchmarks.BenchTable;
import dev.hookguard.benchmarks.EventIds;
import dev.hookguard.benchmarks.Postgres;
import java.util.UUID;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.springframework.integration.jdbc.metadata.JdbcMetadataStore;

/**
 * Spring Integration's {@code JdbcMetadataStore} on PostgreSQL: {@code putIfAbsent(id, "processing")} of a new id,
 * the call a {@code MetadataStoreSelector} makes for an idempotent receiver (one {@code INSERT … SELECT … HAVING
 * COUNT(*)=0 ON CONFLICT DO NOTHING}), then {@code replace(id, "processing", "processed")} once handled (one {@code
 * UPDATE … WHERE value = ?}). Used without a Spring transaction proxy, so each call is one auto-committed
 * statement: the cheapest way to use it. One operation is one new id, claimed and completed.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
public class SpringJdbcMetadataBenchmark {

    private HikariDataSource pool;
    private JdbcMetadataStore store;
    private boolean createdTable;

    /** Opens the pool, creates the table if needed, empties it and starts the store. */
    @Setup
    public void open(BenchmarkParams params) {
        pool = Postgres.pool(params.getThreads());
        createdTable = BenchTable.METADATA.createIfMissing(pool);
        BenchTable.METADATA.truncate(pool);
        store = new JdbcMetadataStore(pool);
        store.setTablePrefix(BenchEnvironment.PREFIX + "_");
        store.setRegion("bench-" + UUID.randomUUID().toString().substring(0, 8));
        store.afterPropertiesSet();
        store.start();
    }

    /** Stops the store, drops the table if this benchmark created it, and closes the pool. */
    @TearDown
    public void close() {
        store.stop();
        if (createdTable) {
            BenchTable.METADATA.drop(pool);
        }
        pool.close();
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
