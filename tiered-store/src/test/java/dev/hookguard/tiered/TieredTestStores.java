package dev.hookguard.tiered;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.hookguard.jdbc.JdbcDialect;
import dev.hookguard.jdbc.JdbcIdempotencyStore;
import dev.hookguard.jdbc.JdbcSchema;
import dev.hookguard.jdbc.JdbcStoreConfig;
import dev.hookguard.testkit.TestServices;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * One test class's tiered stores: a PostgreSQL table of its own (created through the JDBC store's
 * create-if-missing path, dropped on {@link #close()}) and a cache key prefix of its own on the given Redis, so the
 * shared services need no cleaning. Every store it builds is closed with it.
 */
final class TieredTestStores implements AutoCloseable {

    final HikariDataSource dataSource;
    final String table;
    final String keyPrefix;
    private final String redisUri;
    private final List<TieredStore> built = new ArrayList<>();

    TieredTestStores(String redisUri) {
        this(redisUri, 16);
    }

    TieredTestStores(String redisUri, int poolSize) {
        TestServices.Database db = TestServices.postgres();
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(db.url());
        config.setUsername(db.user());
        config.setPassword(db.password());
        config.setMaximumPoolSize(poolSize);
        config.setPoolName("hookguard-tiered-it");
        this.dataSource = new HikariDataSource(config);
        String id = UUID.randomUUID().toString().replace("-", "").substring(0, 12);
        this.table = "hookguard_events_tiered_" + id;
        this.keyPrefix = "hgc-" + id;
        this.redisUri = redisUri;
        authority();
        JdbcSchema.createIfMissing(dataSource, JdbcDialect.POSTGRESQL, table);
    }

    /** The JDBC store on this class's table. */
    JdbcIdempotencyStore authority() {
        return new JdbcIdempotencyStore(
                dataSource,
                JdbcStoreConfig.custom()
                        .tableName(table)
                        .dialect(JdbcDialect.POSTGRESQL)
                        .createSchemaIfMissing(true)
                        .build());
    }

    /** This class's prefix, with timeouts for a loaded test machine. */
    TieredStoreConfig config() {
        return TieredStoreConfig.custom()
                .keyPrefix(keyPrefix)
                .commandTimeout(Duration.ofSeconds(2))
                .connectTimeout(Duration.ofSeconds(5))
                .build();
    }

    /** A tiered store over {@link #authority()} with its own cache connection. */
    synchronized TieredStore store() {
        return store(authority(), config());
    }

    synchronized TieredStore store(dev.hookguard.core.RecoveryStore authority, TieredStoreConfig config) {
        TieredStore store = TieredStore.of(authority, redisUri, config);
        built.add(store);
        return store;
    }

    @Override
    public synchronized void close() {
        try {
            built.forEach(TieredStore::close);
            JdbcSchema.drop(dataSource, JdbcDialect.POSTGRESQL, table);
        } finally {
            dataSource.close();
        }
    }

    static String clusterUris() {
        String uris = System.getenv("HOOKGUARD_REDIS_CLUSTER_URI");
        if (uris == null || uris.isBlank()) {
            TestServices.missing("HOOKGUARD_REDIS_CLUSTER_URI");
        }
        return uris;
    }
}
