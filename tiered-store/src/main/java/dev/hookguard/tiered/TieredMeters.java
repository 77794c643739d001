package dev.hookguard.tiered;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.util.function.ToDoubleFunction;

/**
 * The tiered store's meters, for Micrometer (an optional dependency: only this class needs it). Counters {@code
 * hookguard.cache} with tag {@code result} = {@code hit}, {@code miss}, {@code bypass}, {@code eviction}, {@code
 * fill}, {@code fill_dropped}; gauge {@code hookguard.cache.degraded} (1 while the circuit breaker keeps the cache
 * out of the path) and {@code hookguard.cache.breaker} with tag {@code state} (1 for the current state).
 */
public final class TieredMeters implements MeterBinder {

    private static final String[] STATES = {"CLOSED", "OPEN", "HALF_OPEN", "FORCED_OPEN", "DISABLED", "METRICS_ONLY"};

    private final TieredStore store;

    /** Meters of this store. */
    public TieredMeters(TieredStore store) {
        this.store = store;
    }

    @Override
    public void bindTo(MeterRegistry registry) {
        counter(registry, "hit", s -> s.cacheStats().hits());
        counter(registry, "miss", s -> s.cacheStats().misses());
        counter(registry, "bypass", s -> s.cacheStats().bypasses());
        counter(registry, "eviction", s -> s.cacheStats().evictions());
        counter(registry, "fill", s -> s.cacheStats().fills());
        counter(registry, "fill_dropped", s -> s.cacheStats().fillsDropped());
        Gauge.builder("hookguard.cache.degraded", store, s -> s.cacheStats().degraded() ? 1 : 0)
                .description("1 while the circuit breaker keeps the verdict cache out of the path")
                .register(registry);
        for (String state : STATES) {
            Gauge.builder(
                            "hookguard.cache.breaker",
                            store,
                            s -> state.equals(s.cacheStats().breakerState()) ? 1 : 0)
                    .description("1 for the verdict cache's circuit breaker state")
                    .tag("state", state.toLowerCase(java.util.Locale.ROOT))
                    .register(registry);
        }
    }

    private void counter(MeterRegistry registry, String result, ToDoubleFunction<TieredStore> value) {
        FunctionCounter.builder("hookguard.cache", store, value)
                .description("claims and writes of the tiered store's verdict cache, by result")
                .tag("result", result)
                .register(registry);
    }
}
