package dev.hookguard.servlet.internal.dispatch;

import dev.hookguard.servlet.HookguardFilter;
import java.util.Optional;
import java.util.function.Function;

/**
 * A filter's {@link Dispatcher}, for a framework adapter or an operator console that starts it, wakes it after a
 * replay or tells it the server's URL. The filter's API does not show its dispatcher (an internal type); the filter
 * hands this class the one way to read it when the filter class is initialised.
 */
public final class Dispatchers {

    private static volatile Function<HookguardFilter, Optional<Dispatcher>> access = filter -> Optional.empty();

    private Dispatchers() {}

    /**
     * The filter's dispatcher: empty before {@code init} for a filter configured from init-params, when the store has
     * no due queue, and when {@code DispatcherConfig.enabled()} is off. Started by the filter's {@code init}, closed by
     * its {@code destroy}.
     */
    public static Optional<Dispatcher> of(HookguardFilter filter) {
        return access.apply(filter);
    }

    /** Called once by {@link HookguardFilter}'s static initialiser; a filter exists only after it ran. */
    public static void access(Function<HookguardFilter, Optional<Dispatcher>> reader) {
        access = reader;
    }
}
