package dev.hookguard.spring.internal.autoconfigure;

import dev.hookguard.core.IdempotencyStore;
import dev.hookguard.redis.RedisIdempotencyStore;
import dev.hookguard.redis.RedisStoreConfig;
import dev.hookguard.redis.RedisStores;
import dev.hookguard.servlet.internal.config.RedisStoreSettings;
import dev.hookguard.spring.HookguardConfigurationException;
import dev.hookguard.spring.autoconfigure.HookguardProperties;
import io.lettuce.core.AbstractRedisClient;
import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulConnection;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.cluster.RedisClusterClient;
import io.lettuce.core.cluster.api.StatefulRedisClusterConnection;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.type.AnnotatedTypeMetadata;

/**
 * The Redis store, when {@link StoreChoice} picks it: on its own connection to {@code hookguard.store.redis.uri}
 * (standalone, {@code redis-sentinel://}, or comma-separated cluster seeds), else on a connection of its own opened
 * from the application's Lettuce client: a {@code RedisClient} or {@code RedisClusterClient} bean, or the client of
 * Spring Data Redis's {@code LettuceConnectionFactory}. Backs off when the application declares an {@link
 * IdempotencyStore}.
 */
@AutoConfiguration(
        after = HookguardAutoConfiguration.class,
        afterName = {AutoConfigurationNames.REDIS_3, AutoConfigurationNames.REDIS_4})
@ConditionalOnHookguardEnabled
@ConditionalOnClass({RedisIdempotencyStore.class, RedisClient.class})
@ConditionalOnMissingBean(IdempotencyStore.class)
@Conditional(StoreChoice.Redis.class)
public class HookguardRedisStoreAutoConfiguration {

    private static final Logger log = LoggerFactory.getLogger(HookguardRedisStoreAutoConfiguration.class);

    static RedisStoreConfig config(HookguardProperties properties) {
        return PropertyErrors.settings(
                "hookguard",
                () -> RedisStoreSettings.config(properties.getStore().getRedis(), PropertyErrors.PREFIX));
    }

    /** A store with a connection of its own to {@code hookguard.store.redis.uri}, closed with the store. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnProperty(prefix = "hookguard.store.redis", name = "uri")
    static class FromUri {

        @Bean(destroyMethod = "close")
        RedisIdempotencyStore hookguardStore(HookguardProperties properties) {
            String uri = properties.getStore().getRedis().getUri();
            RedisStoreConfig config = config(properties);
            log.info(
                    "Hookguard store: redis, key prefix {}, own connection to hookguard.store.redis.uri",
                    config.keyPrefix());
            return PropertyErrors.named("hookguard.store.redis", () -> RedisStores.fromUri(uri, config));
        }
    }

    /** A store on a connection of its own, opened from the application's Lettuce client. */
    @Configuration(proxyBeanMethods = false)
    @Conditional(NoUri.class)
    static class FromApplicationClient {

        /** The store's connection, closed at shutdown; the client stays the application's. */
        @Bean(destroyMethod = "close")
        StatefulConnection<String, byte[]> hookguardRedisConnection(
                ObjectProvider<AbstractRedisClient> clients, ApplicationContext context) {
            AbstractRedisClient client = clients.getIfUnique();
            if (client == null) {
                client = SpringDataRedis.nativeClient(context);
            }
            if (client instanceof RedisClusterClient cluster) {
                return cluster.connect(RedisStores.CODEC);
            }
            return ((RedisClient) client).connect(RedisStores.CODEC);
        }

        @Bean
        RedisIdempotencyStore hookguardStore(
                StatefulConnection<String, byte[]> hookguardRedisConnection, HookguardProperties properties) {
            RedisStoreConfig config = config(properties);
            log.info("Hookguard store: redis, key prefix {}, on the application's Lettuce client", config.keyPrefix());
            if (hookguardRedisConnection instanceof StatefulRedisClusterConnection<String, byte[]> cluster) {
                return RedisStores.of(cluster, config);
            }
            return RedisStores.of((StatefulRedisConnection<String, byte[]>) hookguardRedisConnection, config);
        }
    }

    /**
     * {@code hookguard.store.durability.shortfall}: writes fewer replicas acknowledged than {@code
     * hookguard.store.redis.durability.replicas} asks for, each answered as an unrecorded write (503).
     */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(name = "io.micrometer.core.instrument.binder.MeterBinder")
    static class DurabilityMeter {

        @Bean
        io.micrometer.core.instrument.binder.MeterBinder hookguardRedisDurabilityMeter(
                ObjectProvider<RedisIdempotencyStore> stores) {
            return registry -> stores.ifAvailable(store -> io.micrometer.core.instrument.FunctionCounter.builder(
                            "hookguard.store.durability.shortfall", store, RedisIdempotencyStore::durabilityShortfalls)
                    .description("Redis writes fewer replicas acknowledged than the durability setting asks for")
                    .register(registry));
        }
    }

    /** Matches when {@code hookguard.store.redis.uri} is not set. */
    static final class NoUri extends SpringBootCondition {
        @Override
        public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
            return context.getEnvironment().containsProperty(StoreChoice.URI_PROPERTY)
                    ? ConditionOutcome.noMatch(StoreChoice.URI_PROPERTY + " is set")
                    : ConditionOutcome.match(StoreChoice.URI_PROPERTY + " is not set");
        }
    }

    /**
     * Spring Data Redis, touched only when the application has no Lettuce client bean of its own; the tiered store
     * finds its cache's client here too.
     */
    static final class SpringDataRedis {

        static AbstractRedisClient nativeClient(ApplicationContext context) {
            if (!org.springframework.util.ClassUtils.isPresent(
                    "org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory",
                    SpringDataRedis.class.getClassLoader())) {
                throw noClient();
            }
            var factory = context.getBeanProvider(
                            org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory.class)
                    .getIfUnique();
            if (factory == null) {
                throw noClient();
            }
            return factory.getRequiredNativeClient();
        }

        private static HookguardConfigurationException noClient() {
            return new HookguardConfigurationException(
                    "The Redis store needs one Lettuce client: hookguard.store.redis.uri is not set, and there is no"
                            + " single RedisClient, RedisClusterClient or LettuceConnectionFactory bean",
                    "Set hookguard.store.redis.uri, or mark one client bean @Primary.");
        }
    }
}
