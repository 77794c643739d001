package dev.hookguard.console;

import dev.hookguard.servlet.HookguardFilter;
import dev.hookguard.servlet.internal.dispatch.Dispatchers;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.Servlet;
import java.net.URI;
import java.util.EnumSet;
import org.eclipse.jetty.ee10.servlet.FilterHolder;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.ee10.servlet.ServletHolder;
import org.eclipse.jetty.security.SecurityHandler;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.jspecify.annotations.Nullable;

/** The console servlet in embedded Jetty 12 (ee10) on a free port, mounted at {@value #MOUNT}. */
final class ConsoleServer implements AutoCloseable {

    /** Where the tests mount the console: a path of the user's choice, not the root. */
    static final String MOUNT = "/ops/console";
    /** Where the webhook endpoints beside the console are. */
    static final String WEBHOOKS = "/webhooks";

    private final Server server;
    private final URI console;

    private ConsoleServer(Server server, URI console) {
        this.server = server;
        this.console = console;
    }

    static ConsoleServer start(ConsoleConfig config) throws Exception {
        return start(config, null);
    }

    /** The console behind the container's own security handler, when one is given. */
    static ConsoleServer start(ConsoleConfig config, @Nullable SecurityHandler security) throws Exception {
        return start(config, security, null, null);
    }

    /**
     * The console, and a webhook endpoint beside it: the Hookguard filter on {@value #WEBHOOKS}{@code /*} in front of
     * {@code handler}. The filter's dispatcher is told this server's URL once it listens.
     */
    static ConsoleServer start(ConsoleConfig config, HookguardFilter hookguard, Servlet handler) throws Exception {
        return start(config, null, hookguard, handler);
    }

    private static ConsoleServer start(
            ConsoleConfig config,
            @Nullable SecurityHandler security,
            @Nullable HookguardFilter hookguard,
            @Nullable Servlet handler)
            throws Exception {
        Server server = new Server();
        ServerConnector connector = new ServerConnector(server);
        connector.setHost("127.0.0.1");
        connector.setPort(0);
        server.addConnector(connector);
        ServletContextHandler context = new ServletContextHandler();
        context.setContextPath("/");
        if (security != null) {
            context.setSecurityHandler(security);
        }
        context.addServlet(new ServletHolder(new ConsoleServlet(config)), MOUNT + "/*");
        if (hookguard != null && handler != null) {
            context.addFilter(new FilterHolder(hookguard), WEBHOOKS + "/*", EnumSet.of(DispatcherType.REQUEST));
            context.addServlet(new ServletHolder(handler), WEBHOOKS + "/*");
        }
        server.setHandler(context);
        server.start();
        URI base = URI.create("http://127.0.0.1:" + connector.getLocalPort());
        if (hookguard != null) {
            Dispatchers.of(hookguard).orElseThrow().baseUrl(base);
        }
        return new ConsoleServer(server, base.resolve(MOUNT + "/"));
    }

    /** The console's page, ending in a slash; API routes are {@code api/...} below it. */
    URI console() {
        return console;
    }

    @Override
    public void close() throws Exception {
        server.stop();
    }
}
