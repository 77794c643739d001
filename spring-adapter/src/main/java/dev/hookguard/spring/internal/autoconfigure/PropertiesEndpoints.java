package dev.hookguard.spring.internal.autoconfigure;

import dev.hookguard.servlet.EndpointConfig;
import dev.hookguard.servlet.HookguardSettings;
import dev.hookguard.spring.HookguardConfigurationException;
import dev.hookguard.spring.WebhookEndpoint;
import dev.hookguard.spring.WebhookEndpoints;
import dev.hookguard.spring.autoconfigure.HookguardProperties;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Turns {@code hookguard.endpoints.*} into {@link WebhookEndpoint}s through {@link HookguardSettings#endpoint}, the
 * one mapping of settings onto the builders that the servlet filter's init-params use too. Every invalid value fails
 * with a {@link HookguardConfigurationException} that names the property, such as {@code
 * hookguard.endpoints.stripe.secrets must hold at least one secret but was empty}.
 */
public final class PropertiesEndpoints {

    /** The property prefix of the endpoints. */
    static final String PREFIX = "hookguard.endpoints";

    /** Stands in for the path while the endpoint is built; the handlers' mappings give it when unset. */
    private static final String NO_PATH = "/";

    private PropertiesEndpoints() {}

    public static WebhookEndpoints from(HookguardProperties properties) {
        List<WebhookEndpoint> endpoints = new ArrayList<>();
        for (String name : properties.getEndpoints().keySet()) {
            endpoints.add(endpoint(name, properties));
        }
        return new WebhookEndpoints(PREFIX, endpoints);
    }

    private static WebhookEndpoint endpoint(String name, HookguardProperties properties) {
        String prefix = PREFIX + "." + name;
        if (!name.matches("[A-Za-z0-9._-]{1,64}")) {
            throw HookguardConfigurationException.property(
                    prefix, "has an invalid endpoint name: use 1 to 64 of A-Z a-z 0-9 . _ -");
        }
        Optional<String> path =
                Optional.ofNullable(properties.getEndpoints().get(name).getPath());
        return PropertyErrors.settings(prefix, () -> {
            EndpointConfig.Builder builder = properties.endpoint(
                    name, PropertyErrors.PREFIX, location -> PropertiesSchemas.read(prefix + ".schema", location));
            EndpointConfig built = builder.path(NO_PATH).build(); // the record below checks the path
            return new WebhookEndpoint(
                    name,
                    path,
                    built.verifier(),
                    properties.eventIds(name, PropertyErrors.PREFIX),
                    built.policy(),
                    built.maxBodyBytes(),
                    built.failOpen(),
                    built.schema(),
                    built.scheme(),
                    built.signer(),
                    built.recovery());
        });
    }
}
