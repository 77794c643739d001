package dev.hookguard.spring.autoconfigure;

import dev.hookguard.core.memory.InMemoryStore;
import dev.hookguard.servlet.DeliveryMetrics;
import dev.hookguard.servlet.EndpointConfig;
import dev.hookguard.servlet.HookguardFilterConfig;
import dev.hookguard.spring.HookguardFilterCustomizer;
import java.time.Duration;
import org.springframework.core.Ordered;

/**
 * Applies {@code hookguard.in-progress-status}, {@code dead-status}, {@code fail-open}, {@code
 * unavailable-retry-after} and {@code store-timeout} to the filter. Runs first ({@link Ordered#HIGHEST_PRECEDENCE}), so that the application's
 * own customizers can still change anything.
 */
final class PropertiesFilterCustomizer implements HookguardFilterCustomizer, Ordered {

    private final int inProgressStatus;
    private final int deadStatus;
    private final boolean failOpen;
    private final Duration unavailableRetryAfter;
    private final Duration storeTimeout;

    /**
     * Takes the values and checks them at once with the library's own validation, so that a bad one fails start-up
     * naming its property.
     */
    PropertiesFilterCustomizer(HookguardProperties properties) {
        this.inProgressStatus = properties.getInProgressStatus();
        this.deadStatus = properties.getDeadStatus();
        this.failOpen = properties.isFailOpen();
        this.unavailableRetryAfter = properties.getUnavailableRetryAfter();
        this.storeTimeout = properties.getStoreTimeout();
        PropertyErrors.named("hookguard", () -> {
            HookguardFilterConfig.Builder probe = HookguardFilterConfig.custom()
                    .endpoint(EndpointConfig.custom("probe")
                            .path("/probe")
                            .verifier((headers, body) -> {
                                throw new UnsupportedOperationException("never called");
                            })
                            .eventIds((headers, body) -> {
                                throw new UnsupportedOperationException("never called");
                            })
                            .build())
                    .store(new InMemoryStore())
                    .metrics(DeliveryMetrics.none());
            customize(probe);
            return probe.build();
        });
    }

    @Override
    public void customize(HookguardFilterConfig.Builder builder) {
        builder.inProgressStatus(inProgressStatus)
                .deadStatus(deadStatus)
                .failOpen(failOpen)
                .unavailableRetryAfter(unavailableRetryAfter)
                .storeTimeout(storeTimeout);
    }

    @Override
    public int getOrder() {
        return Ordered.HIGHEST_PRECEDENCE;
    }
}
