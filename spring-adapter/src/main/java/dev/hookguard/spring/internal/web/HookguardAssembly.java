package dev.hookguard.spring.internal.web;

import dev.hookguard.core.IdempotencyStore;
import dev.hookguard.core.executor.ErrorClassifier;
import dev.hookguard.servlet.DeliveryMetrics;
import dev.hookguard.servlet.EndpointConfig;
import dev.hookguard.servlet.HookguardFilter;
import dev.hookguard.servlet.HookguardFilterConfig;
import dev.hookguard.servlet.HookguardSettings;
import dev.hookguard.spring.HookguardConfigurationException;
import dev.hookguard.spring.HookguardFilterCustomizer;
import dev.hookguard.spring.autoconfigure.HookguardProperties;
import dev.hookguard.spring.internal.autoconfigure.PropertyErrors;
import dev.hookguard.spring.internal.transaction.TransactionalMode;
import jakarta.servlet.Filter;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.ApplicationContext;
import org.springframework.core.env.Environment;
import org.springframework.util.ClassUtils;

/** Builds the filter of a {@link HookguardWebFilter} from the context's beans, once they all exist. */
public final class HookguardAssembly {

    private static final Logger log = LoggerFactory.getLogger(HookguardAssembly.class);

    /**
     * The assembled filter.
     *
     * @param filter what requests go through
     * @param hookguard the Hookguard filter inside it, or null when no endpoint is defined
     * @param endpoints the guarded endpoints
     * @param routing decides which requests the filter guards, by the handler that will serve them
     */
    record Assembled(
            Filter filter,
            @Nullable HookguardFilter hookguard,
            List<EndpointConfig> endpoints,
            HandlerRouting routing) {}

    private HookguardAssembly() {}

    static Assembled assemble(ApplicationContext context) {
        EndpointDefinitions definitions = EndpointDefinitions.collect(context);
        List<WebhookRoute> routes = WebhookHandlerScanner.scan(context, servletPath(context.getEnvironment()));
        List<EndpointRouting.Routed> routed = EndpointRouting.resolve(definitions, routes);
        if (routed.isEmpty()) {
            log.info("Hookguard has no endpoints to guard: define hookguard.endpoints.<name> or EndpointConfig beans");
            return new Assembled(
                    (request, response, chain) -> chain.doFilter(request, response),
                    null,
                    List.of(),
                    HandlerRouting.of(context, List.of()));
        }
        IdempotencyStore store = store(context);
        Set<String> transactional = routed.stream()
                .filter(EndpointRouting.Routed::transactional)
                .map(r -> r.config().name())
                .collect(Collectors.toSet());
        @Nullable TransactionalMode mode = transactional.isEmpty() ? null : transactionalMode(context, store);
        HookguardSettings settings = context.getBeanProvider(HookguardProperties.class).stream()
                .findFirst()
                .map(HookguardSettings.class::cast)
                .orElseGet(HookguardSettings::new);
        HookguardFilterConfig.Builder builder = PropertyErrors.settings(
                        "hookguard", () -> settings.filterConfig(PropertyErrors.PREFIX))
                .endpoints(routed.stream().map(EndpointRouting.Routed::config).toList())
                .store(mode == null ? store : mode.store(transactional::contains))
                .metrics(context.getBeanProvider(DeliveryMetrics.class).getIfUnique(DeliveryMetrics::none))
                .errorClassifier(context.getBeanProvider(ErrorClassifier.class).getIfUnique(ErrorClassifier::defaults));
        context.getBeanProvider(HookguardFilterCustomizer.class).orderedStream().forEach(c -> c.customize(builder));
        HookguardFilterConfig config = build(builder);
        HookguardFilter hookguard = new HookguardFilter(config);
        Filter filter = mode == null
                ? hookguard
                : mode.wrap(hookguard, config, new TransactionalRoutes(config.endpoints(), transactional));
        config.endpoints()
                .forEach(e -> log.info(
                        "Hookguard guards endpoint '{}' at {}{}",
                        e.name(),
                        e.path(),
                        transactional.contains(e.name()) ? " (transactional)" : ""));
        return new Assembled(filter, hookguard, config.endpoints(), HandlerRouting.of(context, config.endpoints()));
    }

    /** The {@code DispatcherServlet}'s path, as Spring Boot's {@code spring.mvc.servlet.path} sets it. */
    static String servletPath(Environment environment) {
        String path = environment.getProperty("spring.mvc.servlet.path", "").trim();
        while (path.endsWith("/")) {
            path = path.substring(0, path.length() - 1);
        }
        return path.isEmpty() || path.startsWith("/") ? path : "/" + path;
    }

    private static IdempotencyStore store(ApplicationContext context) {
        String[] names = context.getBeanNamesForType(IdempotencyStore.class);
        IdempotencyStore store = context.getBeanProvider(IdempotencyStore.class).getIfUnique();
        if (store == null) {
            throw new HookguardConfigurationException(
                    "Hookguard needs one IdempotencyStore bean but found "
                            + (names.length == 0 ? "none" : names.length + ": " + List.of(names)),
                    names.length == 0
                            ? "Declare an IdempotencyStore bean (with Spring Boot: set hookguard.store.type)."
                            : "Mark one IdempotencyStore bean @Primary.");
        }
        return store;
    }

    private static TransactionalMode transactionalMode(ApplicationContext context, IdempotencyStore store) {
        ClassLoader loader = HookguardAssembly.class.getClassLoader();
        if (!ClassUtils.isPresent("dev.hookguard.jdbc.JdbcIdempotencyStore", loader)
                || !ClassUtils.isPresent("org.springframework.jdbc.datasource.DataSourceUtils", loader)) {
            throw new HookguardConfigurationException(
                    "@IdempotentWebhook(transactional = true) needs the JDBC store, but dev.hookguard:jdbc-store or"
                            + " spring-jdbc is not on the class path",
                    "Add dev.hookguard:jdbc-store and spring-jdbc (spring-boot-starter-jdbc), or drop transactional.");
        }
        return TransactionalMode.of(context, store);
    }

    private static HookguardFilterConfig build(HookguardFilterConfig.Builder builder) {
        try {
            return builder.build();
        } catch (IllegalArgumentException e) {
            throw new HookguardConfigurationException(
                    "Hookguard cannot guard these endpoints: " + e.getMessage(),
                    "Give every endpoint its own path and check the hookguard.* settings the message names.");
        }
    }
}
