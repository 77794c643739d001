package dev.hookguard.console;

import dev.hookguard.console.internal.Answers;
import dev.hookguard.console.internal.ApiRouter;
import dev.hookguard.console.internal.BadRequestException;
import dev.hookguard.console.internal.ConsoleInitParams;
import dev.hookguard.console.internal.Json;
import dev.hookguard.core.StoreUnavailableException;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRegistration;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The operator console: a dead-letter web page and the JSON API it uses, under the servlet's mapping (for
 * example {@code /hookguard/console/*}). Register it with a {@link ConsoleConfig}; or without one (web.xml) and put the
 * configuration in the servlet context attribute {@link #CONFIG_ATTRIBUTE}, or describe it with init-params: the
 * settings model's {@code console.*} ({@code console.endpoints} required, {@code console.read-role}, {@code
 * console.tokens}, …, the Spring properties' names without {@code hookguard.}) and {@code store}, the context attribute
 * holding the store (default {@code dev.hookguard.store}, the filter's).
 *
 * <p>The page's static files are served to anyone (they hold no data). Every {@code api/} request needs an
 * operator from the configured {@link ConsoleAuthorizer} (else 401), reads need read access and writes need
 * write access (else 403), and every write needs the operator's CSRF token in the {@code X-Hookguard-Csrf}
 * header (else 403). A client's mistake is a 400 with a one-sentence reason; an unreachable store a 503.
 */
public class ConsoleServlet extends HttpServlet {

    /** The servlet context attribute a servlet registered without configuration reads it from. */
    public static final String CONFIG_ATTRIBUTE = ConsoleConfig.class.getName();

    private static final long serialVersionUID = 1L;
    private static final Logger LOG = LoggerFactory.getLogger(ConsoleServlet.class);

    private transient @Nullable ConsoleConfig config;
    private transient @Nullable ApiRouter api;

    /** A servlet that reads its configuration from {@link #CONFIG_ATTRIBUTE} when initialised. */
    public ConsoleServlet() {}

    /** A servlet with this configuration. */
    public ConsoleServlet(ConsoleConfig config) {
        this.config = config;
    }

    @Override
    public void init() throws ServletException {
        ConsoleConfig configured = config;
        if (configured == null) {
            Object attribute = getServletContext().getAttribute(CONFIG_ATTRIBUTE);
            configured = attribute instanceof ConsoleConfig fromContext ? fromContext : fromInitParams();
        }
        api = new ApiRouter(configured);
        LOG.info("Hookguard console at {} (endpoints {})", pages(), configured.endpoints());
    }

    /** Where the page is: the context path and each of the servlet's mappings, without their {@code /*}. */
    private String pages() {
        ServletRegistration registration = getServletContext().getServletRegistration(getServletName());
        String context = getServletContext().getContextPath();
        if (registration == null || registration.getMappings().isEmpty()) {
            return context + "/ (servlet " + getServletName() + ")";
        }
        return registration.getMappings().stream()
                .map(mapping ->
                        context + (mapping.endsWith("/*") ? mapping.substring(0, mapping.length() - 1) : mapping))
                .collect(Collectors.joining(", "));
    }

    private ConsoleConfig fromInitParams() throws ServletException {
        Map<String, String> params = new LinkedHashMap<>();
        for (String name : Collections.list(getInitParameterNames())) {
            params.put(name, getInitParameter(name));
        }
        try {
            return ConsoleInitParams.read(params, getServletContext()::getAttribute);
        } catch (IllegalArgumentException e) {
            throw new ServletException(
                    "the console has no ConsoleConfig in the servlet context attribute "
                            + CONFIG_ATTRIBUTE + " or its constructor, and its init-params do not describe one: "
                            + e.getMessage(),
                    e);
        }
    }

    @Override
    protected void service(HttpServletRequest request, HttpServletResponse response) throws IOException {
        Answers.hardened(response);
        String path = request.getPathInfo() == null ? "" : request.getPathInfo();
        try {
            route(path, request, response);
        } catch (BadRequestException e) {
            Answers.error(response, 400, e.getMessage());
        } catch (StoreUnavailableException e) {
            response.setHeader("Retry-After", "5");
            Answers.error(response, 503, "the store cannot be reached; try again shortly");
        }
    }

    private void route(String path, HttpServletRequest request, HttpServletResponse response) throws IOException {
        if (path.isEmpty()) {
            response.sendRedirect(request.getRequestURI() + "/");
        } else if (path.startsWith("/api/")) {
            requireApi().handle(path.substring("/api/".length()), request, response);
        } else if (!ApiRouter.isRead(request)) {
            Answers.error(response, 405, "the page's files are read with GET");
        } else if (path.equals("/")) {
            StaticAssets.serve("index.html", response);
        } else if (path.startsWith("/assets/") && StaticAssets.exists(path.substring("/assets/".length()))) {
            StaticAssets.serve(path.substring("/assets/".length()), response);
        } else {
            Answers.error(response, 404, "the console has no page " + Json.abbreviate(path));
        }
    }

    private ApiRouter requireApi() {
        if (api == null) {
            throw new IllegalStateException("the console servlet was not initialised");
        }
        return api;
    }
}
