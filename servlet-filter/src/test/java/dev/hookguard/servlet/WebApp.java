package dev.hookguard.servlet;

import jakarta.servlet.Filter;
import jakarta.servlet.http.HttpServlet;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * What a test deploys into a container: the Hookguard filter on {@link #filterMapping} ({@value #HOOKS}
 * unless changed; an instance, or the class with init-params as {@code web.xml} would declare it), servlets by
 * path pattern, context attributes set before the filter initialises, and the port (any free one unless set).
 */
record WebApp(
        @Nullable Filter filter,
        Map<String, String> initParams,
        Map<String, HttpServlet> servlets,
        Map<String, Object> attributes,
        String filterMapping,
        int port) {

    static final String HOOKS = "/hooks/*";

    static WebApp of(Filter filter) {
        return new WebApp(filter, Map.of(), new LinkedHashMap<>(), new LinkedHashMap<>(), HOOKS, 0);
    }

    static WebApp ofInitParams(Map<String, String> initParams) {
        return new WebApp(null, initParams, new LinkedHashMap<>(), new LinkedHashMap<>(), HOOKS, 0);
    }

    /** This app with the filter mapped on {@code pattern}. */
    WebApp mappedOn(String pattern) {
        return new WebApp(filter, initParams, servlets, attributes, pattern, port);
    }

    /** This app on {@code port} of 127.0.0.1 (0, the default, for any free one). */
    WebApp onPort(int port) {
        return new WebApp(filter, initParams, servlets, attributes, filterMapping, port);
    }

    WebApp servlet(String pattern, HttpServlet servlet) {
        servlets.put(pattern, servlet);
        return this;
    }

    WebApp attribute(String name, Object value) {
        attributes.put(name, value);
        return this;
    }
}
