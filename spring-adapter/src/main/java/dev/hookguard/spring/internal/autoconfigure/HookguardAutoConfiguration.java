package dev.hookguard.spring.internal.autoconfigure;

import dev.hookguard.spring.HookguardFilterCustomizer;
import dev.hookguard.spring.WebhookEndpoints;
import dev.hookguard.spring.autoconfigure.HookguardProperties;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;

/**
 * Binds {@code hookguard.*} and turns it into endpoint definitions ({@code hookguardPropertyEndpoints}) and the
 * filter-wide settings ({@code hookguardPropertiesCustomizer}). Off with {@code hookguard.enabled=false}, like every
 * Hookguard auto-configuration.
 */
@AutoConfiguration
@ConditionalOnHookguardEnabled
@EnableConfigurationProperties(HookguardProperties.class)
public class HookguardAutoConfiguration {

    /** The endpoints of {@code hookguard.endpoints.*}; a bad property fails start-up naming it. */
    @Bean
    @ConditionalOnMissingBean(name = "hookguardPropertyEndpoints")
    public WebhookEndpoints hookguardPropertyEndpoints(HookguardProperties properties) {
        return PropertiesEndpoints.from(properties);
    }

    /** The filter-wide settings of {@code hookguard.*}. */
    @Bean
    @ConditionalOnMissingBean(name = "hookguardPropertiesCustomizer")
    public HookguardFilterCustomizer hookguardPropertiesCustomizer(HookguardProperties properties) {
        return new PropertiesFilterCustomizer(properties);
    }
}
