package dev.hookguard.servlet.internal.config;

import dev.hookguard.servlet.DeliveryMetrics.QueueSnapshot;
import dev.hookguard.servlet.EndpointConfig;
import jakarta.servlet.ServletContext;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * The endpoints a Hookguard filter guards, and where its dispatcher's state is read, published in its servlet context
 * when it starts, so that a console servlet configured by init-params in the same application reads each endpoint's
 * policy and stalled period from the filter's own settings instead of a second copy, and shows what the dispatcher
 * sees. Several filters in one context add theirs; the first to name an endpoint keeps it.
 */
public final class PublishedEndpoints {

    /** The servlet context attribute: an unmodifiable map of endpoint name to {@link EndpointConfig}. */
    public static final String ATTRIBUTE = "dev.hookguard.endpoints";

    /** The servlet context attribute: a function of endpoint name to this node's dispatcher's last sample of it. */
    public static final String DISPATCH_STATE_ATTRIBUTE = "dev.hookguard.dispatch-state";

    private PublishedEndpoints() {}

    /** Adds these endpoints, and where their dispatcher's samples are read, to the context's published ones. */
    public static void publish(
            ServletContext context,
            List<EndpointConfig> endpoints,
            Function<String, Optional<QueueSnapshot>> dispatchState) {
        synchronized (context) {
            Map<String, EndpointConfig> all = new LinkedHashMap<>(read(context::getAttribute));
            endpoints.forEach(endpoint -> all.putIfAbsent(endpoint.name(), endpoint));
            context.setAttribute(ATTRIBUTE, Collections.unmodifiableMap(all));
            Function<String, Optional<QueueSnapshot>> before = dispatchState(context::getAttribute);
            Function<String, Optional<QueueSnapshot>> both =
                    endpoint -> before.apply(endpoint).or(() -> dispatchState.apply(endpoint));
            context.setAttribute(DISPATCH_STATE_ATTRIBUTE, both);
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

    /** Where the published dispatchers' samples are read; always empty when no filter published one. */
    @SuppressWarnings("unchecked")
    public static Function<String, Optional<QueueSnapshot>> dispatchState(
            Function<String, @Nullable Object> attributes) {
        Object published = attributes.apply(DISPATCH_STATE_ATTRIBUTE);
        return published instanceof Function<?, ?> function
                ? (Function<String, Optional<QueueSnapshot>>) function
                : endpoint -> Optional.empty();
    }
}
