package dev.hookguard.spring.internal.autoconfigure;

import dev.hookguard.servlet.EndpointConfig;
import dev.hookguard.spring.HookguardConfigurationException;
import dev.hookguard.spring.internal.web.HookguardWebFilter;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletContext;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.context.ApplicationContext;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.web.FilterChainProxy;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.web.context.WebApplicationContext;

/**
 * DESIGN.md §1, rule 8 at start-up: every guarded webhook path must get through the application's Spring Security
 * chain as a sender comes, an anonymous {@code POST} without a session or a CSRF token. For each endpoint the check
 * picks the {@link SecurityFilterChain} that {@link FilterChainProxy} would pick for such a request and runs that
 * chain's own filters on a {@link ProbeExchange}; a chain that answers before the end of its filters (a CSRF 403, a
 * redirect to the login page, a 401) fails start-up with one line naming the path, the chain and the two lines to add.
 * A probe that a filter cannot run (it needs more of a request than the probe has) is logged and skipped, never a
 * failure. Off with {@code hookguard.security-check.enabled=false}.
 */
public final class SecurityChainCheck implements SmartInitializingSingleton {

    /** Default of {@code hookguard.security-check.enabled}: on. */
    public static final boolean DEFAULT_ENABLED = true;

    private static final Logger log = LoggerFactory.getLogger(SecurityChainCheck.class);
    private static final String WILDCARD = "/*";

    private final ApplicationContext context;
    private final HookguardWebFilter filter;

    SecurityChainCheck(ApplicationContext context, HookguardWebFilter filter) {
        this.context = context;
        this.filter = filter;
    }

    @Override
    public void afterSingletonsInstantiated() {
        FilterChainProxy security =
                context.getBeanProvider(FilterChainProxy.class).getIfUnique();
        if (security == null) {
            return;
        }
        filter.afterSingletonsInstantiated(); // assembles the endpoints, if the container has not yet
        ServletContext servletContext = context instanceof WebApplicationContext web ? web.getServletContext() : null;
        String contextPath = servletContext == null ? "" : servletContext.getContextPath();
        for (EndpointConfig endpoint : filter.endpoints()) {
            check(security.getFilterChains(), endpoint, servletContext, contextPath);
        }
    }

    private void check(
            List<SecurityFilterChain> chains,
            EndpointConfig endpoint,
            @Nullable ServletContext servletContext,
            String contextPath) {
        String path = endpoint.path().endsWith(WILDCARD)
                ? endpoint.path().substring(0, endpoint.path().length() - 1) + "hookguard-security-check"
                : endpoint.path();
        ProbeExchange.Request request = new ProbeExchange.Request(servletContext, contextPath, path, null);
        ProbeExchange.Response response = new ProbeExchange.Response();
        try {
            for (int index = 0; index < chains.size(); index++) {
                SecurityFilterChain chain = chains.get(index);
                if (chain.matches(request)) {
                    if (!reachesTheEnd(chain.getFilters(), request, response)) {
                        throw refused(endpoint, chainName(chain, index), response);
                    }
                    return;
                }
            }
        } catch (IOException | ServletException | RuntimeException probeFailed) {
            if (probeFailed instanceof HookguardConfigurationException refused) {
                throw refused;
            }
            log.warn(
                    "Could not check whether Spring Security lets a sender's POST to {} (endpoint '{}') through: {}",
                    path,
                    endpoint.name(),
                    probeFailed.toString());
        } finally {
            SecurityContextHolder.clearContext();
        }
    }

    /** Runs the filters in order, as {@link FilterChainProxy} does; true when the last one passes the request on. */
    private static boolean reachesTheEnd(List<Filter> filters, ServletRequest request, ServletResponse response)
            throws IOException, ServletException {
        boolean[] reached = {false};
        FilterChain end = (req, res) -> reached[0] = true;
        new FilterChain() {
            private int next;

            @Override
            public void doFilter(ServletRequest req, ServletResponse res) throws IOException, ServletException {
                if (next == filters.size()) {
                    end.doFilter(req, res);
                } else {
                    filters.get(next++).doFilter(req, res, this);
                }
            }
        }.doFilter(request, response);
        return reached[0];
    }

    private String chainName(SecurityFilterChain chain, int index) {
        for (Map.Entry<String, SecurityFilterChain> bean :
                context.getBeansOfType(SecurityFilterChain.class).entrySet()) {
            if (bean.getValue() == chain) {
                return "'" + bean.getKey() + "'";
            }
        }
        return "number " + (index + 1) + " of the FilterChainProxy";
    }

    private static HookguardConfigurationException refused(
            EndpointConfig endpoint, String chain, ProbeExchange.Response response) {
        String matcher = endpoint.path().endsWith(WILDCARD) ? endpoint.path() + "*" : endpoint.path();
        String answer = response.location() == null
                ? "is answered " + response.getStatus()
                : "is redirected to " + response.location();
        String fix = "add requestMatchers(\"" + matcher + "\").permitAll() to its authorizeHttpRequests and"
                + " csrf(c -> c.ignoringRequestMatchers(\"" + matcher + "\"))";
        return new HookguardConfigurationException(
                "SecurityFilterChain " + chain + " refuses webhook path " + endpoint.path() + " (endpoint '"
                        + endpoint.name() + "'): a sender's anonymous POST without a CSRF token " + answer + ";"
                        + " in that chain " + fix,
                "In SecurityFilterChain " + chain + ", " + fix
                        + " (the signature is the sender's authentication); or set hookguard.security-check.enabled"
                        + "=false if the chain lets senders through in a way this check cannot see.");
    }
}
