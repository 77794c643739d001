package dev.hookguard.spring.internal.transaction;

import dev.hookguard.core.IdempotencyStore;
import dev.hookguard.servlet.HookguardFilterConfig;
import dev.hookguard.spring.HookguardConfigurationException;
import jakarta.servlet.Filter;
import jakarta.servlet.http.HttpServletRequest;
import java.util.function.Function;
import java.util.function.Predicate;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.ListableBeanFactory;

/**
 * The transactional mode for one application: the store the filter must write through, and the filter that puts a
 * transaction around the Hookguard filter for transactional endpoints. Used by the adapter's filter assembly only
 * when some {@link dev.hookguard.spring.IdempotentWebhook} handler is transactional.
 */
public final class TransactionalMode {

    private final TransactionalWebhooks support;
    private @Nullable TransactionalStore store;

    private TransactionalMode(TransactionalWebhooks support) {
        this.support = support;
    }

    /**
     * The mode of this context, which must hold one {@link TransactionalWebhooks} bean whose store is {@code store}.
     *
     * @throws HookguardConfigurationException when it does not
     */
    public static TransactionalMode of(ListableBeanFactory context, IdempotencyStore store) {
        TransactionalWebhooks support =
                context.getBeanProvider(TransactionalWebhooks.class).getIfUnique();
        if (support == null) {
            throw new HookguardConfigurationException(
                    "@IdempotentWebhook(transactional = true) needs the JDBC store and a transaction manager on its"
                            + " DataSource, but there is no TransactionalWebhooks bean",
                    "Use the JDBC store (hookguard.store.type=jdbc) with a PlatformTransactionManager for its"
                            + " DataSource, or declare a TransactionalWebhooks bean.");
        }
        if (support.store() != store) {
            throw new HookguardConfigurationException(
                    "@IdempotentWebhook(transactional = true) needs the JDBC store of the TransactionalWebhooks bean"
                            + " to be the application's IdempotencyStore, but it is "
                            + store.getClass().getName(),
                    "Use the JDBC store (hookguard.store.type=jdbc), or drop transactional = true.");
        }
        return new TransactionalMode(support);
    }

    /**
     * The store for the filter when every endpoint it guards is transactional: the JDBC store, with each event's
     * claim, handler and verdict in one transaction.
     */
    public IdempotencyStore store() {
        return store(endpoint -> true);
    }

    /**
     * The store for the filter: the JDBC store, with the events of the endpoints {@code transactional} accepts claimed,
     * handled and completed in one transaction each, and the others' as the JDBC store does.
     */
    public synchronized IdempotencyStore store(Predicate<String> transactional) {
        if (store != null) {
            throw new IllegalStateException("the transactional mode's store was created already");
        }
        store = new TransactionalStore(
                support.store(), support.dataSource(), support.transactionManager(), transactional, support.lockWait());
        return store;
    }

    /**
     * The filter that runs {@code hookguard} inside a transaction for requests to a transactional endpoint.
     *
     * @param endpoints the transactional endpoint a request goes to, or null
     */
    public synchronized Filter wrap(
            Filter hookguard, HookguardFilterConfig config, Function<HttpServletRequest, @Nullable String> endpoints) {
        if (store == null) {
            throw new IllegalStateException("create the filter's store with store() before wrapping the filter");
        }
        return new TransactionalDeliveryFilter(
                hookguard, endpoints, store, support.transactionManager(), config.unavailableRetryAfter());
    }
}
