package dev.hookguard.benchmarks.peers;

import com.zaxxer.hikari.HikariDataSource;
import dev.hookguard.benchmarks.BenchEnvironment;
import dev.hookguard.benchmarks.BenchTable;
import dev.hookguard.benchmarks.Postgres;
import dev.hookguard.benchmarks.Workload;
import dev.hookguard.core.ClaimOutcome;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.IdempotencyStore;
import dev.hookguard.core.RecordStatus;
import dev.hookguard.core.WriteOutcome;
import dev.hookguard.jdbc.JdbcDialect;
import dev.hookguard.jdbc.JdbcIdempotencyStore;
import dev.hookguard.jdbc.JdbcStoreConfig;
import dev.hookguard.redis.RedisIdempotencyStore;
import dev.hookguard.redis.RedisStoreConfig;
import dev.hookguard.redis.RedisStores;
import io.lettuce.core.RedisURI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.apache.camel.processor.idempotent.jdbc.JdbcMessageIdRepository;
import org.jspecify.annotations.Nullable;
import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.integration.jdbc.metadata.JdbcMetadataStore;
import org.springframework.integration.redis.metadata.RedisMetadataStore;

/**
 * The correctness half of the peer comparison: for each contender (Hookguard's Redis and JDBC stores, Camel's
 * {@code JdbcMessageIdRepository} with the benchmark's primary key and as Camel ships its table, Spring
 * Integration's {@code JdbcMetadataStore} and {@code RedisMetadataStore}), {@code rounds} rounds in which {@code
 * threads} threads, released together, claim the same new id; every winner completes it. Per contender it prints
 * one tab-separated line: name, rounds, threads, rounds with more than one winner (incorrect), rounds with none,
 * the most winners of a round, claims that threw, completions that returned success, and of those the records
 * that do not show the completion when read back ({@code -} when the contender keeps no such state).
 *
 * <pre>java -cp benchmarks.jar dev.hookguard.benchmarks.tools.BenchTool peer-race ROUNDS THREADS</pre>
 */
public final class PeerRace {

    private static final long ROUND_TIMEOUT_SECONDS = 30;

    private PeerRace() {}

    /** Runs the race for every contender and prints one line each. */
    public static void run(int rounds, int threads) {
        if (rounds < 1 || threads < 2) {
            throw new IllegalArgumentException(
                    "peer-race needs at least 1 round and 2 threads, not " + rounds + " and " + threads);
        }
        System.out.println("contender\trounds\tthreads\tmulti_winner_rounds\tno_winner_rounds\tmax_winners"
                + "\tclaim_errors\tcompleted\tunfinished");
        List<Supplier<Contender>> contenders = List.of(
                () -> new HookguardContender("hookguard-redis", redisStore()),
                () -> HookguardContender.jdbc(threads),
                () -> new CamelContender("camel-jdbc", BenchTable.CAMEL, threads),
                () -> new CamelContender("camel-jdbc-as-shipped", BenchTable.CAMEL_AS_SHIPPED, threads),
                () -> new SpringJdbcContender(threads),
                SpringRedisContender::new);
        for (Supplier<Contender> make : contenders) {
            try (Contender contender = make.get()) {
                System.out.println(race(contender, rounds, threads));
            }
        }
    }

