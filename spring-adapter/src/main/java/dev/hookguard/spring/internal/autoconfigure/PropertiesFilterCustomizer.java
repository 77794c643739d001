package dev.hookguard.spring.internal.autoconfigure;

import dev.hookguard.core.memory.InMemoryStore;
import dev.hookguard.servlet.DeliveryMetrics;
import dev.hookguard.servlet.DispatcherConfig;
import dev.hookguard.servlet.EndpointConfig;
import dev.hookguard.servlet.Hardening;
import dev.hookguard.servlet.HookguardFilterConfig;
import dev.hookguard.spring.HookguardFilterCustomizer;
import dev.hookguard.spring.autoconfigure.HookguardProperties;
import java.time.Duration;
import java.util.Set;
import org.springframework.core.Ordered;

/**
 * Applies {@code hookguard.in-progress-status}, {@code dead-status}, {@code fail-open}, {@code
 * unavailable-retry-after}, {@code store-timeout}, {@code hardening.*} and {@code dispatcher.*} to the filter. Runs first ({@link Ordered#HIGHEST_PRECEDENCE}), so that the application's
 * own customizers can still change anything.
 */
public final class PropertiesFilterCustomizer implements HookguardFilterCustomizer, Ordered {

    private final int inProgressStatus;
    private final int deadStatus;
    private final boolean failOpen;
    private final Duration unavailableRetryAfter;
    private final Duration storeTimeout;
    private final Hardening hardening;
    private final DispatcherConfig dispatcher;

    /**
     * Takes the values and checks them at once with the library's own validation, so that a bad one fails start-up
     * naming its property.
     */
    public PropertiesFilterCustomizer(HookguardProperties properties) {
        this.inProgressStatus = properties.getInProgressStatus();
        this.deadStatus = properties.getDeadStatus();
        this.failOpen = properties.isFailOpen();
        this.unavailableRetryAfter = properties.getUnavailableRetryAfter();
        this.storeTimeout = properties.getStoreTimeout();
        this.hardening = PropertyErrors.named("hookguard.hardening", () -> hardening(properties.getHardening()));
        this.dispatcher = PropertyErrors.named(
                "hookguard.dispatcher", () -> properties.getDispatcher().toConfig());
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
                .storeTimeout(storeTimeout)
                .hardening(hardening)
                .dispatcher(dispatcher);
    }

    private static Hardening hardening(HookguardProperties.Hardening properties) {
        Hardening.Builder builder = Hardening.custom();
        if (properties.getMethods() != null) {
            builder.methods(Set.copyOf(properties.getMethods()));
        }
        if (properties.getMinBodyRate() != null) {
            builder.minBodyRate(properties.getMinBodyRate());
        }
        if (properties.getBodyGrace() != null) {
            builder.bodyGrace(properties.getBodyGrace());
        }
        if (properties.getStoredHeaderDenyList() != null) {
            builder.storedHeaderDenyList(properties.getStoredHeaderDenyList());
        }
        return builder.build();
    }

    @Override
    public int getOrder() {
        return Ordered.HIGHEST_PRECEDENCE;
    }
}
