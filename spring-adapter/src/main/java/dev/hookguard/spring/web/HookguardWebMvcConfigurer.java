package dev.hookguard.spring.web;

import java.util.List;
import org.springframework.web.method.support.HandlerMethodArgumentResolver;
import org.springframework.web.servlet.config.annotation.InterceptorRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * Adds Hookguard to Spring MVC: the {@link WebhookEventIdArgumentResolver} and the {@link
 * UnguardedWebhookInterceptor}.
 */
public class HookguardWebMvcConfigurer implements WebMvcConfigurer {

    @Override
    public void addArgumentResolvers(List<HandlerMethodArgumentResolver> resolvers) {
        resolvers.add(new WebhookEventIdArgumentResolver());
    }

    @Override
    public void addInterceptors(InterceptorRegistry registry) {
        registry.addInterceptor(new UnguardedWebhookInterceptor());
    }
}
