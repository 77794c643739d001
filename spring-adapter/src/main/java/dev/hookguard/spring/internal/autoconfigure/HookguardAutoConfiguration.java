package dev.hookguard.spring.internal.autoconfigure;

import dev.hookguard.servlet.EndpointConfig;
import dev.hookguard.spring.HookguardConfigurationException;
import dev.hookguard.spring.autoconfigure.HookguardProperties;
import dev.hookguard.spring.internal.web.EndpointGroup;
import java.util.ArrayList;
import java.util.List;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;

/**
 * Binds {@code hookguard.*}, checks it at start-up and turns it into endpoint definitions ({@code
 * hookguardPropertyEndpoints}); the filter's assembly applies the filter-wide settings. Off with {@code hookguard.enabled=false}, like every
 * Hookguard auto-configuration.
 */
@AutoConfiguration
@ConditionalOnHookguardEnabled
@EnableConfigurationProperties(HookguardProperties.class)
public class HookguardAutoConfiguration {

    /** The property prefix of the endpoints. */
    static final String ENDPOINTS = "hookguard.endpoints";

    /** The endpoints of {@code hookguard.endpoints.*}; a bad property fails start-up naming it. */
    @Bean
    @ConditionalOnMissingBean(name = "hookguardPropertyEndpoints")
    public EndpointGroup hookguardPropertyEndpoints(HookguardProperties properties) {
        check(properties);
        return endpoints(properties);
    }

    /**
     * Turns {@code hookguard.endpoints.*} into endpoints through {@link HookguardProperties#endpoint}, the one mapping
     * of settings onto the builders that the servlet filter's init-params use too; an unset path stays unset (the
     * handlers give it). Every invalid value fails with a {@link HookguardConfigurationException} that names the
     * property, such as {@code hookguard.endpoints.stripe.secrets must hold at least one secret but was empty}.
     */
    public static EndpointGroup endpoints(HookguardProperties properties) {
        List<EndpointConfig> endpoints = new ArrayList<>();
        for (String name : properties.getEndpoints().keySet()) {
            String prefix = ENDPOINTS + "." + name;
            if (!name.matches("[A-Za-z0-9._-]{1,64}")) {
                throw HookguardConfigurationException.property(
                        prefix, "has an invalid endpoint name: use 1 to 64 of A-Z a-z 0-9 . _ -");
            }
            endpoints.add(PropertyErrors.settings(
                    prefix,
                    () -> properties
                            .endpoint(
                                    name,
                                    PropertyErrors.PREFIX,
                                    location -> PropertiesSchemas.read(prefix + ".schema", location))
                            .build()));
        }
        return new EndpointGroup(ENDPOINTS, endpoints);
    }

    /**
     * Checks the filter-wide {@code hookguard.*} settings ({@code in-progress-status}, {@code dead-status}, {@code
     * fail-open}, {@code unavailable-retry-after}, {@code store-timeout}, {@code hardening.*}, {@code dispatcher.*})
     * with the library's own validation, so that a bad one fails start-up naming it. The filter's assembly applies
     * them ({@link dev.hookguard.servlet.HookguardSettings#filterConfig}), before the application's customizers.
     *
     * @throws HookguardConfigurationException naming the first bad property
     */
    public static void check(HookguardProperties properties) {
        PropertyErrors.settings("hookguard", () -> {
            properties.check(PropertyErrors.PREFIX);
            return properties;
        });
    }
}
