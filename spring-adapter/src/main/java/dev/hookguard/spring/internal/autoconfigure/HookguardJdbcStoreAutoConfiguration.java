package dev.hookguard.spring.internal.autoconfigure;

import dev.hookguard.core.IdempotencyStore;
import dev.hookguard.jdbc.JdbcDialect;
import dev.hookguard.jdbc.JdbcIdempotencyStore;
import dev.hookguard.jdbc.JdbcPurger;
import dev.hookguard.jdbc.JdbcStoreConfig;
import dev.hookguard.servlet.HookguardSettings;
import dev.hookguard.servlet.internal.config.JdbcStoreSettings;
import dev.hookguard.spring.HookguardConfigurationException;
import dev.hookguard.spring.autoconfigure.HookguardProperties;
import java.time.Duration;
import java.util.Locale;
import javax.sql.DataSource;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnSingleCandidate;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;

/**
 * The JDBC store on the application's {@code DataSource}, when {@link StoreChoice} picks it; the purge of expired
 * records on a schedule ({@code hookguard.store.jdbc.purge-interval}). An application's own {@link IdempotencyStore}
 * replaces the store; an application's own {@code JdbcIdempotencyStore} is purged all the same.
 */
@AutoConfiguration(
        after = HookguardAutoConfiguration.class,
        afterName = {
            AutoConfigurationNames.DATA_SOURCE_3,
            AutoConfigurationNames.DATA_SOURCE_4,
            AutoConfigurationNames.TRANSACTION_MANAGER_3,
            AutoConfigurationNames.TRANSACTION_MANAGER_4,
            AutoConfigurationNames.JPA_3,
            AutoConfigurationNames.JPA_4
        })
@ConditionalOnHookguardEnabled
@ConditionalOnClass({JdbcIdempotencyStore.class, DataSource.class})
public class HookguardJdbcStoreAutoConfiguration {

    private static final Logger log = LoggerFactory.getLogger(HookguardJdbcStoreAutoConfiguration.class);

    /** The store on the application's single (or primary) {@code DataSource}. */
    @Bean
    @ConditionalOnMissingBean(IdempotencyStore.class)
    @Conditional(StoreChoice.Jdbc.class)
    public JdbcIdempotencyStore hookguardStore(ObjectProvider<DataSource> dataSources, HookguardProperties properties) {
        DataSource dataSource = dataSources.getIfUnique();
        if (dataSource == null) {
            throw new HookguardConfigurationException(
                    "The JDBC store needs one DataSource, but there are several and none is primary",
                    "Mark the DataSource of the webhook records @Primary, or declare your own JdbcIdempotencyStore.");
        }
        JdbcStoreConfig config = config(properties.getStore().getJdbc());
        JdbcIdempotencyStore store = new JdbcIdempotencyStore(dataSource, config);
        log.info(
                "Hookguard store: jdbc, table {}, dialect {}{}",
                config.tableName(),
                store.dialect().name().toLowerCase(Locale.ROOT),
                config.createSchemaIfMissing() ? " (created if missing)" : "");
        return store;
    }

    /**
     * Fails start-up, naming {@code hookguard.store.jdbc.create-schema-if-missing} and the migration, when the store's
     * table is missing once every bean (Flyway's and Liquibase's included) exists.
     */
    @Bean
    @Conditional(StoreChoice.Jdbc.class)
    @ConditionalOnSingleCandidate(JdbcIdempotencyStore.class)
    @ConditionalOnMissingBean(name = "hookguardJdbcTableCheck")
    public SmartInitializingSingleton hookguardJdbcTableCheck(
            ObjectProvider<DataSource> dataSources, JdbcIdempotencyStore store, HookguardProperties properties) {
        DataSource dataSource = dataSources.getIfUnique();
        HookguardSettings.JdbcSettings jdbc = properties.getStore().getJdbc();
        if (dataSource == null || Boolean.TRUE.equals(jdbc.getCreateSchemaIfMissing())) {
            return () -> {};
        }
        return new JdbcTableCheck(dataSource, store, dialect(jdbc) != null);
    }

    /** Deletes records past their retention every {@code hookguard.store.jdbc.purge-interval}. */
    @Bean
    @ConditionalOnSingleCandidate(JdbcIdempotencyStore.class)
    @ConditionalOnMissingBean(name = "hookguardJdbcPurge")
    public ScheduledPurge hookguardJdbcPurge(JdbcIdempotencyStore store, HookguardProperties properties) {
        Duration interval = java.util.Objects.requireNonNullElse(
                properties.getStore().getJdbc().getPurgeInterval(), ScheduledPurge.DEFAULT_INTERVAL);
        return new ScheduledPurge("hookguard-jdbc-purge", new JdbcPurger(store), interval);
    }

    static JdbcStoreConfig config(HookguardSettings.JdbcSettings jdbc) {
        return PropertyErrors.settings("hookguard", () -> JdbcStoreSettings.config(jdbc, PropertyErrors.PREFIX));
    }

    private static @Nullable JdbcDialect dialect(HookguardSettings.JdbcSettings jdbc) {
        return PropertyErrors.settings("hookguard", () -> JdbcStoreSettings.dialect(jdbc, PropertyErrors.PREFIX));
    }
}
