package dev.hookguard.benchmarks;

import dev.hookguard.testkit.TestServices;
import java.util.UUID;

/**
 * Points the benchmarks at the test services ({@link TestServices}: the environment variables, else
 * Testcontainers, else a skip) through the system properties {@link BenchEnvironment} reads, with a prefix unique
 * to this JVM, so that a smoke run never meets the tables or keys of {@code run.sh} or of another run. Must be
 * called before anything touches {@link BenchEnvironment}.
 */
final class BenchServices {

    private static boolean configured;

    private BenchServices() {}

    static synchronized void configure() {
        if (configured) {
            return;
        }
        String redis = TestServices.redisUri();
        TestServices.Database postgres = TestServices.postgres();
        System.setProperty("hookguard.redis.uri", redis);
        System.setProperty("hookguard.jdbc.url", postgres.url());
        System.setProperty("hookguard.jdbc.user", postgres.user());
        System.setProperty("hookguard.jdbc.password", postgres.password());
        System.setProperty(
                BenchEnvironment.PREFIX_PROPERTY,
                BenchEnvironment.DEFAULT_PREFIX + "_"
                        + UUID.randomUUID().toString().substring(0, 6));
        configured = true;
    }
}
