package dev.hookguard.servlet;

import jakarta.servlet.Filter;
import jakarta.servlet.Servlet;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * What a test deploys into a container: the Hookguard filter on {@link #filterMapping} ({@value #HOOKS}
 * unless changed; an instance, or the class with init-params as {@code web.xml} would declare it), servlets by
 * path pattern, filters mapped after it on the same pattern, context attributes set before the filter initialises,
 * and the port (any free one unless set).
 */
record WebApp(
        @Nullable Filter filter,
        Map<String, String> initParams,
        Map<String, Servlet> servlets,
        List<Filter> laterFilters,
        Map<String, Object> attributes,
        String filterMapping,
        int port) {

    static final String HOOKS = "/hooks/*";

    static WebApp of(Filter filter) {
        return new WebApp(filter, Map.of(), new LinkedHashMap<>(), new ArrayList<>(), new LinkedHashMap<>(), HOOKS, 0);
    }

    static WebApp ofInitParams(Map<String, String> initParams) {
        return new WebApp(null, initParams, new LinkedHashMap<>(), new ArrayList<>(), new LinkedHashMap<>(), HOOKS, 0);
    }

    /** This app with the filter mapped on {@code pattern}. */
    WebApp mappedOn(String pattern) {
        return new WebApp(filter, initParams, servlets, laterFilters, attributes, pattern, port);
    }

    /** This app on {@code port} of 127.0.0.1 (0, the default, for any free one). */
    WebApp onPort(int port) {
        return new WebApp(filter, initParams, servlets, laterFilters, attributes, filterMapping, port);
    }

    WebApp servlet(String pattern, Servlet servlet) {
        servlets.put(pattern, servlet);
        return this;
    }

    /** Adds a filter after Hookguard's, on its mapping. */
    WebApp laterFilter(Filter filter) {
        laterFilters.add(filter);
        return this;
    }

    WebApp attribute(String name, Object value) {
        attributes.put(name, value);
        return this;
    }
}
