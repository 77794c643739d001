package dev.hookguard.faults;

import jakarta.servlet.DispatcherType;
import jakarta.servlet.Filter;
import jakarta.servlet.http.HttpServlet;
import java.net.URI;
import java.util.EnumSet;
import org.eclipse.jetty.ee10.servlet.FilterHolder;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.ee10.servlet.ServletHolder;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;

/** A webhook receiver: embedded Jetty 12 on 127.0.0.1 with the Hookguard filter in front of one handler servlet. */
final class Receiver implements AutoCloseable {

    private final Server server;
    private final URI base;

    private Receiver(Server server, URI base) {
        this.server = server;
        this.base = base;
    }

    /** Starts on {@code port} (0 for any free one). */
    static Receiver start(Filter filter, HttpServlet handler, int port) throws Exception {
        Server server = new Server();
        ServerConnector connector = new ServerConnector(server);
        connector.setHost("127.0.0.1");
        connector.setPort(port);
        server.addConnector(connector);
        ServletContextHandler context = new ServletContextHandler();
        context.setContextPath("/");
        FilterHolder holder = new FilterHolder(filter);
        holder.setAsyncSupported(true);
        context.addFilter(holder, "/*", EnumSet.of(DispatcherType.REQUEST, DispatcherType.ASYNC));
        context.addServlet(new ServletHolder(handler), "/hooks/*");
        server.setHandler(context);
        server.start();
        return new Receiver(server, URI.create("http://127.0.0.1:" + connector.getLocalPort()));
    }

    URI base() {
        return base;
    }

    @Override
    public void close() throws Exception {
        server.stop();
    }
}
