package dev.hookguard.servlet;

import com.zaxxer.hikari.HikariDataSource;
import dev.hookguard.core.RecoveryStore;
import dev.hookguard.core.memory.InMemoryStore;
import dev.hookguard.jdbc.JdbcDialect;
import dev.hookguard.jdbc.JdbcIdempotencyStore;
import dev.hookguard.jdbc.JdbcSchema;
import dev.hookguard.jdbc.JdbcStoreConfig;
import dev.hookguard.redis.RedisIdempotencyStore;
import dev.hookguard.redis.RedisStoreConfig;
import dev.hookguard.redis.RedisStores;
import dev.hookguard.testkit.TestServices;
import java.util.UUID;

/**
 * The three stores the recovery tests run on, each opened fresh for one test class: in-memory, Redis (the shared
 * server, under a key prefix of its own) and PostgreSQL (the shared database, in a table of its own, dropped on
 * close).
 */
enum RecoveryStores {
    MEMORY,
    REDIS,
    POSTGRES;

    /** A store of this kind and what closes it. */
    Opened open() {
        String unique = UUID.randomUUID().toString().substring(0, 8);
        return switch (this) {
            case MEMORY -> new Opened(new InMemoryStore(), () -> {});
            case REDIS -> {
                RedisIdempotencyStore redis = RedisStores.fromUri(
                        TestServices.redisUri(),
                        RedisStoreConfig.custom()
                                .keyPrefix("hg-recovery-" + unique)
                                .acceptVolatileAsync(true) // the shared test Redis runs without AOF
                                .build());
                yield new Opened(redis, redis::close);
            }
            case POSTGRES -> {
                String table = "hookguard_recovery_" + unique;
                TestServices.Database db = TestServices.postgres();
                HikariDataSource dataSource = new HikariDataSource();
                dataSource.setJdbcUrl(db.url());
                dataSource.setUsername(db.user());
                dataSource.setPassword(db.password());
                dataSource.setMaximumPoolSize(16);
                JdbcIdempotencyStore jdbc = new JdbcIdempotencyStore(
                        dataSource,
                        JdbcStoreConfig.custom()
                                .tableName(table)
                                .createSchemaIfMissing(true)
                                .build());
                yield new Opened(jdbc, () -> {
                    JdbcSchema.drop(dataSource, JdbcDialect.POSTGRESQL, table);
                    dataSource.close();
                });
            }
        };
    }

    /** An open store; closing releases its connections (and drops a test table). */
    record Opened(RecoveryStore store, Runnable closer) implements AutoCloseable {
        @Override
        public void close() {
            closer.run();
        }
    }
}