    private static String race(Contender contender, int rounds, int threads) {
        String run = UUID.randomUUID().toString().substring(0, 8);
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        int multi = 0;
        int none = 0;
        int most = 0;
        AtomicInteger errors = new AtomicInteger();
        List<String> completed = new ArrayList<>();
        try {
            for (int round = 0; round < rounds; round++) {
                String id = "race-" + run + "-" + round;
                CountDownLatch start = new CountDownLatch(1);
                List<Future<Boolean>> claims = new ArrayList<>(threads);
                for (int t = 0; t < threads; t++) {
                    claims.add(pool.submit(() -> {
                        start.await();
                        try {
                            return contender.claim(id);
                        } catch (RuntimeException e) {
                            errors.incrementAndGet();
                            return false;
                        }
                    }));
                }
                start.countDown();
                int winners = 0;
                for (Future<Boolean> claim : claims) {
                    if (claim.get(ROUND_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                        winners++;
                    }
                }
                if (winners > 0 && contender.complete(id)) {
                    completed.add(id);
                }
                multi += winners > 1 ? 1 : 0;
                none += winners == 0 ? 1 : 0;
                most = Math.max(most, winners);
            }
        } catch (Exception e) {
            throw new IllegalStateException("the race of " + contender.name() + " failed: " + e, e);
        } finally {
            pool.shutdownNow();
        }
        String unfinished = "-";
        if (!completed.isEmpty() && contender.finished(completed.get(0)) != null) {
            unfinished = Long.toString(completed.stream()
                    .filter(id -> !Boolean.TRUE.equals(contender.finished(id)))
                    .count());
        }
        return String.join(
                "\t",
                contender.name(),
                Integer.toString(rounds),
                Integer.toString(threads),
                Integer.toString(multi),
                Integer.toString(none),
                Integer.toString(most),
                Integer.toString(errors.get()),
                Integer.toString(completed.size()),
                unfinished);
    }

    private static RedisIdempotencyStore redisStore() {
        return RedisStores.fromUri(
                BenchEnvironment.redisUri(),
                RedisStoreConfig.custom().keyPrefix(BenchEnvironment.PREFIX).build());
    }

    /** Hookguard's store: a claim that acquired wins; completion records SUCCEEDED. */
    private static final class HookguardContender implements Contender {
        private final String name;
        private final IdempotencyStore store;
        private final AutoCloseable resources;
        private final Map<String, Long> tokens = new ConcurrentHashMap<>();

        HookguardContender(String name, RedisIdempotencyStore store) {
            this(name, store, store);
        }

        private HookguardContender(String name, IdempotencyStore store, AutoCloseable resources) {
            this.name = name;
            this.store = store;
            this.resources = resources;
        }

        static HookguardContender jdbc(int threads) {
            HikariDataSource pool = Postgres.pool(threads);
            boolean created = BenchTable.HOOKGUARD.createIfMissing(pool);
            JdbcIdempotencyStore store = new JdbcIdempotencyStore(
                    pool,
                    JdbcStoreConfig.custom()
                            .tableName(BenchTable.HOOKGUARD.tableName())
                            .dialect(JdbcDialect.POSTGRESQL)
                            .build());
            return new HookguardContender("hookguard-jdbc", store, () -> {
                if (created) {
                    BenchTable.HOOKGUARD.drop(pool);
                }
                pool.close();
            });
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public boolean claim(String id) {
            ClaimOutcome outcome = store.claim(EventKey.of("race", id), Workload.FINGERPRINT, Workload.POLICY);
            if (outcome instanceof ClaimOutcome.Acquired acquired) {
                tokens.put(id, acquired.token());
                return true;
            }
            return false;
        }

        @Override
        public boolean complete(String id) {
            return store.complete(EventKey.of("race", id), tokens.get(id), Workload.COMPLETION, Workload.POLICY)
                    instanceof WriteOutcome.Recorded;
        }

        @Override
        public Boolean finished(String id) {
            return store.find(EventKey.of("race", id))
                    .map(r -> r.status() == RecordStatus.SUCCEEDED)
                    .orElse(false);
        }

        @Override
        public void close() {
            try {
                resources.close();
            } catch (Exception e) {
                throw new IllegalStateException("cannot close " + name, e);
            }
        }
    }

    /** Camel: {@code add} wins when it returns true; {@code confirm} completes (a no-op that keeps no state). */
    private static final class CamelContender implements Contender {
        private final String name;
        private final BenchTable table;
        private final HikariDataSource pool;
        private final boolean created;
        private final JdbcMessageIdRepository repository;

        CamelContender(String name, BenchTable table, int threads) {
            this.name = name;
            this.table = table;
            this.pool = Postgres.pool(threads);
            this.created = table.createIfMissing(pool);
            this.repository = new JdbcMessageIdRepository(pool, "race-" + UUID.randomUUID());
            repository.setTableName(table.tableName());
            repository.setCreateTableIfNotExists(false);
            repository.start();
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public boolean claim(String id) {
            return repository.add(id);
        }

        @Override
        public boolean complete(String id) {
            return repository.confirm(id);
        }

        @Override
        public @Nullable Boolean finished(String id) {
            return null; // one row per id, the same before and after confirm
        }

        @Override
        public void close() {
            repository.stop();
            if (created) {
                table.drop(pool);
            }
            pool.close();
        }
    }

    /** Spring Integration on PostgreSQL: {@code putIfAbsent(id, "processing")}, then {@code replace(…, "processed")}. */
    private static final class SpringJdbcContender implements Contender {
        private final HikariDataSource pool;
        private final boolean created;
        private final JdbcMetadataStore store;

        SpringJdbcContender(int threads) {
            pool = Postgres.pool(threads);
            created = BenchTable.METADATA.createIfMissing(pool);
            store = new JdbcMetadataStore(pool);
            store.setTablePrefix(BenchEnvironment.PREFIX + "_");
            store.setRegion("race-" + UUID.randomUUID().toString().substring(0, 8));
            store.afterPropertiesSet();
            store.start();
        }

        @Override
        public String name() {
            return "spring-integration-jdbc";
        }

        @Override
        public boolean claim(String id) {
            return store.putIfAbsent(id, SpringIntegration.PROCESSING) == null;
        }

        @Override
        public boolean complete(String id) {
            return store.replace(id, SpringIntegration.PROCESSING, SpringIntegration.PROCESSED);
        }

        @Override
        public Boolean finished(String id) {
            return SpringIntegration.PROCESSED.equals(store.get(id));
        }

        @Override
        public void close() {
            store.stop();
            if (created) {
                BenchTable.METADATA.drop(pool);
            }
            pool.close();
        }
    }

    /** Spring Integration on Redis: the same two calls on one hash. */
    private static final class SpringRedisContender implements Contender {
        private final LettuceConnectionFactory connections;
        private final String hash;
        private final RedisMetadataStore store;

        SpringRedisContender() {
            connections = SpringIntegration.connections(RedisURI.create(BenchEnvironment.redisUri()));
            hash = BenchEnvironment.PREFIX + ":si-race:"
                    + UUID.randomUUID().toString().substring(0, 8);
            store = new RedisMetadataStore(connections, hash);
        }

        @Override
        public String name() {
            return "spring-integration-redis";
        }

        @Override
        public boolean claim(String id) {
            return store.putIfAbsent(id, SpringIntegration.PROCESSING) == null;
        }

        @Override
        public boolean complete(String id) {
            return store.replace(id, SpringIntegration.PROCESSING, SpringIntegration.PROCESSED);
        }

        @Override
        public Boolean finished(String id) {
            return SpringIntegration.PROCESSED.equals(store.get(id));
        }

        @Override
        public void close() {
            try (RedisConnection connection = connections.getConnection()) {
                connection.keyCommands().del(hash.getBytes(StandardCharsets.UTF_8));
            }
            connections.destroy();
        }
    }
}
