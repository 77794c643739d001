package dev.hookguard.examples.receiver;

import dev.hookguard.core.IdempotencyStore;
import dev.hookguard.core.signature.SignatureConfig;
import dev.hookguard.examples.sender.SenderKind;
import dev.hookguard.servlet.ArchiveConfig;
import dev.hookguard.servlet.DeliveryMetrics;
import dev.hookguard.servlet.DeliveryMetrics.DispatchOutcome;
import dev.hookguard.servlet.DispatcherConfig;
import dev.hookguard.servlet.EndpointConfig;
import dev.hookguard.servlet.HookguardFilter;
import dev.hookguard.servlet.HookguardFilterConfig;
import dev.hookguard.servlet.Intake;
import dev.hookguard.servlet.RecoveryConfig;
import dev.hookguard.servlet.Retries;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.config.MeterFilter;
import io.micrometer.core.instrument.distribution.DistributionStatisticConfig;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import jakarta.servlet.DispatcherType;
import java.net.URI;
import java.time.Duration;
import java.util.EnumSet;
import org.eclipse.jetty.ee10.servlet.FilterHolder;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.ee10.servlet.ServletHolder;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;

/**
 * The demo's webhook receiver: embedded Jetty 12 (ee10) with the {@link HookguardFilter} on {@code /webhooks/*}
 * guarding the two {@link DemoEndpoint}s, the {@link EventHandlerServlet} behind it, and the Prometheus scrape
 * at {@code /metrics}. A plain servlet application, configured in code; it listens on 127.0.0.1 only.
 *
 * <p>The filter's dispatcher redelivers the events the receiver retries or took in asynchronously, to this
 * server's own endpoints (the base URL is discovered from the first request).
 */
public final class Receiver implements AutoCloseable {

    /** The receiver's retries: first within 100 ms, doubling, never more than 2 s apart (after Retry-After). */
    public static final Duration RETRY_BASE = Duration.ofMillis(100);
    /** The cap of the receiver's retry delays. */
    public static final Duration RETRY_CAP = Duration.ofSeconds(2);
    /**
     * How long a store operation may take before the filter answers 503 (the library's default is 1 s). The demo's
     * store shares a small machine with the sender, the receiver and often other builds, where a claim can take
     * seconds; a sender that never retries ({@code --sender=github}) loses an event answered 503 for that.
     */
    static final Duration STORE_TIMEOUT = Duration.ofSeconds(10);
    /** Dispatches under way at once: enough for 2 s handlers to drain a few hundred events in seconds. */
    static final int DISPATCHES_IN_FLIGHT = 64;
    /**
     * Dispatch threads started up front; each waits for its dispatch's answer, so more start on demand up to {@link
     * #DISPATCHES_IN_FLIGHT} while a backlog drains.
     */
    static final int DISPATCH_WORKERS = 2;
    /** The longest pause of the dispatcher's polling of an empty queue (a receiver retry comes due meanwhile). */
    static final Duration DISPATCH_MAX_POLL = Duration.ofMillis(250);

    private final Server server;
    private final URI base;
    private final HandlerLedger ledger;
    private final PrometheusMeterRegistry registry;

    private Receiver(Server server, URI base, HandlerLedger ledger, PrometheusMeterRegistry registry) {
        this.server = server;
        this.base = base;
        this.ledger = ledger;
        this.registry = registry;
    }

    /**
     * Starts a receiver on this store and port (0 for any free port), whose handler spends {@code handlerTime}
     * on each event's work.
     */
    public static Receiver start(IdempotencyStore store, DemoSecrets secrets, int port, Duration handlerTime)
            throws Exception {
        return start(store, secrets, port, handlerTime, Intake.SYNC, SenderKind.RETRYING);
    }

    /**
     * Starts a receiver whose endpoints take deliveries in with this intake and retry for a sender of this kind:
     * the sender's retries alone for a {@link SenderKind#RETRYING} sender with sync intake (the schemes' default),
     * else the receiver's ({@link Retries#RECEIVER}).
     */
    public static Receiver start(
            IdempotencyStore store,
            DemoSecrets secrets,
            int port,
            Duration handlerTime,
            Intake intake,
            SenderKind sender)
            throws Exception {
        return start(store, secrets, port, handlerTime, intake, sender, ArchiveConfig.off());
    }

