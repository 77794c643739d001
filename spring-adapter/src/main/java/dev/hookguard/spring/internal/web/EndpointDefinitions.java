package dev.hookguard.spring.internal.web;

import dev.hookguard.servlet.EndpointConfig;
import dev.hookguard.spring.HookguardConfigurationException;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.beans.factory.BeanFactoryUtils;
import org.springframework.beans.factory.ListableBeanFactory;

/**
 * The endpoints an application defines: every {@link EndpointConfig} bean and every endpoint of every {@link
 * EndpointGroup} bean (Spring Boot's {@code hookguard.endpoints.*}), by name. Their paths may be unset: {@link
 * EndpointRouting} takes them from the handlers. The filter and the dead-letter Actuator endpoint read the same
 * definitions.
 */
public final class EndpointDefinitions {

    /**
     * One defined endpoint.
     *
     * @param endpoint the definition, its path unset where the handlers give it
     * @param origin where it is defined, for messages: a property prefix such as {@code hookguard.endpoints.stripe},
     *     or {@code bean 'name'}
     * @param fromProperties whether {@code origin} is a property prefix
     */
    public record Definition(EndpointConfig endpoint, String origin, boolean fromProperties) {

        /** The property (or bean) to name in a message about the endpoint's {@code field}, such as {@code path}. */
        public String property(String field) {
            return fromProperties ? origin + "." + field : field + " of the EndpointConfig " + origin;
        }
    }

    private final Map<String, Definition> byName;

    private EndpointDefinitions(Map<String, Definition> byName) {
        this.byName = Collections.unmodifiableMap(byName);
    }

    /**
     * The definitions among the context's beans.
     *
     * @throws HookguardConfigurationException when two definitions have one name
     */
    public static EndpointDefinitions collect(ListableBeanFactory context) {
        Map<String, Definition> byName = new LinkedHashMap<>();
        BeanFactoryUtils.beansOfTypeIncludingAncestors(context, EndpointConfig.class)
                .forEach((bean, endpoint) -> add(byName, new Definition(endpoint, "bean '" + bean + "'", false)));
        BeanFactoryUtils.beansOfTypeIncludingAncestors(context, EndpointGroup.class)
                .values()
                .forEach(group -> group.endpoints()
                        .forEach(endpoint ->
                                add(byName, new Definition(endpoint, group.source() + "." + endpoint.name(), true))));
        return new EndpointDefinitions(byName);
    }

    /** The definitions by endpoint name, in the order they were found. */
    public Map<String, Definition> byName() {
        return byName;
    }

    private static void add(Map<String, Definition> byName, Definition definition) {
        Definition earlier = byName.putIfAbsent(definition.endpoint().name(), definition);
        if (earlier != null) {
            throw new HookguardConfigurationException(
                    "Hookguard endpoint '" + definition.endpoint().name() + "' is defined twice: by " + earlier.origin()
                            + " and by " + definition.origin(),
                    "Keep one definition of endpoint '" + definition.endpoint().name() + "'.");
        }
    }
}
