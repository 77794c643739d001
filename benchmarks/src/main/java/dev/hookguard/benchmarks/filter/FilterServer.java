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
import dev.hookguard.servlet.DispatcherConfig;
import dev.hookguard.servlet.EndpointConfig;
import dev.hookguard.servlet.HookguardFilter;
import dev.hookguard.servlet.HookguardFilterConfig;
import dev.hookguard.servlet.Intake;
import dev.hookguard.servlet.RecoveryConfig;
import dev.hookguard.servlet.internal.dispatch.Dispatchers;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import jakarta.servlet.DispatcherType;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.UUID;
import org.eclipse.jetty.ee10.servlet.FilterHolder;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.ee10.servlet.ServletHolder;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.jspecify.annotations.Nullable;

/**
 * One embedded Jetty 12 (ee10) on the loopback with the same {@link WebhookServlet} on three paths and an allocation counter:
 *
 * <ul>
 *   <li>{@code /bare/hook}: no filter;
 *   <li>{@code /floor/hook}: behind a {@link FloorFilter}, the least a filter does for the same semantics, reported
 *       beside the {@code /memory} row, never its target;
 *   <li>{@code /memory/hook}: behind a {@link HookguardFilter} on an {@link InMemoryStore} with the benchmark policy
 *       (records kept 2 minutes; the store drops expired records itself as it claims new ones);
 *   <li>{@code /redis/hook}: behind a {@link HookguardFilter} on the Redis store (only with {@code --redis});
 *   <li>{@code /alloc}: the bytes allocated so far by the server's threads ({@link AllocationServlet}).
 * </ul>
 *
 * <p>With {@code --recovery}, two asynchronous endpoints (DESIGN.md §8), each with its filter's dispatcher and its
 * own in-memory store ({@link PausablePicks}), controlled at {@code /control/<path>/} ({@link DrainServlet}):
 *
 * <ul>
 *   <li>{@code /memory-async/hook}: async intake in front of the same trivial handler; its dispatcher is held so
 *       that {@code wrk} measures the intake alone; {@code POST /control/memory-async/discard} drops that backlog,
 *       and {@code POST /control/memory-async/} releases the dispatcher and times the drain of a backlog;
 *   <li>{@code /memory-slow/hook}: async intake in front of a handler that takes {@link #SLOW_HANDLER} (2 s); its
 *       dispatcher runs throughout, so a paced {@code wrk} measures the intake's latency while handlers work; {@code
 *       GET /control/memory-slow/} tells how deep its queue grew and how many handlers ran.
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

    /** The handler time of {@code /memory-slow/hook}. */
    public static final Duration SLOW_HANDLER = Duration.ofSeconds(2);

    /**
     * The dispatches in flight on the async endpoints: as many as {@code run.sh}'s {@code wrk} connections, so that
     * the drain runs as many requests at once as the sync path it is compared with (system property {@code
     * hookguard.bench.dispatchInFlight}, to see what it bounds). The workers stay at the default: they only prepare
     * and send, the exchanges are asynchronous.
     */
    public static final int DISPATCH_CONCURRENCY =
            Integer.getInteger("hookguard.bench.dispatchInFlight", 16); // another value only to see what it bounds

    /** The queue limit of the async endpoints: high enough that a benchmark's intake never meets it. */
    public static final int QUEUE_LIMIT = 5_000_000;

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
        return start(port, withRedis, false);
    }

    /**
     * Starts the server.
     *
     * @param port the port, 0 for any free one
     * @param withRedis whether to serve {@code /redis/hook} on the Redis of {@link BenchEnvironment#redisUri()}
     * @param withRecovery whether to serve the async paths and their controls ({@code /control/memory-async/}, {@code
     *     /control/memory-slow/})
     */
    public static FilterServer start(int port, boolean withRedis, boolean withRecovery) throws Exception {
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
        context.addServlet(new ServletHolder(new WebhookServlet()), "/floor/hook");
        FilterHolder floor = new FilterHolder(new FloorFilter(SECRET));
        floor.setName("floor");
        context.addFilter(floor, "/floor/*", EnumSet.of(DispatcherType.REQUEST));
        DeliveryMetrics metrics = DeliveryMetrics.micrometer(new SimpleMeterRegistry());
        String run = UUID.randomUUID().toString().substring(0, 8);
        InMemoryStore memory = new InMemoryStore();
        List<HookguardFilter> filters = new ArrayList<>();
        filters.add(guard(context, "/memory", "bench-memory-" + run, memory, metrics, RecoveryConfig.ofDefaults()));
        if (withRecovery) {
            filters.addAll(recovery(context, "bench-memory-" + run, metrics));
        }
        RedisIdempotencyStore redis = null;
        if (withRedis) {
            redis = RedisStores.fromUri(
                    BenchEnvironment.redisUri(),
                    RedisStoreConfig.custom().keyPrefix(BenchEnvironment.PREFIX).build());
            context.addServlet(new ServletHolder(new WebhookServlet()), "/redis/hook");
            filters.add(guard(context, "/redis", "bench-redis-" + run, redis, metrics, RecoveryConfig.ofDefaults()));
        }
        server.setHandler(context);
        server.start();
        URI base = URI.create("http://127.0.0.1:" + connector.getLocalPort());
        filters.forEach(filter -> Dispatchers.of(filter).ifPresent(dispatcher -> dispatcher.baseUrl(base)));
        return new FilterServer(server, base, redis);
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
        boolean withRecovery = false;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--port" -> port = Integer.parseInt(args[++i]);
                case "--redis" -> withRedis = true;
                case "--recovery" -> withRecovery = true;
                default ->
                    throw new IllegalArgumentException(
                            "unknown argument " + args[i] + "; use [--port N] [--redis] [--recovery]");
            }
        }
        FilterServer server = start(port, withRedis, withRecovery);
        Runtime.getRuntime().addShutdownHook(new Thread(server::close));
        System.out.println("listening on " + server.base());
        server.join();
    }

    /** The async paths and their controls of {@code --recovery}; returns their filters. */
    private static List<HookguardFilter> recovery(ServletContextHandler context, String name, DeliveryMetrics metrics) {
        RecoveryConfig async = RecoveryConfig.custom()
                .intake(Intake.ASYNC)
                .queueLimit(QUEUE_LIMIT)
                .build();
        WebhookServlet handler = new WebhookServlet();
        context.addServlet(new ServletHolder(handler), "/memory-async/hook");
        PausablePicks held = new PausablePicks(true);
        HookguardFilter heldFilter = guard(context, "/memory-async", name + "-async", held, metrics, async);
        context.addServlet(
                new ServletHolder(new DrainServlet(held, name + "-async", handler, heldFilter)),
                "/control/memory-async/*");
        WebhookServlet slowHandler = new WebhookServlet(SLOW_HANDLER);
        context.addServlet(new ServletHolder(slowHandler), "/memory-slow/hook");
        PausablePicks running = new PausablePicks(false); // its own store: the paced phase starts on an empty queue
        HookguardFilter slow = guard(context, "/memory-slow", name + "-slow", running, metrics, async);
        context.addServlet(
                new ServletHolder(new DrainServlet(running, name + "-slow", slowHandler, slow)),
                "/control/memory-slow/*");
        return List.of(heldFilter, slow);
    }

    private static HookguardFilter guard(
            ServletContextHandler context,
            String prefix,
            String endpoint,
            IdempotencyStore store,
            DeliveryMetrics metrics,
            RecoveryConfig recovery) {
        EndpointConfig config = EndpointConfig.custom(endpoint)
                .path(prefix + "/hook")
                .verifier(Verifiers.of(Scheme.GITHUB, SignatureConfig.of(SECRET)))
                .eventIds(EventIdConfig.from(EventIdConfig.forScheme(Scheme.GITHUB))
                        .bodyHashKey(false)
                        .build())
                .policy(Workload.POLICY)
                .recovery(recovery)
                .build();
        HookguardFilter filter = new HookguardFilter(HookguardFilterConfig.custom()
                .endpoint(config)
                .store(store)
                .metrics(metrics)
                .dispatcher(DispatcherConfig.custom() // the sync paths measure the filter as before: no dispatcher
                        .enabled(recovery.intake() == Intake.ASYNC)
                        .maxInFlight(DISPATCH_CONCURRENCY)
                        .build())
                .build());
        FilterHolder holder = new FilterHolder(filter);
        holder.setName("hookguard" + prefix.replace('/', '-'));
        context.addFilter(holder, prefix + "/*", EnumSet.of(DispatcherType.REQUEST));
        return filter;
    }
}