    /** As {@link #start(IdempotencyStore, DemoSecrets, int, Duration, Intake, SenderKind)}, archiving dead letters so. */
    public static Receiver start(
            IdempotencyStore store,
            DemoSecrets secrets,
            int port,
            Duration handlerTime,
            Intake intake,
            SenderKind sender,
            ArchiveConfig archive)
            throws Exception {
        PrometheusMeterRegistry registry = newRegistry();
        HandlerLedger ledger = new HandlerLedger();
        Server server = new Server();
        ServerConnector connector = new ServerConnector(server);
        connector.setHost("127.0.0.1");
        connector.setPort(port);
        server.addConnector(connector);
        ServletContextHandler context = new ServletContextHandler();
        context.setContextPath("/");
        FilterHolder filter = new FilterHolder(
                new HookguardFilter(filterConfig(store, secrets, registry, recovery(intake, sender), archive)));
        filter.setAsyncSupported(true);
        context.addFilter(filter, "/webhooks/*", EnumSet.of(DispatcherType.REQUEST));
        ServletHolder handler = new ServletHolder(new EventHandlerServlet(ledger, handlerTime));
        for (DemoEndpoint endpoint : DemoEndpoint.values()) {
            context.getServletHandler().addServletWithMapping(handler, endpoint.path()); // the endpoints only
        }
        context.addServlet(new ServletHolder(new MetricsServlet(registry)), "/metrics");
        server.setHandler(context);
        server.start();
        URI base = URI.create("http://127.0.0.1:" + connector.getLocalPort());
        return new Receiver(server, base, ledger, registry);
    }

    private static HookguardFilterConfig filterConfig(
            IdempotencyStore store,
            DemoSecrets secrets,
            PrometheusMeterRegistry registry,
            RecoveryConfig recovery,
            ArchiveConfig archive) {
        HookguardFilterConfig.Builder config = HookguardFilterConfig.custom()
                .store(store)
                .archive(archive)
                .metrics(DeliveryMetrics.micrometer(registry))
                .storeTimeout(STORE_TIMEOUT)
                .dispatcher(DispatcherConfig.custom()
                        .workers(DISPATCH_WORKERS)
                        .maxInFlight(DISPATCHES_IN_FLIGHT)
                        .maxPollInterval(DISPATCH_MAX_POLL)
                        .build());
        for (DemoEndpoint endpoint : DemoEndpoint.values()) {
            config.endpoint(EndpointConfig.custom(endpoint.endpointName())
                    .path(endpoint.path())
                    .scheme(endpoint.scheme(), SignatureConfig.of(secrets.of(endpoint)))
                    .policy(DemoEndpoint.POLICY)
                    .recovery(recovery)
                    .build());
        }
        return config.build();
    }

    /** The endpoints' recovery: this intake; the receiver retries unless a retrying sender meets sync intake. */
    static RecoveryConfig recovery(Intake intake, SenderKind sender) {
        boolean receiver = intake == Intake.ASYNC || sender == SenderKind.GITHUB;
        return RecoveryConfig.custom()
                .intake(intake)
                .retries(receiver ? Retries.RECEIVER : null)
                .backoff(dev.hookguard.servlet.Backoff.custom()
                        .base(RETRY_BASE)
                        .cap(RETRY_CAP)
                        .attempts(DemoEndpoint.MAX_ATTEMPTS)
                        .build())
                .build();
    }

    /** A Prometheus registry that also keeps histogram buckets of Hookguard's timers, for percentiles. */
    private static PrometheusMeterRegistry newRegistry() {
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        registry.config().meterFilter(new MeterFilter() {
            @Override
            public DistributionStatisticConfig configure(Meter.Id id, DistributionStatisticConfig config) {
                if (!id.getName().startsWith("hookguard.")) {
                    return config;
                }
                return DistributionStatisticConfig.builder()
                        .percentilesHistogram(true)
                        .build()
                        .merge(config);
            }
        });
        return registry;
    }

    /** The base URI, such as {@code http://127.0.0.1:8080}. */
    public URI base() {
        return base;
    }

    /** Where Prometheus scrapes the receiver's meters. */
    public URI metrics() {
        return base.resolve("/metrics");
    }

    /** The handler's books. */
    public HandlerLedger ledger() {
        return ledger;
    }

    /** The registry behind {@code /metrics}. */
    PrometheusMeterRegistry registry() {
        return registry;
    }

    /** The dispatches the filter's dispatcher sent so far, all endpoints and outcomes ({@code hookguard.dispatches}). */
    public long dispatches() {
        return (long) registry.find(DeliveryMetrics.DISPATCHES).counters().stream()
                .mapToDouble(Counter::count)
                .sum();
    }

    /** The dispatches the receiver's own store refused ({@code hookguard.dispatches}, outcome {@code refused}). */
    public long refusedDispatches() {
        return (long)
                registry
                        .find(DeliveryMetrics.DISPATCHES)
                        .tag("outcome", DispatchOutcome.REFUSED.tag())
                        .counters()
                        .stream()
                        .mapToDouble(Counter::count)
                        .sum();
    }

    /** Blocks until the server stops. */
    public void join() throws InterruptedException {
        server.join();
    }

    /** Stops the server and closes the registry. */
    @Override
    public void close() {
        try {
            server.stop();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Exception e) {
            throw new IllegalStateException("could not stop the receiver", e);
        } finally {
            registry.close();
        }
    }
}
