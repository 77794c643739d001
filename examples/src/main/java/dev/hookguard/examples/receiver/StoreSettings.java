package dev.hookguard.examples.receiver;

import java.nio.file.Path;
import java.util.Map;

/**
 * Where each store kind lives, from the environment, with defaults that match a local setup.
 *
 * @param h2File the H2 database file, without its {@code .mv.db} ending ({@code HOOKGUARD_DEMO_H2_FILE}, default
 *     {@code ./data/hookguard-demo})
 * @param redisUri the Redis URI ({@code HOOKGUARD_REDIS_URI}, default {@code redis://127.0.0.1:6379}); a
 *     comma-separated list means a cluster
 * @param jdbcUrl the PostgreSQL URL ({@code HOOKGUARD_JDBC_URL}, default {@code
 *     jdbc:postgresql://127.0.0.1:5432/postgres})
 * @param jdbcUser its user ({@code HOOKGUARD_JDBC_USER}, default {@code postgres})
 * @param jdbcPassword its password ({@code HOOKGUARD_JDBC_PASSWORD}, default empty)
 * @param tableName the table of the JDBC stores ({@code hookguard_events})
 * @param keyPrefix the key prefix of the Redis store ({@code hookguard})
 * @param poolSize the connections of the JDBC stores' pool ({@code HOOKGUARD_DEMO_POOL_SIZE}, default 16)
 */
public record StoreSettings(
        Path h2File,
        String redisUri,
        String jdbcUrl,
        String jdbcUser,
        String jdbcPassword,
        String tableName,
        String keyPrefix,
        int poolSize) {

    /** Default H2 file, relative to the working directory. */
    static final Path DEFAULT_H2_FILE = Path.of("data", "hookguard-demo");
    /** Default connections of the JDBC pool. */
    public static final int DEFAULT_POOL_SIZE = 16;

    /** The settings the environment gives. */
    public static StoreSettings fromEnv(Map<String, String> env) {
        return new StoreSettings(
                Path.of(env.getOrDefault("HOOKGUARD_DEMO_H2_FILE", DEFAULT_H2_FILE.toString())),
                env.getOrDefault("HOOKGUARD_REDIS_URI", "redis://127.0.0.1:6379"),
                env.getOrDefault("HOOKGUARD_JDBC_URL", "jdbc:postgresql://127.0.0.1:5432/postgres"),
                env.getOrDefault("HOOKGUARD_JDBC_USER", "postgres"),
                env.getOrDefault("HOOKGUARD_JDBC_PASSWORD", ""),
                "hookguard_events",
                "hookguard",
                poolSize(env.getOrDefault("HOOKGUARD_DEMO_POOL_SIZE", Integer.toString(DEFAULT_POOL_SIZE))));
    }

    private static int poolSize(String value) {
        try {
            int size = Integer.parseInt(value.strip());
            if (size >= 1) {
                return size;
            }
        } catch (NumberFormatException e) {
            // below
        }
        throw new IllegalArgumentException(
                "HOOKGUARD_DEMO_POOL_SIZE must be a whole number of at least 1 but was '" + value + "'");
    }
}
