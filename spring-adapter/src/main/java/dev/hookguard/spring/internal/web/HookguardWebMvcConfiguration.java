package dev.hookguard.spring.internal.web;

import dev.hookguard.spring.HookguardConfigurationException;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * What {@link dev.hookguard.spring.EnableHookguard} imports into a Spring MVC application without Spring Boot: the
 * filter bean {@code hookguardFilter}, its {@code hookguardDispatcherLifecycle} and the {@code
 * hookguardWebMvcConfigurer}. Spring Boot's auto-configuration
 * declares the same beans and backs off when these exist.
 */
@Configuration(proxyBeanMethods = false)
public class HookguardWebMvcConfiguration {

    /** The filter; register it with {@code new DelegatingFilterProxy("hookguardFilter")}. */
    @Bean
    public HookguardWebFilter hookguardFilter(ApplicationContext context) {
        if ("false".equalsIgnoreCase(context.getEnvironment().getProperty("hookguard.enabled"))) {
            throw new HookguardConfigurationException(
                    "@EnableHookguard is present, but hookguard.enabled is false",
                    "Remove @EnableHookguard, or remove hookguard.enabled=false.");
        }
        return new HookguardWebFilter(context);
    }

    /** Starts the filter's dispatcher with the context and stops it first at shutdown. */
    @Bean
    public HookguardDispatcherLifecycle hookguardDispatcherLifecycle(
            HookguardWebFilter hookguardFilter, ApplicationContext context) {
        return new HookguardDispatcherLifecycle(hookguardFilter, context);
    }

    /** The {@link dev.hookguard.spring.WebhookEventId} resolver and the guard against unverified requests. */
    @Bean
    public HookguardWebMvcConfigurer hookguardWebMvcConfigurer() {
        return new HookguardWebMvcConfigurer();
    }
}
