package dev.hookguard.spring.internal.autoconfigure;

import dev.hookguard.core.IdempotencyStore;
import dev.hookguard.jdbc.JdbcIdempotencyStore;
import dev.hookguard.jdbc.JdbcPurger;
import dev.hookguard.jdbc.JdbcStoreConfig;
import dev.hookguard.servlet.HookguardSettings;
import dev.hookguard.servlet.internal.config.TieredStoreSettings;
import dev.hookguard.spring.HookguardConfigurationException;
import dev.hookguard.spring.autoconfigure.HookguardProperties;
import dev.hookguard.tiered.TieredMeters;
import dev.hookguard.tiered.TieredStore;
import dev.hookguard.tiered.TieredStoreConfig;
import io.lettuce.core.AbstractRedisClient;
import java.time.Duration;
import java.util.Objects;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;

/**
 * The tiered store, when {@code hookguard.store.type=tiered}: the JDBC store on the application's {@code DataSource}
 * (configured by {@code hookguard.store.jdbc.*}, purged on its schedule) is the record, and a Redis cache of settled
 * verdicts ({@code hookguard.store.tiered.*}) answers duplicates. The cache connects to {@code
 * hookguard.store.redis.uri}, else opens a connection of its own from the application's Lettuce client (a {@code
 * RedisClient} or {@code RedisClusterClient} bean, or Spring Data Redis's {@code LettuceConnectionFactory}). Backs
 * off when the application declares an {@link IdempotencyStore}.
 */
@AutoConfiguration(
        after = HookguardAutoConfiguration.class,
        afterName = {
            AutoConfigurationNames.DATA_SOURCE_3,
            AutoConfigurationNames.DATA_SOURCE_4,
            AutoConfigurationNames.REDIS_3,
            AutoConfigurationNames.REDIS_4
        })
@ConditionalOnHookguardEnabled
@ConditionalOnClass({TieredStore.class, JdbcIdempotencyStore.class, AbstractRedisClient.class, DataSource.class})
@ConditionalOnMissingBean(IdempotencyStore.class)
@Conditional(StoreChoice.Tiered.class)
public class HookguardTieredStoreAutoConfiguration {

    private static final Logger log = LoggerFactory.getLogger(HookguardTieredStoreAutoConfiguration.class);

    /** The tiered store; closing it closes the cache's connection. */
    @Bean(destroyMethod = "close")
    public TieredStore hookguardStore(
            ObjectProvider<DataSource> dataSources,
            ObjectProvider<AbstractRedisClient> clients,
            ApplicationContext context,
            HookguardProperties properties) {
        DataSource dataSource = dataSources.getIfUnique();
        if (dataSource == null) {
            throw new HookguardConfigurationException(
                    "The tiered store needs one DataSource, but there are several and none is primary",
                    "Mark the DataSource of the webhook records @Primary, or declare your own TieredStore.");
        }
        JdbcStoreConfig jdbc =
                HookguardJdbcStoreAutoConfiguration.config(properties.getStore().getJdbc());
        JdbcIdempotencyStore authority = new JdbcIdempotencyStore(dataSource, jdbc);
        TieredStoreConfig config = config(properties.getStore().getTiered());
        String uri = properties.getStore().getRedis().getUri();
        log.info(
                "Hookguard store: tiered, table {}, cache key prefix {}, cache on {}",
                jdbc.tableName(),
                config.keyPrefix(),
                uri != null ? "hookguard.store.redis.uri" : "the application's Lettuce client");
        if (uri != null) {
            return PropertyErrors.named("hookguard.store.redis", () -> TieredStore.of(authority, uri, config));
        }
        AbstractRedisClient client = clients.getIfUnique();
        if (client == null) {
            client = HookguardRedisStoreAutoConfiguration.SpringDataRedis.nativeClient(context);
        }
        return TieredStore.of(authority, client, config);
    }

    /** Deletes records past their retention every {@code hookguard.store.jdbc.purge-interval}. */
    @Bean
    @ConditionalOnMissingBean(name = "hookguardJdbcPurge")
    public ScheduledPurge hookguardJdbcPurge(TieredStore store, HookguardProperties properties) {
        Duration interval = Objects.requireNonNullElse(
                properties.getStore().getJdbc().getPurgeInterval(), ScheduledPurge.DEFAULT_INTERVAL);
        return new ScheduledPurge(
                "hookguard-jdbc-purge", new JdbcPurger((JdbcIdempotencyStore) store.authority()), interval);
    }

    static TieredStoreConfig config(HookguardSettings.TieredSettings tiered) {
        return PropertyErrors.settings("hookguard", () -> TieredStoreSettings.config(tiered, PropertyErrors.PREFIX));
    }

    /** The cache's meters (hits, misses, bypasses, evictions, breaker state), when Micrometer is present. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(name = "io.micrometer.core.instrument.MeterRegistry")
    static class Meters {

        @Bean
        @ConditionalOnMissingBean(name = "hookguardTieredMeters")
        TieredMeters hookguardTieredMeters(TieredStore store) {
            return new TieredMeters(store);
        }
    }
}
