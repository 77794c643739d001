package dev.hookguard.spring.internal.autoconfigure;

import dev.hookguard.core.IdempotencyStore;
import dev.hookguard.core.memory.InMemoryStore;
import dev.hookguard.spring.HookguardConfigurationException;
import dev.hookguard.spring.autoconfigure.HookguardProperties;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnSingleCandidate;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.core.env.Environment;

/**
 * The in-memory store, when {@link StoreChoice} picks it (nothing else is configured, or {@code
 * hookguard.store.type=memory}), with its purge; or, when no store can be chosen, a bean that fails start-up with the
 * reason. Runs after the Redis and JDBC store auto-configurations.
 */
@AutoConfiguration(after = {HookguardRedisStoreAutoConfiguration.class, HookguardJdbcStoreAutoConfiguration.class})
@ConditionalOnHookguardEnabled
public class HookguardMemoryStoreAutoConfiguration {

    private static final Logger log = LoggerFactory.getLogger(HookguardMemoryStoreAutoConfiguration.class);

    /** The store of one JVM. */
    @Bean
    @ConditionalOnMissingBean(IdempotencyStore.class)
    @Conditional(StoreChoice.Memory.class)
    public InMemoryStore hookguardStore() {
        log.warn(
                "Hookguard store: memory. Hookguard keeps its records in memory: they are lost on restart and not shared between instances;"
                        + " use the Redis or JDBC store when more than one instance receives webhooks");
        return new InMemoryStore();
    }

    /** Drops expired records every {@code hookguard.store.memory.purge-interval}. */
    @Bean
    @ConditionalOnSingleCandidate(InMemoryStore.class)
    @ConditionalOnMissingBean(name = "hookguardMemoryPurge")
    public ScheduledPurge hookguardMemoryPurge(InMemoryStore store, HookguardProperties properties) {
        return new ScheduledPurge(
                "hookguard-memory-purge",
                store::purgeExpired,
                java.util.Objects.requireNonNullElse(
                        properties.getStore().getMemory().getPurgeInterval(), ScheduledPurge.DEFAULT_INTERVAL));
    }

    /** Fails start-up: no store can be chosen (see {@link StoreChoice}). */
    @Bean
    @ConditionalOnMissingBean(IdempotencyStore.class)
    @Conditional(StoreChoice.Failed.class)
    public IdempotencyStore hookguardStoreChoice(Environment environment, ConfigurableListableBeanFactory beans) {
        String problem = StoreChoice.of(
                        environment, beans, HookguardMemoryStoreAutoConfiguration.class.getClassLoader())
                .problem();
        throw new HookguardConfigurationException(
                "Hookguard cannot choose a store: " + problem,
                "Set " + StoreChoice.TYPE_PROPERTY + " to memory, redis, jdbc or tiered, with what that store needs.");
    }
}
