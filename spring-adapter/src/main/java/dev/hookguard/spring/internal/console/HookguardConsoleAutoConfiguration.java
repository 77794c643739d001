package dev.hookguard.spring.internal.console;

import dev.hookguard.console.BearerTokenAuthorizer;
import dev.hookguard.console.ConsoleAuthorizer;
import dev.hookguard.console.ConsoleConfig;
import dev.hookguard.console.ConsoleServlet;
import dev.hookguard.console.ReplayListener;
import dev.hookguard.console.ServletRoleAuthorizer;
import dev.hookguard.core.HeaderRedaction;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.IdempotencyStore;
import dev.hookguard.core.operator.OperatorStore;
import dev.hookguard.servlet.EndpointConfig;
import dev.hookguard.servlet.RecoveryConfig;
import dev.hookguard.spring.HookguardConfigurationException;
import dev.hookguard.spring.internal.autoconfigure.ConditionalOnHookguardEnabled;
import dev.hookguard.spring.internal.autoconfigure.HookguardAutoConfiguration;
import dev.hookguard.spring.internal.autoconfigure.HookguardJdbcStoreAutoConfiguration;
import dev.hookguard.spring.internal.autoconfigure.HookguardMemoryStoreAutoConfiguration;
import dev.hookguard.spring.internal.autoconfigure.HookguardRedisStoreAutoConfiguration;
import dev.hookguard.spring.internal.web.EndpointGroup;
import dev.hookguard.spring.internal.web.HookguardWebFilter;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.web.servlet.ServletRegistrationBean;
import org.springframework.context.annotation.Bean;

/**
 * Registers the operator console servlet at {@code hookguard.console.path} when {@code hookguard.console.enabled=true}
 * and the {@code console} module is on the class path. The operator comes from a {@link ConsoleAuthorizer} bean: by
 * default bearer tokens when {@code hookguard.console.tokens} is set, else the request's user and roles ({@link
 * ServletRoleAuthorizer}), which is how Spring Security's authentication reaches the console. The endpoints and their
 * policies are those Hookguard guards. A replay wakes the filter's dispatcher (unless a {@link ReplayListener} bean of
 * the application's replaces that), which redelivers the record through the production path.
 */
@AutoConfiguration(
        after = {
            HookguardAutoConfiguration.class,
            HookguardRedisStoreAutoConfiguration.class,
            HookguardJdbcStoreAutoConfiguration.class,
            HookguardMemoryStoreAutoConfiguration.class
        })
@ConditionalOnHookguardEnabled
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
@ConditionalOnClass(ConsoleServlet.class)
@ConditionalOnProperty(prefix = "hookguard.console", name = "enabled", havingValue = "true")
@EnableConfigurationProperties(HookguardConsoleProperties.class)
public class HookguardConsoleAutoConfiguration {

    /** Default of {@code hookguard.console.path}. */
    public static final String DEFAULT_PATH = "/hookguard/console";

    /** Who may read and who may act. */
    @Bean
    @ConditionalOnMissingBean
    public ConsoleAuthorizer hookguardConsoleAuthorizer(HookguardConsoleProperties properties) {
        String tokens = properties.getTokens();
        if (tokens != null && !tokens.isBlank()) {
            return BearerTokenAuthorizer.parse(tokens);
        }
        return new ServletRoleAuthorizer(properties.getReadRole(), properties.getWriteRole());
    }

    /** The console servlet at {@code <path>/*}. */
    @Bean
    @ConditionalOnMissingBean(name = "hookguardConsoleRegistration")
    public ServletRegistrationBean<ConsoleServlet> hookguardConsoleRegistration(
            IdempotencyStore store,
            ConsoleAuthorizer authorizer,
            HookguardConsoleProperties properties,
            ObjectProvider<EndpointConfig> endpoints,
            ObjectProvider<EndpointGroup> endpointGroups,
            ObjectProvider<ReplayListener> replayListener,
            ObjectProvider<HookguardWebFilter> filter) {
        Map<String, IdempotencyPolicy> policies = policies(endpoints, endpointGroups);
        Map<String, Duration> stalled = new LinkedHashMap<>();
        Stream.concat(endpoints.orderedStream(), endpointGroups.orderedStream().flatMap(g -> g.endpoints().stream()))
                .forEach(endpoint ->
                        stalled.put(endpoint.name(), endpoint.recovery().stalledAfter()));
        ConsoleConfig.Builder config = ConsoleConfig.custom(operatorStore(store), store::find)
                .endpoints(shown(properties, policies))
                .authorizer(authorizer)
                .policies(endpoint -> policies.getOrDefault(endpoint, IdempotencyPolicy.ofDefaults()))
                .redaction(HeaderRedaction.defaultsPlus(Set.copyOf(properties.getRedactHeaders())))
                .stalledAfter(endpoint -> stalled.getOrDefault(endpoint, RecoveryConfig.DEFAULT_STALLED_AFTER))
                .replayListener(replayListener.getIfAvailable(() -> wakeUp(filter)));
        properties.getActions().forEach((action, rule) -> {
            try {
                config.action(
                        action,
                        rule.getRole() == null ? ConsoleConfig.DEFAULT_ACTION_ROLE : rule.getRole(),
                        rule.getRequires().toArray(String[]::new));
            } catch (IllegalArgumentException e) {
                throw new HookguardConfigurationException(
                        "hookguard.console.actions." + action + ": " + e.getMessage(),
                        "Name an action of " + ConsoleConfig.ACTIONS + " and fields of reason, ticketId, fixSummary.");
            }
        });
        if (properties.getCsrfKey() != null) {
            config.csrfKey(properties.getCsrfKey().getBytes(StandardCharsets.UTF_8));
        }
        ServletRegistrationBean<ConsoleServlet> registration = new ServletRegistrationBean<>(
                new ConsoleServlet(config.build()),
                mapping(properties.getPath() == null ? DEFAULT_PATH : properties.getPath()));
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

    private static Map<String, IdempotencyPolicy> policies(
            ObjectProvider<EndpointConfig> endpoints, ObjectProvider<EndpointGroup> endpointGroups) {
        Map<String, IdempotencyPolicy> policies = new LinkedHashMap<>();
        Stream.concat(endpoints.orderedStream(), endpointGroups.orderedStream().flatMap(g -> g.endpoints().stream()))
                .forEach(endpoint -> policies.put(endpoint.name(), endpoint.policy()));
        return policies;
    }

    private static Set<String> shown(HookguardConsoleProperties properties, Map<String, IdempotencyPolicy> policies) {
        Set<String> shown =
                properties.getEndpoints().isEmpty() ? policies.keySet() : Set.copyOf(properties.getEndpoints());
        if (shown.isEmpty()) {
            throw new HookguardConfigurationException(
                    "the Hookguard console has no endpoint to show",
                    "Define endpoints under hookguard.endpoints, or list them in hookguard.console.endpoints.");
        }
        return shown;
    }
}
