package dev.hookguard.spring.internal.web;

import dev.hookguard.servlet.internal.dispatch.Dispatcher;
import java.net.URI;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.ApplicationContext;
import org.springframework.context.ApplicationListener;
import org.springframework.context.SmartLifecycle;
import org.springframework.context.event.ContextClosedEvent;
import org.springframework.core.env.Environment;

/**
 * Starts the Hookguard filter's {@link Dispatcher} once the embedded web server listens, and stops it first at
 * shutdown. Its phase comes after Spring Boot's web server start ({@code WebServerStartStopLifecycle}), whose {@code
 * WebServerInitializedEvent} sets {@code local.server.port}: unless {@code hookguard.dispatcher.base-url} is set, the
 * dispatcher sends to {@code http://<server.address or 127.0.0.1>:<local.server.port>} ({@code https} when {@code
 * server.ssl} is on). Without a port (a WAR in an external container, {@code @EnableHookguard} without Boot) the
 * dispatcher takes the local address of the first request the filter sees.
 *
 * <p>At shutdown, the context's {@link ContextClosedEvent} (published before any lifecycle stops, so before the web
 * server's graceful shutdown refuses new requests) closes the dispatcher: it stops picking and waits up to {@code
 * hookguard.dispatcher.shutdown-grace} for the dispatches in flight, which the server still serves; what is left comes
 * due again when its window ends.
 */
public class HookguardDispatcherLifecycle implements SmartLifecycle, ApplicationListener<ContextClosedEvent> {

    /** After the web server's start ({@code Integer.MAX_VALUE - 1024}), before its graceful shutdown's phase. */
    public static final int PHASE = Integer.MAX_VALUE - 512;

    private static final Logger log = LoggerFactory.getLogger(HookguardDispatcherLifecycle.class);

    private final HookguardWebFilter filter;
    private final ApplicationContext context;
    private volatile boolean running;

    /** The lifecycle of this filter's dispatcher in this context. */
    public HookguardDispatcherLifecycle(HookguardWebFilter filter, ApplicationContext context) {
        this.filter = filter;
        this.context = context;
    }

    @Override
    public void start() {
        Optional<Dispatcher> dispatcher = filter.dispatcher();
        if (dispatcher.isPresent()) {
            Dispatcher started = dispatcher.get();
            if (started.baseUrl().isEmpty()) {
                URI local = localServer(context.getEnvironment());
                if (local != null) {
                    started.baseUrl(local);
                    log.info("Hookguard dispatcher sends to {} (the embedded server's local port)", local);
                }
            }
            started.start();
        }
        running = true;
    }

    @Override
    public void stop() {
        filter.dispatcher().ifPresent(Dispatcher::close);
        running = false;
    }

    @Override
    public void onApplicationEvent(ContextClosedEvent event) {
        if (event.getApplicationContext() == context) {
            stop();
        }
    }

    @Override
    public boolean isRunning() {
        return running;
    }

    @Override
    public int getPhase() {
        return PHASE;
    }

    /** The embedded server's URL on this host, or null when no local port is known. */
    static @Nullable URI localServer(Environment environment) {
        Integer port = environment.getProperty("local.server.port", Integer.class);
        if (port == null || port <= 0) {
            return null;
        }
        String address = environment.getProperty("server.address", "").trim();
        String host = address.isEmpty() || address.equals("0.0.0.0") || address.equals("::")
                ? "127.0.0.1"
                : address.contains(":") && !address.startsWith("[") ? "[" + address + "]" : address;
        boolean ssl = environment.getProperty("server.ssl.enabled", Boolean.class, true)
                && (environment.containsProperty("server.ssl.bundle")
                        || environment.containsProperty("server.ssl.key-store")
                        || environment.containsProperty("server.ssl.certificate"));
        return URI.create((ssl ? "https" : "http") + "://" + host + ":" + port);
    }
}
