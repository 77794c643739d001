package dev.hookguard.servlet.internal.config;

import dev.hookguard.servlet.EndpointConfig;
import jakarta.servlet.ServletContext;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * The endpoints a Hookguard filter guards, published in its servlet context when it starts, so that a console servlet
 * configured by init-params in the same application reads each endpoint's policy and stalled period from the filter's
 * own settings instead of a second copy. Several filters in one context add theirs; the first to name an endpoint
 * keeps it.
 */
public final class PublishedEndpoints {

    /** The servlet context attribute: an unmodifiable map of endpoint name to {@link EndpointConfig}. */
    public static final String ATTRIBUTE = "dev.hookguard.endpoints";

    private PublishedEndpoints() {}

    /** Adds these endpoints to the context's published ones. */
    public static void publish(ServletContext context, List<EndpointConfig> endpoints) {
        synchronized (context) {
            Map<String, EndpointConfig> all = new LinkedHashMap<>(read(context::getAttribute));
            endpoints.forEach(endpoint -> all.putIfAbsent(endpoint.name(), endpoint));
            context.setAttribute(ATTRIBUTE, Collections.unmodifiableMap(all));
        }
    }

    /** The published endpoints by name; empty when no filter published any (or it has not started yet). */
    public static Map<String, EndpointConfig> read(Function<String, @Nullable Object> attributes) {
        Map<String, EndpointConfig> found = new LinkedHashMap<>();
        if (attributes.apply(ATTRIBUTE) instanceof Map<?, ?> published) {
            published.forEach((name, endpoint) -> {
                if (name instanceof String key && endpoint instanceof EndpointConfig config) {
                    found.put(key, config);
                }
            });
        }
        return found;
    }
}
