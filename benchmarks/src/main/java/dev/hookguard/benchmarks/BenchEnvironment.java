package dev.hookguard.benchmarks;

import java.util.regex.Pattern;

/**
 * Where the benchmarks find Redis and PostgreSQL: a system property (set by the smoke tests), else the
 * environment variable the integration tests use, else the service on this machine's loopback. Everything a
 * benchmark writes carries {@link #PREFIX}: the Redis key prefix and the start of the names of the tables, which
 * the benchmarks create and drop themselves.
 */
public final class BenchEnvironment {

    /** The system property that replaces {@link #DEFAULT_PREFIX}; the smoke tests set a unique one per run. */
    public static final String PREFIX_PROPERTY = "hookguard.bench.prefix";

    private static final Pattern VALID_PREFIX = Pattern.compile("[a-z_][a-z0-9_]{0,23}");

    /** The prefix of {@code run.sh}. */
    public static final String DEFAULT_PREFIX = "hookguard_bench";

    /**
     * The Redis key prefix and the start of every table name the benchmarks own: {@link #PREFIX_PROPERTY} as it was
     * when this class was loaded, else {@link #DEFAULT_PREFIX}. Lower-case letters, digits and {@code _}, at most
     * 24 characters, so that every derived table name stays a plain identifier.
     */
    public static final String PREFIX = prefix();

    private BenchEnvironment() {}

    /** The standalone Redis, {@code redis://host:port}. */
    public static String redisUri() {
        return setting("hookguard.redis.uri", "HOOKGUARD_REDIS_URI", "redis://127.0.0.1:6379");
    }

    /** The PostgreSQL database's JDBC URL. */
    public static String jdbcUrl() {
        return setting("hookguard.jdbc.url", "HOOKGUARD_JDBC_URL", "jdbc:postgresql://127.0.0.1:5432/test");
    }

    /** The PostgreSQL user. */
    public static String jdbcUser() {
        return setting("hookguard.jdbc.user", "HOOKGUARD_JDBC_USER", "postgres");
    }

    /** The PostgreSQL password; empty for trust authentication. */
    public static String jdbcPassword() {
        return setting("hookguard.jdbc.password", "HOOKGUARD_JDBC_PASSWORD", "");
    }

    private static String prefix() {
        String prefix = System.getProperty(PREFIX_PROPERTY, DEFAULT_PREFIX);
        if (!VALID_PREFIX.matcher(prefix).matches()) {
            throw new IllegalArgumentException(
                    PREFIX_PROPERTY + " must match " + VALID_PREFIX + " but was '" + prefix + "'");
        }
        return prefix;
    }

    private static String setting(String property, String variable, String fallback) {
        String value = System.getProperty(property);
        if (value == null || value.isEmpty()) {
            value = System.getenv(variable);
        }
        return value == null || value.isEmpty() ? fallback : value;
    }
}
