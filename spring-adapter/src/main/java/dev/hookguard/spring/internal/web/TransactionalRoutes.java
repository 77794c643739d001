package dev.hookguard.spring.internal.web;

import dev.hookguard.servlet.EndpointConfig;
import dev.hookguard.servlet.HookguardFilter;
import jakarta.servlet.http.HttpServletRequest;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * Tells which requests go to a transactional endpoint, choosing exactly as the filter does: the endpoint the handler
 * routing named ({@link HookguardFilter#ENDPOINT_ATTRIBUTE}), else among all guarded paths the most specific pattern,
 * against the servlet path plus path info.
 */
public final class TransactionalRoutes implements Function<HttpServletRequest, @Nullable String> {

    private record Route(GuardedPath path, String endpoint, boolean transactional) {}

    private final List<Route> routes;

    TransactionalRoutes(List<EndpointConfig> endpoints, Set<String> transactional) {
        this.routes = endpoints.stream()
                .map(e -> new Route(new GuardedPath(e.path()), e.name(), transactional.contains(e.name())))
                .sorted(Comparator.comparingInt((Route r) -> r.path().specificity())
                        .reversed())
                .toList();
    }

    /** The transactional endpoint the request goes to, or null. */
    @Override
    public @Nullable String apply(HttpServletRequest request) {
        if (request.getAttribute(HookguardFilter.ENDPOINT_ATTRIBUTE) instanceof String name) {
            return routes.stream()
                    .filter(r -> r.endpoint().equals(name) && r.transactional())
                    .map(Route::endpoint)
                    .findFirst()
                    .orElse(null);
        }
        String servletPath = request.getServletPath();
        String pathInfo = request.getPathInfo();
        String path = (servletPath == null ? "" : servletPath) + (pathInfo == null ? "" : pathInfo);
        String inApplication = path.isEmpty() ? "/" : path;
        for (Route route : routes) {
            if (route.path().matches(inApplication)) {
                return route.transactional() ? route.endpoint() : null;
            }
        }
        return null;
    }
}
