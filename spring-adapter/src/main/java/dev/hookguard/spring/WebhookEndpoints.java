package dev.hookguard.spring;

import java.util.List;

/**
 * Several {@link WebhookEndpoint}s declared as one bean, with the place they come from, for messages. Spring Boot's
 * auto-configuration declares one for {@code hookguard.endpoints.*}; an application may declare its own beside
 * single {@link WebhookEndpoint} beans. An endpoint name defined twice, in any of them, fails start-up.
 *
 * @param source where the endpoints are defined, such as {@code hookguard.endpoints}; a property prefix when they
 *     come from properties, so that messages can name {@code <source>.<name>}
 * @param endpoints the endpoints
 */
public record WebhookEndpoints(String source, List<WebhookEndpoint> endpoints) {

    /** Copies the list. */
    public WebhookEndpoints {
        endpoints = List.copyOf(endpoints);
    }
}
