package dev.hookguard.servlet.internal.delivery;

import dev.hookguard.servlet.HookguardFilter;
import org.jspecify.annotations.Nullable;
import org.slf4j.MDC;

/**
 * Puts the endpoint and, once known, the event id into the SLF4J MDC for as long as the filter (or one of
 * its asynchronous callbacks) works on a delivery, then restores what was there before.
 */
public final class DeliveryMdc implements AutoCloseable {

    private final @Nullable String previousEndpoint;
    private final @Nullable String previousEventId;

    private DeliveryMdc() {
        this.previousEndpoint = MDC.get(HookguardFilter.MDC_ENDPOINT);
        this.previousEventId = MDC.get(HookguardFilter.MDC_EVENT_ID);
    }

    public static DeliveryMdc open(String endpoint) {
        DeliveryMdc mdc = new DeliveryMdc();
        MDC.put(HookguardFilter.MDC_ENDPOINT, endpoint);
        MDC.remove(HookguardFilter.MDC_EVENT_ID);
        return mdc;
    }

    public static DeliveryMdc open(String endpoint, String eventId) {
        DeliveryMdc mdc = open(endpoint);
        mdc.eventId(eventId);
        return mdc;
    }

    public void eventId(String eventId) {
        MDC.put(HookguardFilter.MDC_EVENT_ID, eventId);
    }

    @Override
    public void close() {
        restore(HookguardFilter.MDC_ENDPOINT, previousEndpoint);
        restore(HookguardFilter.MDC_EVENT_ID, previousEventId);
    }

    private static void restore(String key, @Nullable String value) {
        if (value == null) {
            MDC.remove(key);
        } else {
            MDC.put(key, value);
        }
    }
}
