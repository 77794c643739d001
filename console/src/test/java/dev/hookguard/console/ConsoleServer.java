package dev.hookguard.console;

import java.net.URI;
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
        server.setHandler(context);
        server.start();
        return new ConsoleServer(server, URI.create("http://127.0.0.1:" + connector.getLocalPort() + MOUNT + "/"));
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
