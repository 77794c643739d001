package dev.hookguard.spring.internal.web;

import dev.hookguard.servlet.EndpointConfig;
import dev.hookguard.spring.IdempotentWebhook;
import jakarta.servlet.http.HttpServletRequest;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.BeanFactoryUtils;
import org.springframework.context.ApplicationContext;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.core.annotation.AnnotationAwareOrderComparator;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.servlet.HandlerExecutionChain;
import org.springframework.web.servlet.HandlerMapping;
import org.springframework.web.util.ServletRequestPathUtils;

/**
 * Decides which endpoint guards a request by the routing that will serve it (DESIGN.md §1, rule 7): the handler
 * mappings are asked in the {@code DispatcherServlet}'s order, and a request whose handler is an {@link
 * IdempotentWebhook} method is guarded by that method's endpoint, whatever variant of its path it used (a trailing
 * slash, case, a suffix, an encoded character, as far as the mapping accepts them). Any other request is guarded
 * when an endpoint's path matches it (endpoints of plain servlets or functional routes), else passes untouched.
 */
public final class HandlerRouting {

    private record PathRoute(GuardedPath path, String endpoint) {}

    private final List<HandlerMapping> mappings;
    private final List<PathRoute> paths;

    private HandlerRouting(List<HandlerMapping> mappings, List<PathRoute> paths) {
        this.mappings = mappings;
        this.paths = paths;
    }

    /** The routing of these endpoints over every handler mapping of the context. */
    static HandlerRouting of(ApplicationContext context, List<EndpointConfig> endpoints) {
        List<HandlerMapping> mappings = new ArrayList<>(
                BeanFactoryUtils.beansOfTypeIncludingAncestors(context, HandlerMapping.class, true, false)
                        .values());
        AnnotationAwareOrderComparator.sort(mappings);
        List<PathRoute> paths = endpoints.stream()
                .map(e -> new PathRoute(new GuardedPath(e.path()), e.name()))
                .sorted(Comparator.comparingInt((PathRoute r) -> r.path().specificity())
                        .reversed())
                .toList();
        return new HandlerRouting(List.copyOf(mappings), paths);
    }

    /** The name of the endpoint that guards the request, or null when it is not guarded. */
    @Nullable
    String endpointOf(HttpServletRequest request) {
        IdempotentWebhook webhook = annotatedHandler(request);
        if (webhook != null) {
            return webhook.value();
        }
        String path = pathInApplication(request);
        for (PathRoute route : paths) {
            if (route.path().matches(path)) {
                return route.endpoint();
            }
        }
        return null;
    }

    /** The annotation of the handler the first mapping that has one picks, as the DispatcherServlet would. */
    private @Nullable IdempotentWebhook annotatedHandler(HttpServletRequest request) {
        HttpServletRequest probe = new IsolatedAttributesRequest(request);
        try {
            ServletRequestPathUtils.parseAndCache(probe);
            for (HandlerMapping mapping : mappings) {
                HandlerExecutionChain chain = mapping.getHandler(probe);
                if (chain != null) {
                    return chain.getHandler() instanceof HandlerMethod method
                            ? AnnotatedElementUtils.findMergedAnnotation(method.getMethod(), IdempotentWebhook.class)
                            : null;
                }
            }
        } catch (Exception refusedByTheMapping) {
            // the DispatcherServlet answers it (405, 415, 400) without running a handler; the paths still decide
        }
        return null;
    }

    private static String pathInApplication(HttpServletRequest request) {
        String servletPath = request.getServletPath();
        String pathInfo = request.getPathInfo();
        String path = (servletPath == null ? "" : servletPath) + (pathInfo == null ? "" : pathInfo);
        return path.isEmpty() ? "/" : path;
    }
}
