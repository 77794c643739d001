package dev.hookguard.testkit;

import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Assumptions;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.JdbcDatabaseContainer;
import org.testcontainers.containers.MariaDBContainer;
import org.testcontainers.containers.PostgreSQLContainer;

/**
 * Gives integration tests their Redis and databases, from one place.
 *
 * <ol>
 *   <li>From environment variables when set: {@code HOOKGUARD_REDIS_URI}, {@code HOOKGUARD_JDBC_URL} (with
 *       {@code HOOKGUARD_JDBC_USER}, {@code HOOKGUARD_JDBC_PASSWORD}) for PostgreSQL, {@code
 *       HOOKGUARD_MARIADB_URL} (with {@code HOOKGUARD_MARIADB_USER}, {@code HOOKGUARD_MARIADB_PASSWORD}).
 *   <li>Otherwise from Testcontainers, when Docker is available; each container starts once per JVM.
 *   <li>Otherwise the test is skipped with a message naming the variable, except with {@code CI=true},
 *       where a missing service fails the test.
 * </ol>
 */
public final class TestServices {

    /** A JDBC database to connect to. */
    public record Database(String url, String user, String password) {}

    private static @Nullable GenericContainer<?> redis;
    private static @Nullable PostgreSQLContainer<?> postgres;
    private static @Nullable MariaDBContainer<?> mariadb;

    private TestServices() {}

    /** A standalone Redis, as a {@code redis://host:port} URI. */
    public static synchronized String redisUri() {
        String uri = System.getenv("HOOKGUARD_REDIS_URI");
        if (uri != null) {
            return uri;
        }
        requireDocker("HOOKGUARD_REDIS_URI");
        if (redis == null) {
            redis = start(() -> new GenericContainer<>("redis:7.4-alpine").withExposedPorts(6379));
        }
        return "redis://" + redis.getHost() + ":" + redis.getMappedPort(6379);
    }

    /** A PostgreSQL database. */
    public static synchronized Database postgres() {
        Database fromEnv = fromEnv("HOOKGUARD_JDBC_URL", "HOOKGUARD_JDBC_USER", "HOOKGUARD_JDBC_PASSWORD", "postgres");
        if (fromEnv != null) {
            return fromEnv;
        }
        requireDocker("HOOKGUARD_JDBC_URL");
        if (postgres == null) {
            postgres = start(() -> new PostgreSQLContainer<>("postgres:16-alpine"));
        }
        return of(postgres);
    }

    /** A MariaDB database. */
    public static synchronized Database mariadb() {
        Database fromEnv =
                fromEnv("HOOKGUARD_MARIADB_URL", "HOOKGUARD_MARIADB_USER", "HOOKGUARD_MARIADB_PASSWORD", "root");
        if (fromEnv != null) {
            return fromEnv;
        }
        requireDocker("HOOKGUARD_MARIADB_URL");
        if (mariadb == null) {
            mariadb = start(() -> new MariaDBContainer<>("mariadb:11.4"));
        }
        return of(mariadb);
    }

    /**
     * Skips the calling test (or fails it with {@code CI=true}) when {@code variable} is unset and Docker is
     * not available. Store modules call it for services this class does not start, such as a Redis Cluster.
     */
    public static void requireDocker(String variable) {
        if (DockerClientFactory.instance().isDockerAvailable()) {
            return;
        }
        missing(variable);
    }

    /** Skips the calling test, or fails it with {@code CI=true}, because {@code variable} is not set. */
    public static void missing(String variable) {
        String message = variable + " is not set and Docker is not available to start the service";
        if ("true".equalsIgnoreCase(System.getenv("CI"))) {
            throw new IllegalStateException(message + " (CI=true: a missing service is a failure)");
        }
        Assumptions.abort(message + "; skipping");
    }

    private static @Nullable Database fromEnv(String urlVar, String userVar, String passwordVar, String user) {
        String url = System.getenv(urlVar);
        if (url == null) {
            return null;
        }
        String password = System.getenv(passwordVar);
        String name = System.getenv(userVar);
        return new Database(url, name == null ? user : name, password == null ? "" : password);
    }

    private static Database of(JdbcDatabaseContainer<?> container) {
        return new Database(container.getJdbcUrl(), container.getUsername(), container.getPassword());
    }

    private static <C extends GenericContainer<?>> C start(Supplier<C> container) {
        C started = container.get();
        started.start();
        return started;
    }
}
