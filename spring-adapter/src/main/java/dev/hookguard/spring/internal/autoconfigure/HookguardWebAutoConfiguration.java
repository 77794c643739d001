package dev.hookguard.spring.internal.autoconfigure;

import dev.hookguard.servlet.HookguardFilter;
import dev.hookguard.spring.internal.web.HookguardDispatcherLifecycle;
import dev.hookguard.spring.internal.web.HookguardWebFilter;
import dev.hookguard.spring.internal.web.HookguardWebMvcConfigurer;
import jakarta.servlet.DispatcherType;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.servlet.DispatcherServlet;

/**
 * The filter and its Spring MVC wiring in a servlet web application: the {@code hookguardFilter} bean, registered by
 * {@code hookguardFilterRegistration} for {@code /*}, {@code REQUEST} and {@code ASYNC} dispatches (an asynchronous handler's verdict is recorded when its
 * {@code ASYNC} dispatch returns), async supported, at order {@link
 * HookguardWebFilter#ORDER} (ahead of Spring's form, hidden-method and request-context filters, which read
 * parameters); the {@code hookguardDispatcherLifecycle}; and the {@code hookguardWebMvcConfigurer}. The same beans as {@link dev.hookguard.spring.EnableHookguard}
 * declares: when that annotation already did, these back off. With Spring Security, also the start-up check of its
 * chains against the guarded paths ({@code hookguard.security-check.enabled}).
 */
@AutoConfiguration(
        after = {
            HookguardAutoConfiguration.class,
            HookguardRedisStoreAutoConfiguration.class,
            HookguardJdbcStoreAutoConfiguration.class,
            HookguardMemoryStoreAutoConfiguration.class,
            HookguardMetricsAutoConfiguration.class
        })
@ConditionalOnHookguardEnabled
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
@ConditionalOnClass({DispatcherServlet.class, HookguardFilter.class})
public class HookguardWebAutoConfiguration {

    /** The filter, assembled once every singleton exists. */
    @Bean
    @ConditionalOnMissingBean
    public HookguardWebFilter hookguardFilter(ApplicationContext context) {
        return new HookguardWebFilter(context);
    }

    /** Registers the filter with the embedded container. */
    @Bean
    @ConditionalOnMissingBean(name = "hookguardFilterRegistration")
    public FilterRegistrationBean<HookguardWebFilter> hookguardFilterRegistration(HookguardWebFilter filter) {
        FilterRegistrationBean<HookguardWebFilter> registration = new FilterRegistrationBean<>(filter);
        registration.setName("hookguardFilter");
        registration.setAsyncSupported(true);
        registration.setOrder(HookguardWebFilter.ORDER);
        registration.setDispatcherTypes(DispatcherType.REQUEST, DispatcherType.ASYNC);
        registration.addUrlPatterns("/*");
        return registration;
    }

    /**
     * Starts the filter's dispatcher once the web server listens (its base URL from {@code local.server.port} unless
     * {@code hookguard.dispatcher.base-url} is set) and stops it first at shutdown.
     */
    @Bean
    @ConditionalOnMissingBean
    public HookguardDispatcherLifecycle hookguardDispatcherLifecycle(
            HookguardWebFilter filter, ApplicationContext context) {
        return new HookguardDispatcherLifecycle(filter, context);
    }

    /**
     * With Spring Security on the class path: the start-up check that its {@code SecurityFilterChain}s let a sender's
     * anonymous POST through to every guarded path ({@code hookguard.security-check.enabled}).
     */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(name = "org.springframework.security.web.FilterChainProxy")
    @ConditionalOnProperty(
            name = "hookguard.security-check.enabled",
            matchIfMissing = SecurityChainCheck.DEFAULT_ENABLED)
    static class SecurityCheckConfiguration {

        @Bean
        static SecurityChainCheck hookguardSecurityCheck(ApplicationContext context, HookguardWebFilter filter) {
            return new SecurityChainCheck(context, filter);
        }
    }

    /** Resolves {@code @WebhookEventId} and refuses unverified requests to annotated handlers. */
    @Bean
    @ConditionalOnMissingBean
    public HookguardWebMvcConfigurer hookguardWebMvcConfigurer() {
        return new HookguardWebMvcConfigurer();
    }
}
