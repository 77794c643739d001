package dev.hookguard.benchmarks.peers;

import io.lettuce.core.RedisURI;
import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

/**
 * How the benchmarks use Spring Integration's metadata stores as an idempotent receiver with a completion: {@code
 * putIfAbsent(id, PROCESSING)} claims, {@code replace(id, PROCESSING, PROCESSED)} completes.
 */
final class SpringIntegration {

    /** The value a claim writes. */
    static final String PROCESSING = "processing";

    /** The value a completion writes in its place. */
    static final String PROCESSED = "processed";

    private SpringIntegration() {}

    /**
     * Spring Data Redis's Lettuce connection factory with its default shared connection, on the URI's host, port and
     * database (no password: the benchmark Redis has none).
     */
    static LettuceConnectionFactory connections(RedisURI uri) {
        RedisStandaloneConfiguration server = new RedisStandaloneConfiguration(uri.getHost(), uri.getPort());
        server.setDatabase(uri.getDatabase());
        LettuceConnectionFactory connections = new LettuceConnectionFactory(server);
        connections.afterPropertiesSet();
        connections.start();
        return connections;
    }
}
