package dev.hookguard.spring.internal.actuate;

import dev.hookguard.console.ConsoleConfig;
import dev.hookguard.console.internal.OperatorService;
import dev.hookguard.core.IdempotencyStore;
import dev.hookguard.core.RecoveryStore;
import dev.hookguard.spring.HookguardConfigurationException;
import dev.hookguard.spring.autoconfigure.HookguardProperties;
import dev.hookguard.spring.internal.autoconfigure.ConditionalOnHookguardEnabled;
import dev.hookguard.spring.internal.autoconfigure.HookguardMemoryStoreAutoConfiguration;
import dev.hookguard.spring.internal.web.EndpointDefinitions;
import dev.hookguard.spring.internal.web.HookguardWebFilter;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.boot.actuate.autoconfigure.endpoint.condition.ConditionalOnAvailableEndpoint;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;

/**
 * The {@code hookguard} Actuator endpoint ({@link DeadLetterEndpoint}), declared only when it is available: enabled
 * (the default) and exposed, which Spring Boot never does by default ({@code
 * management.endpoints.web.exposure.include=hookguard} exposes it over HTTP), and when the {@code console} module is
 * on the class path: the endpoint is a view over its {@link OperatorService}.
 */
// after every store: the memory store's auto-configuration, the fallback, comes after the others
@AutoConfiguration(after = HookguardMemoryStoreAutoConfiguration.class)
@ConditionalOnHookguardEnabled
@ConditionalOnClass({Endpoint.class, ConditionalOnAvailableEndpoint.class, OperatorService.class})
@ConditionalOnAvailableEndpoint(DeadLetterEndpoint.class)
public class HookguardActuatorAutoConfiguration {

    /**
     * The endpoint on the application's store and endpoint definitions; its replays wake the filter's dispatcher, so
     * a replayed record runs at once through the production path.
     */
    @Bean
    @ConditionalOnMissingBean
    @ConditionalOnBean(IdempotencyStore.class)
    public DeadLetterEndpoint hookguardDeadLetterEndpoint(IdempotencyStore store, ListableBeanFactory beans) {
        if (!(store instanceof RecoveryStore recovery)) {
            throw new HookguardConfigurationException(
                    "The hookguard Actuator endpoint needs a store with the operator side of the SPI, but "
                            + store.getClass().getName() + " is not a RecoveryStore",
                    "Use one of Hookguard's stores, implement RecoveryStore, or do not expose the hookguard endpoint.");
        }
        return new DeadLetterEndpoint(
                recovery,
                () -> EndpointDefinitions.collect(beans).byName(),
                endpoint ->
                        beans.getBeanProvider(HookguardWebFilter.class).ifAvailable(filter -> filter.wake(endpoint)),
                beans.getBeanProvider(HookguardProperties.class).stream()
                        .map(properties -> properties.getConsole().getAuditRetention())
                        .filter(java.util.Objects::nonNull)
                        .findFirst()
                        .orElse(ConsoleConfig.DEFAULT_AUDIT_RETENTION));
    }
}
