package dev.hookguard.servlet.internal.config;

import dev.hookguard.servlet.EndpointConfig;
import jakarta.servlet.ServletContext;
import jakarta.servlet.ServletRegistration;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Warns at start-up about a servlet that serves an endpoint's path under a mapping wider than the endpoints
 * (such as {@code /webhooks/*} for the endpoints {@code /webhooks/stripe} and {@code /webhooks/standard}):
 * its other paths are answered 404 inside the filter's mapping, and reach it unguarded outside it. Map such a
 * servlet on the endpoint paths only. The container's default servlet ({@code /}) is not reported.
 */
public final class MappingWarnings {

    private static final Logger log = LoggerFactory.getLogger(MappingWarnings.class);

    private MappingWarnings() {}

    public static void check(ServletContext context, List<EndpointConfig> endpoints) {
        Map<String, ? extends ServletRegistration> servlets;
        try {
            servlets = context.getServletRegistrations();
        } catch (RuntimeException e) {
            log.debug("Cannot list the servlet mappings to compare them with the Hookguard endpoints", e);
            return;
        }
        List<PathPattern> patterns =
                endpoints.stream().map(e -> new PathPattern(e.path())).toList();
        servlets.forEach((name, servlet) -> servlet.getMappings().stream()
                .filter(mapping -> reportable(mapping, patterns))
                .forEach(mapping -> log.warn(
                        "Servlet '{}' is mapped on '{}', wider than the Hookguard endpoints {}: inside the filter's"
                                + " mapping its other paths are answered 404, outside it they reach the servlet"
                                + " unguarded; map it on the endpoint paths only",
                        name,
                        mapping,
                        patterns)));
    }

    private static boolean reportable(String mapping, List<PathPattern> endpoints) {
        try {
            return overlaps(mapping, endpoints) && wider(mapping, endpoints);
        } catch (IllegalArgumentException notAPathMapping) {
            return false;
        }
    }

    /** Whether the servlet mapping serves some endpoint's path. */
    private static boolean overlaps(String mapping, List<PathPattern> endpoints) {
        if (mapping.equals("/") || mapping.isEmpty() || mapping.startsWith("*.")) {
            return false;
        }
        PathPattern servlet = new PathPattern(mapping);
        return endpoints.stream().anyMatch(e -> servlet.matches(base(e)) || e.matches(base(servlet)));
    }

    /** Whether the servlet mapping matches paths that no endpoint guards. */
    private static boolean wider(String mapping, List<PathPattern> endpoints) {
        PathPattern servlet = new PathPattern(mapping);
        if (!servlet.isPrefix()) {
            return endpoints.stream().noneMatch(e -> e.matches(mapping));
        }
        String base = base(servlet);
        return endpoints.stream().noneMatch(e -> e.isPrefix() && e.matches(base));
    }

    private static String base(PathPattern pattern) {
        String text = pattern.pattern();
        return pattern.isPrefix() ? text.substring(0, text.length() - 2) : text;
    }
}
