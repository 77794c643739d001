package dev.hookguard.spring.internal.actuate.boot4;

import dev.hookguard.core.IdempotencyStore;
import dev.hookguard.servlet.internal.health.StoreHealth;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.health.autoconfigure.contributor.ConditionalOnEnabledHealthIndicator;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The {@code hookguard} health indicator on Spring Boot 4. */
@Configuration(proxyBeanMethods = false)
@ConditionalOnEnabledHealthIndicator("hookguard")
public class Boot4HealthConfiguration {

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
