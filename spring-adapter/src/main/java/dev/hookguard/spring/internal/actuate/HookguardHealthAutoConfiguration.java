package dev.hookguard.spring.internal.actuate;

import dev.hookguard.core.IdempotencyStore;
import dev.hookguard.spring.internal.autoconfigure.ConditionalOnHookguardEnabled;
import dev.hookguard.spring.internal.autoconfigure.HookguardJdbcStoreAutoConfiguration;
import dev.hookguard.spring.internal.autoconfigure.HookguardMemoryStoreAutoConfiguration;
import dev.hookguard.spring.internal.autoconfigure.HookguardRedisStoreAutoConfiguration;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.context.annotation.Import;

/**
 * The {@code hookguard} health indicator (bean {@code hookguardHealthIndicator}): UP while the store answers a cheap
 * read, DOWN with the error when it throws {@code StoreUnavailableException}; the details name the store's type. Off
 * with {@code management.health.hookguard.enabled=false}; replaced by a bean of that name.
 */
@AutoConfiguration(
        after = {
            HookguardRedisStoreAutoConfiguration.class,
            HookguardJdbcStoreAutoConfiguration.class,
            HookguardMemoryStoreAutoConfiguration.class
        })
@ConditionalOnHookguardEnabled
@ConditionalOnBean(IdempotencyStore.class)
@Import(HealthConfigurationSelector.class)
public class HookguardHealthAutoConfiguration {}
