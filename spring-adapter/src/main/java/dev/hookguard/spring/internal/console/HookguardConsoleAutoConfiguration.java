package dev.hookguard.spring.internal.console;

import dev.hookguard.console.ConsoleAuthorizer;
import dev.hookguard.console.ConsoleConfig;
import dev.hookguard.console.ConsoleServlet;
import dev.hookguard.console.ReplayListener;
import dev.hookguard.core.IdempotencyStore;
import dev.hookguard.core.operator.OperatorStore;
import dev.hookguard.servlet.EndpointConfig;
import dev.hookguard.spring.HookguardConfigurationException;
import dev.hookguard.spring.autoconfigure.HookguardProperties;
import dev.hookguard.spring.internal.autoconfigure.ConditionalOnHookguardEnabled;
import dev.hookguard.spring.internal.autoconfigure.HookguardMemoryStoreAutoConfiguration;
import dev.hookguard.spring.internal.autoconfigure.PropertyErrors;
import dev.hookguard.spring.internal.web.EndpointGroup;
import dev.hookguard.spring.internal.web.HookguardWebFilter;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.web.servlet.ServletRegistrationBean;
import org.springframework.context.annotation.Bean;

/**
 * Registers the operator console servlet at {@code hookguard.console.path} when {@code hookguard.console.enabled=true}
 * and the {@code console} module is on the class path. The operator comes from a {@link ConsoleAuthorizer} bean: by
 * default bearer tokens when {@code hookguard.console.tokens} is set, else the request's user and roles ({@code
 * dev.hookguard.console.ServletRoleAuthorizer}), which is how Spring Security's authentication reaches the console. The endpoints and their
 * policies are those Hookguard guards. A replay wakes the filter's dispatcher (unless a {@link ReplayListener} bean of
 * the application's replaces that), which redelivers the record through the production path.
 */
// after every store: the memory store's auto-configuration, the fallback, comes after the others
@AutoConfiguration(after = HookguardMemoryStoreAutoConfiguration.class)
@ConditionalOnHookguardEnabled
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
@ConditionalOnClass(ConsoleServlet.class)
@ConditionalOnProperty(prefix = "hookguard.console", name = "enabled", havingValue = "true")
public class HookguardConsoleAutoConfiguration {

    /** Who may read and who may act: bearer tokens when hookguard.console.tokens is set, else the request's roles. */
    @Bean
    @ConditionalOnMissingBean
    public ConsoleAuthorizer hookguardConsoleAuthorizer(HookguardProperties properties) {
        return PropertyErrors.settings("hookguard", () -> ConsoleAuthorizer.of(properties.getConsole()));
    }

    /**
     * The console's configuration: {@code hookguard.console.*} applied by the settings model, over the endpoints and
     * policies Hookguard guards (each endpoint's own stalled period, the one the Sweeper and the Actuator read).
     */
    @Bean
    @ConditionalOnMissingBean
    public ConsoleConfig hookguardConsoleConfig(
            IdempotencyStore store,
            ConsoleAuthorizer authorizer,
            HookguardProperties properties,
            ObjectProvider<EndpointConfig> endpoints,
            ObjectProvider<EndpointGroup> endpointGroups,
            ObjectProvider<ReplayListener> replayListener,
            ObjectProvider<HookguardWebFilter> filter) {
        Map<String, EndpointConfig> guarded = new LinkedHashMap<>();
        Stream.concat(endpoints.orderedStream(), endpointGroups.orderedStream().flatMap(g -> g.endpoints().stream()))
                .forEach(endpoint -> guarded.put(endpoint.name(), endpoint));
        ConsoleConfig.Builder config = ConsoleConfig.custom(operatorStore(store), store::find)
                .guarding(guarded.values())
                .dispatchState(endpoint -> filter.orderedStream()
                        .map(f -> f.dispatcher().flatMap(d -> d.snapshot(endpoint)))
                        .flatMap(Optional::stream)
                        .findFirst())
                .replayListener(replayListener.getIfAvailable(() -> wakeUp(filter)));
        PropertyErrors.settings("hookguard", () -> config.settings(properties.getConsole(), PropertyErrors.PREFIX));
        return PropertyErrors.settings(
                "hookguard.console", () -> config.authorizer(authorizer).build());
    }

    /** The console servlet at {@code <path>/*}. */
    @Bean
    @ConditionalOnMissingBean(name = "hookguardConsoleRegistration")
    public ServletRegistrationBean<ConsoleServlet> hookguardConsoleRegistration(
            ConsoleConfig config, HookguardProperties properties) {
        String path = properties.getConsole().getPath();
        ServletRegistrationBean<ConsoleServlet> registration = new ServletRegistrationBean<>(
                new ConsoleServlet(config), mapping(path == null ? ConsoleConfig.DEFAULT_PATH : path));
        registration.setName("hookguardConsole");
        registration.setLoadOnStartup(1); // initialised with the application, so the start-up log says where it is
        return registration;
    }

    /** Wakes the filter's dispatcher after a replay, so the replayed records run at once. */
    private static ReplayListener wakeUp(ObjectProvider<HookguardWebFilter> filter) {
        return endpoint -> filter.ifAvailable(f -> f.wake(endpoint));
    }

    static String mapping(String path) {
        String trimmed = path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
        if (!trimmed.startsWith("/") || trimmed.length() < 2 || trimmed.contains("*")) {
            throw new HookguardConfigurationException(
                    "hookguard.console.path must be a path such as /hookguard/console but was '" + path + "'",
                    "Set hookguard.console.path to the path the console should be mounted at.");
        }
        return trimmed + "/*";
    }

    private static OperatorStore operatorStore(IdempotencyStore store) {
        if (store instanceof OperatorStore operatorStore) {
            return operatorStore;
        }
        throw new HookguardConfigurationException(
                "the Hookguard store " + store.getClass().getName() + " has no operator operations for the console",
                "Use one of Hookguard's stores (memory, Redis, JDBC), or turn hookguard.console.enabled off.");
    }
}
