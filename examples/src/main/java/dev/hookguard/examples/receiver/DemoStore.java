package dev.hookguard.examples.receiver;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.hookguard.core.RecoveryStore;
import dev.hookguard.jdbc.JdbcIdempotencyStore;
import dev.hookguard.jdbc.JdbcStoreConfig;
import dev.hookguard.redis.RedisIdempotencyStore;
import dev.hookguard.redis.RedisStoreConfig;
import dev.hookguard.redis.RedisStores;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalLong;
import org.jspecify.annotations.Nullable;

/**
 * The store behind the receiver, opened for a {@link StoreKind}: the JDBC store on an H2 file or on PostgreSQL
 * (creating its table if missing), or the Redis store. Closing it closes the pool or connection.
 *
 * @param store the store
 * @param description where the records are, for the summary (never a password)
 * @param resources what closing releases
 * @param file the H2 file ({@code ….mv.db}), null for the other stores
 */
public record DemoStore(
        RecoveryStore store,
        String description,
        AutoCloseable resources,
        @Nullable Path file) implements AutoCloseable {

    /** Opens the store of this kind; throws {@code StoreUnavailableException} or a pool's exception if down. */
    public static DemoStore open(StoreKind kind, StoreSettings settings) throws Exception {
        return switch (kind) {
            case H2 -> h2(settings);
            case REDIS -> redis(settings);
            case POSTGRES ->
                jdbc(
                        settings.jdbcUrl(),
                        settings.jdbcUser(),
                        settings.jdbcPassword(),
                        settings,
                        "PostgreSQL " + settings.jdbcUrl().replaceFirst("\\?.*", ""),
                        null);
        };
    }

    private static DemoStore h2(StoreSettings settings) throws Exception {
        Path file = settings.h2File().toAbsolutePath().normalize();
        Files.createDirectories(file.getParent());
        Path mvFile = file.resolveSibling(file.getFileName() + ".mv.db");
        return jdbc("jdbc:h2:file:" + file, "sa", "", settings, "H2 file " + mvFile, mvFile);
    }

    private static DemoStore jdbc(
            String url, String user, String password, StoreSettings settings, String what, @Nullable Path file) {
        HikariConfig hikari = new HikariConfig();
        hikari.setJdbcUrl(url);
        hikari.setUsername(user);
        hikari.setPassword(password);
        hikari.setMaximumPoolSize(settings.poolSize());
        hikari.setConnectionTimeout(5_000);
        hikari.setPoolName("hookguard-demo");
        HikariDataSource pool = new HikariDataSource(hikari);
        try {
            JdbcIdempotencyStore store = new JdbcIdempotencyStore(
                    pool,
                    JdbcStoreConfig.custom()
                            .tableName(settings.tableName())
                            .createSchemaIfMissing(true)
                            .build());
            return new DemoStore(store, what + ", table " + settings.tableName(), pool, file);
        } catch (RuntimeException e) {
            pool.close();
            throw e;
        }
    }

    private static DemoStore redis(StoreSettings settings) {
        RedisIdempotencyStore store = RedisStores.fromUri(
                settings.redisUri(),
                RedisStoreConfig.custom()
                        .keyPrefix(settings.keyPrefix())
                        .acceptVolatileAsync(true) // a demo's events are throwaway; a real receiver decides
                        .build());
        return new DemoStore(store, "Redis " + withoutPassword(settings.redisUri()), store, null);
    }

    private static String withoutPassword(String uri) {
        return uri.replaceAll("//[^@/]*@", "//");
    }

    /** The size of the H2 file now, in bytes; empty for the other stores. */
    public OptionalLong fileBytes() {
        try {
            return file == null ? OptionalLong.empty() : OptionalLong.of(Files.size(file));
        } catch (IOException e) {
            return OptionalLong.empty();
        }
    }

    /** Closes the pool or the connection. */
    @Override
    public void close() {
        try {
            resources.close();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Exception e) {
            throw new IllegalStateException("could not close the store", e);
        }
    }
}
