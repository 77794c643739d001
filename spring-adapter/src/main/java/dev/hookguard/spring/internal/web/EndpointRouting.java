package dev.hookguard.spring.internal.web;

import dev.hookguard.servlet.EndpointConfig;
import dev.hookguard.spring.HookguardConfigurationException;
import dev.hookguard.spring.internal.web.EndpointDefinitions.Definition;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Gives every defined endpoint its one guarded path: the configured path, which must cover every handler that names
 * the endpoint, or else the path of those handlers' mappings, which must agree. Checks that every annotation names a
 * defined endpoint and that an endpoint's handlers agree on the transactional mode.
 */
public final class EndpointRouting {

    /**
     * One endpoint ready for the filter.
     *
     * @param config the filter's configuration of it
     * @param transactional whether its handlers run in the transaction that records the verdict
     */
    record Routed(EndpointConfig config, boolean transactional) {}

    private EndpointRouting() {}

    /**
     * The endpoints with their guarded paths.
     *
     * @throws HookguardConfigurationException for an annotation naming an undefined endpoint, or a path that cannot be
     *     decided
     */
    static List<Routed> resolve(EndpointDefinitions definitions, List<WebhookRoute> routes) {
        Map<String, List<WebhookRoute>> byEndpoint = new LinkedHashMap<>();
        routes.forEach(route -> byEndpoint
                .computeIfAbsent(route.endpoint(), name -> new ArrayList<>())
                .add(route));
        byEndpoint.forEach((name, named) -> requireDefined(definitions, name, named.get(0)));
        List<Routed> routed = new ArrayList<>();
        for (Definition definition : definitions.byName().values()) {
            List<WebhookRoute> named =
                    byEndpoint.getOrDefault(definition.endpoint().name(), List.of());
            GuardedPath path = path(definition, named);
            routed.add(new Routed(config(definition, path), transactional(definition, named)));
        }
        return routed;
    }

    private static void requireDefined(EndpointDefinitions definitions, String name, WebhookRoute route) {
        if (!definitions.byName().containsKey(name)) {
            throw new HookguardConfigurationException(
                    "@IdempotentWebhook(\"" + name + "\") on " + route.handler() + " names endpoint '" + name
                            + "', which is not defined (defined: "
                            + definitions.byName().keySet() + ")",
                    "Define the endpoint with hookguard.endpoints." + name + ".scheme and hookguard.endpoints." + name
                            + ".secrets (or an EndpointConfig bean named '" + name
                            + "'), or correct the name in the annotation.");
        }
    }

    private static GuardedPath path(Definition definition, List<WebhookRoute> routes) {
        String property = definition.property("path");
        String configuredPath = definition.endpoint().path();
        if (configuredPath != null) {
            GuardedPath configured = new GuardedPath(configuredPath);
            for (WebhookRoute route : routes) {
                if (!configured.covers(route.mapping())) {
                    throw HookguardConfigurationException.property(
                            property,
                            "is '" + configured + "', which does not guard '" + route.mapping() + "' of "
                                    + route.handler());
                }
            }
            return configured;
        }
        if (routes.isEmpty()) {
            throw HookguardConfigurationException.property(
                    property,
                    "is not set, and no handler method is annotated @IdempotentWebhook(\""
                            + definition.endpoint().name() + "\")");
        }
        return derived(property, routes);
    }

    private static GuardedPath derived(String property, List<WebhookRoute> routes) {
        Set<GuardedPath> paths = new LinkedHashSet<>();
        for (WebhookRoute route : routes) {
            GuardedPath path = GuardedPath.ofMapping(route.mapping());
            if (path == null) {
                throw HookguardConfigurationException.property(
                        property,
                        "is not set, and " + route.handler() + " maps '" + route.mapping()
                                + "', which has path variables or wildcards; set it to a prefix pattern such as '"
                                + GuardedPath.literalPrefix(route.mapping()) + "/*' that covers the mapping");
            }
            paths.add(path);
        }
        if (paths.size() > 1) {
            throw HookguardConfigurationException.property(
                    property,
                    "is not set, and the endpoint's handlers map different paths " + paths
                            + "; one endpoint guards one path: set it to a prefix that covers them all, or use one"
                            + " endpoint per path");
        }
        return paths.iterator().next();
    }

    private static boolean transactional(Definition definition, List<WebhookRoute> routes) {
        Set<Boolean> modes = new LinkedHashSet<>();
        routes.forEach(route -> modes.add(route.transactional()));
        if (modes.size() > 1) {
            throw new HookguardConfigurationException(
                    "The handlers of Hookguard endpoint '"
                            + definition.endpoint().name() + "' disagree on @IdempotentWebhook(transactional)",
                    "Give every handler of endpoint '" + definition.endpoint().name() + "' the same transactional.");
        }
        return modes.contains(Boolean.TRUE);
    }

    private static EndpointConfig config(Definition definition, GuardedPath path) {
        try {
            return EndpointConfig.from(definition.endpoint())
                    .path(path.pattern())
                    .build();
        } catch (IllegalArgumentException e) {
            throw new HookguardConfigurationException(
                    "Hookguard endpoint defined by " + definition.origin() + " is invalid: " + e.getMessage(),
                    "Correct the definition by " + definition.origin() + ".");
        }
    }
}
