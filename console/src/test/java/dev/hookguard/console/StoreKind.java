package dev.hookguard.console;

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
import java.util.stream.Stream;

/** The stores the API tests run on: in memory, Redis and PostgreSQL (real servers, from {@link TestServices}). */
enum StoreKind {
    IN_MEMORY {
        @Override
        Fixture open() {
            return new Fixture(new InMemoryStore(), () -> {});
        }
    },
    REDIS {
        @Override
        Fixture open() {
            RedisIdempotencyStore redis = RedisStores.fromUri(
                    TestServices.redisUri(),
                    RedisStoreConfig.custom()
                            .keyPrefix("hg-console-" + random())
                            .build());
            return new Fixture(redis, redis::close);
        }
    },
    POSTGRES {
        @Override
        Fixture open() {
            TestServices.Database db = TestServices.postgres();
            HikariDataSource dataSource = new HikariDataSource();
            dataSource.setJdbcUrl(db.url());
            dataSource.setUsername(db.user());
            dataSource.setPassword(db.password());
            dataSource.setMaximumPoolSize(8);
            String table = "hookguard_console_" + random();
            JdbcIdempotencyStore jdbc = new JdbcIdempotencyStore(
                    dataSource,
                    JdbcStoreConfig.custom()
                            .tableName(table)
                            .createSchemaIfMissing(true)
                            .build());
            return new Fixture(jdbc, () -> {
                JdbcSchema.drop(dataSource, JdbcDialect.POSTGRESQL, table);
                dataSource.close();
            });
        }
    };

    /** An open store and what closes it. */
    record Fixture(RecoveryStore store, AutoCloseable closer) implements AutoCloseable {
        @Override
        public void close() throws Exception {
            closer.close();
        }
    }

    abstract Fixture open();

    /** The stores the API tests run on: every kind. */
    static Stream<StoreKind> tested() {
        return Stream.of(IN_MEMORY, REDIS, POSTGRES);
    }

    private static String random() {
        return UUID.randomUUID().toString().substring(0, 8);
    }
}
