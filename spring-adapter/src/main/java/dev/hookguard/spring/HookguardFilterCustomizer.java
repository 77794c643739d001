package dev.hookguard.spring;

import dev.hookguard.servlet.HookguardFilterConfig;

/**
 * Adjusts the filter's configuration before the filter is built, for settings that are not per endpoint: the
 * in-progress and dead statuses, fail-open, the {@code Retry-After} of an unreachable store, or the metrics. Beans of
 * this type run in their {@link org.springframework.core.Ordered order}, after the adapter has set the endpoints
 * (from definitions and annotated handlers), the store and the metrics. Spring Boot declares one that applies {@code
 * hookguard.in-progress-status}, {@code dead-status}, {@code fail-open} and {@code unavailable-retry-after}.
 */
@FunctionalInterface
public interface HookguardFilterCustomizer {

    /** Changes what it needs to on {@code builder}. */
    void customize(HookguardFilterConfig.Builder builder);
}
