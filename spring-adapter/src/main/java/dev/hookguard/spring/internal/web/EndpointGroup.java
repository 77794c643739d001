package dev.hookguard.spring.internal.web;

import dev.hookguard.servlet.EndpointConfig;
import java.util.List;

/**
 * Several endpoints declared as one bean, with the place they come from, for messages: Spring Boot's
 * auto-configuration declares one ({@code hookguardPropertyEndpoints}) for {@code hookguard.endpoints.*}. Their paths
 * may be unset, like those of {@link EndpointConfig} beans: {@link EndpointRouting} takes them from the handlers.
 *
 * @param source where the endpoints are defined, such as {@code hookguard.endpoints}; a property prefix, so that
 *     messages can name {@code <source>.<name>}
 * @param endpoints the endpoints
 */
public record EndpointGroup(String source, List<EndpointConfig> endpoints) {

    /** Copies the list. */
    public EndpointGroup {
        endpoints = List.copyOf(endpoints);
    }
}
