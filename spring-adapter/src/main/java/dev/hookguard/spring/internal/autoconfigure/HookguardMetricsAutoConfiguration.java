package dev.hookguard.spring.internal.autoconfigure;

import dev.hookguard.servlet.DeliveryMetrics;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.observation.ObservationRegistry;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;

/**
 * Hookguard's meters ({@code hookguard.deliveries}, {@code hookguard.claim.duration}, {@code
 * hookguard.handler.duration}) on the application's {@link MeterRegistry}, never on Micrometer's global registry.
 * Without a registry bean the filter reports nowhere. The registry is looked up when the filter is assembled, after
 * every auto-configuration ran, so the order of Spring Boot's metrics auto-configuration does not matter.
 */
@AutoConfiguration(after = HookguardAutoConfiguration.class)
@ConditionalOnHookguardEnabled
@ConditionalOnClass(MeterRegistry.class)
public class HookguardMetricsAutoConfiguration {

    /**
     * Meters on the application's registry, or none; each delivery an observation ({@code hookguard.delivery}) on
     * the application's {@code ObservationRegistry} when there is one (Spring Boot's, with Actuator), so that a
     * tracer sees the claim, the handler and the verdict.
     */
    @Bean
    @ConditionalOnMissingBean
    public DeliveryMetrics hookguardDeliveryMetrics(
            ObjectProvider<MeterRegistry> registries, ObjectProvider<ObservationRegistry> observations) {
        MeterRegistry registry = registries.getIfUnique();
        return registry == null
                ? DeliveryMetrics.none()
                : DeliveryMetrics.micrometer(registry, observations.getIfUnique(() -> ObservationRegistry.NOOP));
    }
}
