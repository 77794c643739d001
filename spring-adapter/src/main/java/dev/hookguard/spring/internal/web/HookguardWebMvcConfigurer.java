package dev.hookguard.spring.internal.web;

import java.util.List;
import org.springframework.core.Ordered;
import org.springframework.web.method.support.HandlerMethodArgumentResolver;
import org.springframework.web.servlet.config.annotation.InterceptorRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * Adds Hookguard to Spring MVC: the {@link WebhookEventIdArgumentResolver}, the {@link UnguardedWebhookInterceptor}
 * and, last of all interceptors, the {@link HandlerInvokedInterceptor}.
 */
public class HookguardWebMvcConfigurer implements WebMvcConfigurer {

    @Override
    public void addArgumentResolvers(List<HandlerMethodArgumentResolver> resolvers) {
        resolvers.add(new WebhookEventIdArgumentResolver());
    }

    @Override
    public void addInterceptors(InterceptorRegistry registry) {
        registry.addInterceptor(new UnguardedWebhookInterceptor());
        registry.addInterceptor(new HandlerInvokedInterceptor()).order(Ordered.LOWEST_PRECEDENCE);
    }
}
