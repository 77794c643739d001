package dev.hookguard.servlet;

import jakarta.servlet.DispatcherType;
import jakarta.servlet.ServletContextEvent;
import jakarta.servlet.ServletContextListener;
import java.net.URI;
import java.util.EnumSet;
import org.eclipse.jetty.ee10.servlet.FilterHolder;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.ee10.servlet.ServletHolder;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;

/** Embedded Jetty 12 (ee10, Servlet 6.0). */
final class JettyContainer implements ServletContainer {

    private final Server server;
    private final URI base;

    private JettyContainer(Server server, URI base) {
        this.server = server;
        this.base = base;
    }

    static ServletContainer start(WebApp app) throws Exception {
        Server server = new Server();
        ServerConnector connector = new ServerConnector(server);
        connector.setHost("127.0.0.1");
        connector.setPort(app.port());
        server.addConnector(connector);
        ServletContextHandler context = new ServletContextHandler();
        context.setContextPath("/");
        context.addEventListener(new ServletContextListener() {
            @Override
            public void contextInitialized(ServletContextEvent event) {
                app.attributes().forEach(event.getServletContext()::setAttribute);
            }
        });
        FilterHolder filter =
                app.filter() == null ? new FilterHolder(HookguardFilter.class) : new FilterHolder(app.filter());
        filter.setName("hookguard");
        filter.setInitParameters(app.initParams());
        filter.setAsyncSupported(true);
        context.addFilter(filter, app.filterMapping(), EnumSet.of(DispatcherType.REQUEST, DispatcherType.ASYNC));
        for (jakarta.servlet.Filter later : app.laterFilters()) {
            FilterHolder holder = new FilterHolder(later);
            holder.setAsyncSupported(true);
            context.addFilter(holder, app.filterMapping(), EnumSet.of(DispatcherType.REQUEST));
        }
        app.servlets().forEach((pattern, servlet) -> {
            ServletHolder holder = new ServletHolder(servlet);
            holder.setAsyncSupported(true);
            context.addServlet(holder, pattern);
        });
        server.setHandler(context);
        server.start();
        return new JettyContainer(server, URI.create("http://127.0.0.1:" + connector.getLocalPort()));
    }

    @Override
    public URI base() {
        return base;
    }

    @Override
    public void close() throws Exception {
        server.stop();
    }
}
