package dev.hookguard.spring.internal.web;

import dev.hookguard.servlet.EndpointConfig;
import dev.hookguard.servlet.HookguardFilter;
import dev.hookguard.servlet.internal.dispatch.Dispatcher;
import dev.hookguard.servlet.internal.dispatch.Dispatchers;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.context.ApplicationContext;
import org.springframework.core.Ordered;

/**
 * The Hookguard filter of a Spring application. Created early (the servlet container registers filters before most
 * beans exist), it is assembled once every singleton is there: from the endpoint definitions, the {@link
 * dev.hookguard.spring.IdempotentWebhook} handlers found in the request mappings, the {@link
 * dev.hookguard.core.IdempotencyStore}, the {@link dev.hookguard.servlet.DeliveryMetrics} and the {@link
 * dev.hookguard.spring.HookguardFilterCustomizer}s. A configuration that cannot work fails start-up with a {@link
 * dev.hookguard.spring.HookguardConfigurationException}. Whether a request is guarded, and by which endpoint, is
 * decided by the handler mapping that will serve it ({@link HandlerRouting}): a request whose handler is an {@code
 * IdempotentWebhook} method, in whatever variant of its path, goes through a {@link HookguardFilter} (wrapped by the
 * transactional mode where handlers ask for it) for that method's endpoint, as does a request to an endpoint's
 * configured path; other requests pass untouched. A guarded request that the container routes to a {@code
 * DispatcherServlet} must reach a handler there ({@link HandlerInvokedInterceptor}): an answer from anything else
 * (Spring Security, the framework's 404/405, a static-resource 404, an error page) is never the event's verdict
 * (DESIGN.md §1, rule 8).
 *
 * <p>Register it ahead of every filter that reads request parameters, with async support, for {@code REQUEST} and
 * {@code ASYNC} dispatches (an asynchronous handler's verdict is recorded when its {@code ASYNC} dispatch returns): Spring Boot does so at order {@link #ORDER}; without Boot, use a {@code DelegatingFilterProxy}.
 */
public class HookguardWebFilter implements Filter, SmartInitializingSingleton, DisposableBean {

    /** Spring Boot's registration order: ahead of Spring's form, hidden-method and request-context filters. */
    public static final int ORDER = Ordered.HIGHEST_PRECEDENCE + 10;

    private final ApplicationContext context;
    private final MvcServlets mvcServlets = new MvcServlets();
    private volatile HookguardAssembly.@Nullable Assembled assembled;

    /** A filter that assembles itself from this context's beans once all singletons exist. */
    public HookguardWebFilter(ApplicationContext context) {
        this.context = context;
    }

    /** Assembles the filter; called by the container of beans once every singleton exists. */
    @Override
    public void afterSingletonsInstantiated() {
        if (assembled == null) {
            assembled = HookguardAssembly.assemble(context);
        }
    }

    @Override
    public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        HookguardAssembly.Assembled current = assembled;
        if (current == null) {
            throw new ServletException("The Hookguard filter is used before the application context has started");
        }
        if (request instanceof HttpServletRequest http && http.getDispatcherType() == DispatcherType.REQUEST) {
            String endpoint = current.routing().endpointOf(http);
            if (endpoint == null) {
                chain.doFilter(request, response);
                return;
            }
            http.setAttribute(HookguardFilter.ENDPOINT_ATTRIBUTE, endpoint);
            if (mvcServlets.servesMvc(http)) {
                http.setAttribute(HookguardFilter.HANDLER_CHECK_ATTRIBUTE, Boolean.TRUE);
            }
        }
        current.filter().doFilter(request, response, chain);
    }

    /** The endpoints the filter guards, with their paths; empty before start-up and when none are defined. */
    public List<EndpointConfig> endpoints() {
        HookguardAssembly.Assembled current = assembled;
        return current == null ? List.of() : current.endpoints();
    }

    /**
     * The filter's {@link Dispatcher}: empty before start-up, when no endpoint is defined, when the store has no due
     * queue, and when {@code hookguard.dispatcher.enabled} is off. {@link HookguardDispatcherLifecycle} starts it.
     */
    public Optional<Dispatcher> dispatcher() {
        HookguardAssembly.Assembled current = assembled;
        return current == null || current.hookguard() == null ? Optional.empty() : Dispatchers.of(current.hookguard());
    }

    /**
     * Tells the dispatcher that records of this endpoint are due now (an operator's replay), so that it picks them
     * at once instead of at its next poll. Does nothing without a dispatcher or for an endpoint it does not guard.
     */
    public void wake(String endpoint) {
        HookguardAssembly.Assembled current = assembled;
        if (current != null && current.hookguard() != null) {
            current.hookguard().wake(endpoint);
        }
    }

    /** Closes the dispatcher (waiting for dispatches in flight) and stops the lease renewals of the filter. */
    @Override
    public void destroy() {
        HookguardAssembly.Assembled current = assembled;
        if (current != null && current.hookguard() != null) {
            current.hookguard().destroy();
        }
    }
}
