package dev.hookguard.servlet.internal.config;

import dev.hookguard.servlet.EndpointConfig;
import dev.hookguard.servlet.HookguardFilter;
import jakarta.servlet.http.HttpServletRequest;
import java.util.Comparator;
import java.util.List;
import org.jspecify.annotations.Nullable;

/** The guarded endpoints, most specific path pattern first. */
public final class Endpoints {

    private record Entry(PathPattern pattern, EndpointConfig endpoint) {}

    private final List<Entry> entries;

    public Endpoints(List<EndpointConfig> endpoints) {
        this.entries = endpoints.stream()
                .map(e -> new Entry(new PathPattern(e.path()), e))
                .sorted(Comparator.comparingInt((Entry e) -> e.pattern().specificity())
                        .reversed())
                .toList();
    }

    /**
     * The endpoint a framework adapter named in {@link HookguardFilter#ENDPOINT_ATTRIBUTE}, else the one whose
     * pattern matches the request's path inside the application; null for none.
     */
    @Nullable
    public EndpointConfig match(HttpServletRequest request) {
        if (request.getAttribute(HookguardFilter.ENDPOINT_ATTRIBUTE) instanceof String name) {
            return entries.stream()
                    .map(Entry::endpoint)
                    .filter(e -> e.name().equals(name))
                    .findFirst()
                    .orElse(null);
        }
        String path = path(request);
        for (Entry entry : entries) {
            if (entry.pattern().matches(path)) {
                return entry.endpoint();
            }
        }
        return null;
    }

    private static String path(HttpServletRequest request) {
        String servletPath = request.getServletPath();
        String pathInfo = request.getPathInfo();
        String path = (servletPath == null ? "" : servletPath) + (pathInfo == null ? "" : pathInfo);
        return path.isEmpty() ? "/" : path;
    }
}
