package dev.hookguard.benchmarks.filter;

import dev.hookguard.benchmarks.BenchEnvironment;
import dev.hookguard.benchmarks.Workload;
import dev.hookguard.core.IdempotencyStore;
import dev.hookguard.core.memory.InMemoryStore;
import dev.hookguard.core.signature.EventIdConfig;
import dev.hookguard.core.signature.Scheme;
import dev.hookguard.core.signature.SignatureConfig;
import dev.hookguard.core.signature.Verifiers;
import dev.hookguard.redis.RedisIdempotencyStore;
import dev.hookguard.redis.RedisStoreConfig;
import dev.hookguard.redis.RedisStores;
import dev.hookguard.servlet.DeliveryMetrics;
import dev.hookguard.servlet.EndpointConfig;
import dev.hookguard.servlet.HookguardFilter;
import dev.hookguard.servlet.HookguardFilterConfig;
import dev.hookguard.servlet.MicrometerDeliveryMetrics;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import jakarta.servlet.DispatcherType;
import java.net.URI;
import java.util.EnumSet;
import java.util.UUID;
import org.eclipse.jetty.ee10.servlet.FilterHolder;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.ee10.servlet.ServletHolder;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.jspecify.annotations.Nullable;

/**
 * One embedded Jetty 12 (ee10) on the loopback with the same {@link WebhookServlet} on three paths:
 *
 * <ul>
 *   <li>{@code /bare/hook}: no filter;
 *   <li>{@code /memory/hook}: behind a {@link HookguardFilter} on an {@link InMemoryStore} with the benchmark policy
 *       (records kept 2 minutes; the store drops expired records itself as it claims new ones);
 *   <li>{@code /redis/hook}: behind a {@link HookguardFilter} on the Redis store (only with {@code --redis});
 *   <li>{@code /alloc}: the bytes allocated so far by the server's threads ({@link AllocationServlet}).
 * </ul>
 *
 * <p>The filters verify GitHub's {@code X-Hub-Signature-256} with {@link #SECRET} and take the event id from
 * {@code X-GitHub-Delivery}, with the body-hash key turned off: GitHub signs the body only, so a load generator
 * can send one signed body under a new delivery id per request, and every request is a first delivery (with the
 * body-hash key on, every request after the first would be refused as a replay of the same body). Meters go to a
 * Micrometer {@link SimpleMeterRegistry}, as they would to a real registry.
 *
 * <p>{@code java -cp benchmarks.jar dev.hookguard.benchmarks.filter.FilterServer [--port N] [--redis]} prints
 * {@code listening on http://127.0.0.1:<port>} and serves until it is killed.
 */
public final class FilterServer implements AutoCloseable {

    /** The GitHub webhook secret of the guarded paths. */
    public static final String SECRET = "hookguard-bench-github-secret";

    private final Server server;
    private final URI base;
    private final @Nullable RedisIdempotencyStore redisStore;

    private FilterServer(Server server, URI base, @Nullable RedisIdempotencyStore redisStore) {
        this.server = server;
        this.base = base;
        this.redisStore = redisStore;
    }

    /**
     * Starts the server.
     *
     * @param port the port, 0 for any free one
     * @param withRedis whether to serve {@code /redis/hook} on the Redis of {@link BenchEnvironment#redisUri()}
     */
    public static FilterServer start(int port, boolean withRedis) throws Exception {
        Server server = new Server();
        ServerConnector connector = new ServerConnector(server);
        connector.setHost("127.0.0.1");
        connector.setPort(port);
        server.addConnector(connector);
        ServletContextHandler context = new ServletContextHandler();
        context.setContextPath("/");
        context.addServlet(new ServletHolder(new WebhookServlet()), "/bare/hook");
        context.addServlet(new ServletHolder(new WebhookServlet()), "/memory/hook");
        context.addServlet(new ServletHolder(new AllocationServlet()), "/alloc");
        DeliveryMetrics metrics = new MicrometerDeliveryMetrics(new SimpleMeterRegistry());
        String run = UUID.randomUUID().toString().substring(0, 8);
        InMemoryStore memory = new InMemoryStore();
        guard(context, "/memory", "bench-memory-" + run, memory, metrics);
        RedisIdempotencyStore redis = null;
        if (withRedis) {
            redis = RedisStores.fromUri(
                    BenchEnvironment.redisUri(),
                    RedisStoreConfig.custom().keyPrefix(BenchEnvironment.PREFIX).build());
            context.addServlet(new ServletHolder(new WebhookServlet()), "/redis/hook");
            guard(context, "/redis", "bench-redis-" + run, redis, metrics);
        }
        server.setHandler(context);
        server.start();
        return new FilterServer(server, URI.create("http://127.0.0.1:" + connector.getLocalPort()), redis);
    }

    /** The server's address, {@code http://127.0.0.1:<port>}. */
    public URI base() {
        return base;
    }

    /** Waits until the server stops. */
    public void join() throws InterruptedException {
        server.join();
    }

    /** Stops the server and closes the Redis store, if any. */
    @Override
    public void close() {
        try {
            server.stop();
        } catch (Exception e) {
            throw new IllegalStateException("Jetty did not stop", e);
        } finally {
            if (redisStore != null) {
                redisStore.close();
            }
        }
    }

    /** Runs the server until the process is killed; see the class comment for the arguments. */
    public static void main(String[] args) throws Exception {
        int port = 0;
        boolean withRedis = false;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--port" -> port = Integer.parseInt(args[++i]);
                case "--redis" -> withRedis = true;
                default ->
                    throw new IllegalArgumentException("unknown argument " + args[i] + "; use [--port N] [--redis]");
            }
        }
        FilterServer server = start(port, withRedis);
        Runtime.getRuntime().addShutdownHook(new Thread(server::close));
        System.out.println("listening on " + server.base());
        server.join();
    }

    private static void guard(
            ServletContextHandler context,
            String prefix,
            String endpoint,
            IdempotencyStore store,
            DeliveryMetrics metrics) {
        EndpointConfig config = EndpointConfig.custom(endpoint)
                .path(prefix + "/hook")
                .verifier(Verifiers.of(Scheme.GITHUB, SignatureConfig.of(SECRET)))
                .eventIds(EventIdConfig.from(EventIdConfig.forScheme(Scheme.GITHUB))
                        .bodyHashKey(false)
                        .build())
                .policy(Workload.POLICY)
                .build();
        HookguardFilter filter = new HookguardFilter(HookguardFilterConfig.custom()
                .endpoint(config)
                .store(store)
                .metrics(metrics)
                .build());
        FilterHolder holder = new FilterHolder(filter);
        holder.setName("hookguard" + prefix.replace('/', '-'));
        context.addFilter(holder, prefix + "/*", EnumSet.of(DispatcherType.REQUEST));
    }
}
