package dev.hookguard.console.internal;

import dev.hookguard.console.ConsoleConfig;
import dev.hookguard.core.IdempotencyStore;
import dev.hookguard.core.operator.OperatorStore;
import dev.hookguard.servlet.EndpointConfig;
import dev.hookguard.servlet.HookguardSettings;
import dev.hookguard.servlet.internal.config.InitParams;
import dev.hookguard.servlet.internal.config.PublishedEndpoints;
import dev.hookguard.servlet.internal.config.SettingNames;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * The console servlet's {@code init-param}s, for {@code web.xml} users: the settings model's {@code console.*} (the
 * Spring properties' names without {@code hookguard.}: {@code console.endpoints}, {@code console.read-role}, {@code
 * console.tokens}, …), plus {@code store}, the servlet context attribute holding the store (default {@value
 * InitParams#DEFAULT_STORE_ATTRIBUTE}, the filter's). A Hookguard filter in the same application publishes its
 * endpoints when it starts ({@link PublishedEndpoints}): the console shows those unless {@code console.endpoints} names
 * others, and reads each endpoint's policy and stalled period from them, the values the filter's sweeper reads. Without
 * a started filter, {@code console.endpoints} is required and the defaults apply.
 */
public final class ConsoleInitParams {

    private ConsoleInitParams() {}

    /**
     * The configuration these init-params describe, over the store in the context attribute.
     *
     * @param params the init-params by name
     * @param attributes the servlet context's attributes by name
     * @throws IllegalArgumentException naming the first bad or unknown init-param
     */
    public static ConsoleConfig read(Map<String, String> params, Function<String, @Nullable Object> attributes) {
        Map<String, String> console = new LinkedHashMap<>();
        params.forEach((name, value) -> {
            if (!name.equals("store") && !name.startsWith("console.")) {
                throw new IllegalArgumentException("init-param '" + name + "' is not a console setting: the console"
                        + " servlet takes console.* (console.endpoints, console.read-role, …) and store");
            }
            if (!name.equals("store")) {
                console.put(name, value);
            }
        });
        HookguardSettings settings = InitParams.settings(console);
        Map<String, EndpointConfig> guarded = PublishedEndpoints.read(attributes);
        List<String> endpoints = settings.getConsole().getEndpoints();
        if ((endpoints == null || endpoints.isEmpty()) && guarded.isEmpty()) {
            throw new IllegalArgumentException("init-param 'console.endpoints' must name the endpoints the console"
                    + " shows, comma-separated (no Hookguard filter in this application has published its own)");
        }
        String attribute = params.getOrDefault("store", InitParams.DEFAULT_STORE_ATTRIBUTE);
        ConsoleConfig.Builder config = config(attributes.apply(attribute), attribute)
                .guarding(guarded.values())
                .dispatchState(PublishedEndpoints.dispatchState(attributes))
                .settings(settings.getConsole(), "");
        return SettingNames.named("console", config::build);
    }

    private static ConsoleConfig.Builder config(@Nullable Object store, String attribute) {
        if (store instanceof OperatorStore operator && store instanceof IdempotencyStore records) {
            return ConsoleConfig.custom(operator, records::find);
        }
        throw new IllegalArgumentException("the servlet context attribute '" + attribute + "' (init-param 'store')"
                + " must hold one of Hookguard's stores but was " + (store == null ? "not set" : store.getClass()));
    }
}
