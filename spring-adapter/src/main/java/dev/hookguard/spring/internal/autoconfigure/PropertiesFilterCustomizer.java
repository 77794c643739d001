package dev.hookguard.spring.internal.autoconfigure;

import dev.hookguard.core.memory.InMemoryStore;
import dev.hookguard.servlet.DeliveryMetrics;
import dev.hookguard.servlet.EndpointConfig;
import dev.hookguard.servlet.HookguardFilterConfig;
import dev.hookguard.spring.HookguardFilterCustomizer;
import dev.hookguard.spring.autoconfigure.HookguardProperties;
import org.springframework.core.Ordered;

/**
 * Applies the filter-wide {@code hookguard.*} settings ({@code in-progress-status}, {@code dead-status}, {@code
 * fail-open}, {@code unavailable-retry-after}, {@code store-timeout}, {@code hardening.*}, {@code dispatcher.*}) to
 * the filter through {@link dev.hookguard.servlet.HookguardSettings#applyTo}: only the set values, the builder
 * keeping its defaults. Runs first ({@link Ordered#HIGHEST_PRECEDENCE}), so that the application's own customizers
 * can still change anything.
 */
public final class PropertiesFilterCustomizer implements HookguardFilterCustomizer, Ordered {

    private final HookguardProperties properties;

    /** Checks the values at once with the library's own validation, so that a bad one fails start-up naming it. */
    public PropertiesFilterCustomizer(HookguardProperties properties) {
        this.properties = properties;
        PropertyErrors.named("hookguard", () -> {
            HookguardFilterConfig.Builder probe = HookguardFilterConfig.custom()
                    .endpoint(EndpointConfig.custom("probe")
                            .path("/probe")
                            .verifier((headers, body) -> {
                                throw new UnsupportedOperationException("never called");
                            })
                            .eventIds((headers, body) -> {
                                throw new UnsupportedOperationException("never called");
                            })
                            .build())
                    .store(new InMemoryStore())
                    .metrics(DeliveryMetrics.none());
            customize(probe);
            return probe.build();
        });
    }

    @Override
    public void customize(HookguardFilterConfig.Builder builder) {
        PropertyErrors.settings("hookguard", () -> properties.applyTo(builder, PropertyErrors.PREFIX));
    }

    @Override
    public int getOrder() {
        return Ordered.HIGHEST_PRECEDENCE;
    }
}
