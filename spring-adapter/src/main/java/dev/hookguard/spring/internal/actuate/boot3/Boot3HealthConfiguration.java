package dev.hookguard.spring.internal.actuate.boot3;

import dev.hookguard.core.IdempotencyStore;
import dev.hookguard.servlet.internal.health.StoreHealth;
import org.springframework.boot.actuate.autoconfigure.health.ConditionalOnEnabledHealthIndicator;
import org.springframework.boot.actuate.health.Health;
import org.springframework.boot.actuate.health.HealthIndicator;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The {@code hookguard} health indicator on Spring Boot 3. */
@Configuration(proxyBeanMethods = false)
@ConditionalOnEnabledHealthIndicator("hookguard")
public class Boot3HealthConfiguration {

    /** UP while the store answers. */
    @Bean
    @ConditionalOnMissingBean(name = "hookguardHealthIndicator")
    public HealthIndicator hookguardHealthIndicator(IdempotencyStore store) {
        StoreHealth health = new StoreHealth(store);
        return () -> {
            StoreHealth.Result result = health.check();
            return (result.up() ? Health.up() : Health.down())
                    .withDetails(result.details())
                    .build();
        };
    }
}
