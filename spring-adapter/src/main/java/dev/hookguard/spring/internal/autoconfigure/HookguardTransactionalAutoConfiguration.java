package dev.hookguard.spring.internal.autoconfigure;

import dev.hookguard.jdbc.JdbcIdempotencyStore;
import dev.hookguard.spring.autoconfigure.HookguardProperties;
import dev.hookguard.spring.internal.transaction.TransactionalWebhooks;
import javax.sql.DataSource;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnSingleCandidate;
import org.springframework.context.annotation.Bean;
import org.springframework.jdbc.datasource.DataSourceUtils;
import org.springframework.transaction.PlatformTransactionManager;

/**
 * What {@code @IdempotentWebhook(transactional = true)} needs ({@link TransactionalWebhooks}), when the application
 * has one JDBC store, one {@code DataSource} and one transaction manager. The store must write to that {@code
 * DataSource} and the transaction manager manage it, which holds for the auto-configured store and Spring Boot's
 * transaction managers; declare a {@link TransactionalWebhooks} bean yourself otherwise.
 */
@AutoConfiguration(after = HookguardJdbcStoreAutoConfiguration.class)
@ConditionalOnHookguardEnabled
@ConditionalOnClass({JdbcIdempotencyStore.class, PlatformTransactionManager.class, DataSourceUtils.class})
@ConditionalOnSingleCandidate(JdbcIdempotencyStore.class)
@ConditionalOnBean({PlatformTransactionManager.class, DataSource.class})
public class HookguardTransactionalAutoConfiguration {

    /** The JDBC store, its data source and the transaction manager. */
    @Bean
    @ConditionalOnMissingBean
    public TransactionalWebhooks hookguardTransactionalWebhooks(
            JdbcIdempotencyStore store,
            ObjectProvider<DataSource> dataSources,
            ObjectProvider<PlatformTransactionManager> transactionManagers,
            HookguardProperties properties) {
        return new TransactionalWebhooks(
                store,
                dataSources.getIfUnique(),
                transactionManagers.getIfUnique(),
                java.util.Objects.requireNonNullElse(
                        properties.getStore().getJdbc().getLockWait(),
                        dev.hookguard.jdbc.JdbcIdempotentExecutor.DEFAULT_LOCK_WAIT));
    }
}
