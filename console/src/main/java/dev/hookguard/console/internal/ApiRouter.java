package dev.hookguard.console.internal;

import dev.hookguard.console.ConsoleAuthorizer.Operator;
import dev.hookguard.console.ConsoleConfig;
import dev.hookguard.servlet.DeliveryMetrics.QueueSnapshot;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Checks the operator of an API request and sends it to its route. Reads are GET, writes POST; see the
 * module README for the table of routes.
 */
public final class ApiRouter {

    private final ConsoleConfig config;
    private final CsrfTokens csrf;
    private final OverviewRoutes overview;
    private final ReadRoutes reads;
    private final WriteRoutes writes;
    private final Export export;
    private final AuditRoutes audit;
    private final OperatorService operatorService;

    public ApiRouter(ConsoleConfig config) {
        this.config = config;
        this.csrf = new CsrfTokens(config.csrfKey());
        ActionRules rules = new ActionRules(config);
        this.overview = new OverviewRoutes(config, csrf, rules);
        OperatorService operator = OperatorService.of(config);
        this.reads = new ReadRoutes(config, operator);
        this.writes = new WriteRoutes(reads, operator, rules);
        this.export = new Export(operator.listings(), operator.records());
        this.audit = new AuditRoutes(config.store(), reads, operator);
        this.operatorService = operator;
    }

    public void handle(String route, HttpServletRequest request, HttpServletResponse response) throws IOException {
        Operator operator = config.authorizer().authenticate(request);
        if (operator == null) {
            response.setHeader("WWW-Authenticate", "Bearer realm=\"hookguard-console\"");
            Answers.error(response, 401, "sign in to use the console");
        } else if (!operator.canRead()) {
            Answers.error(response, 403, "operator " + operator.name() + " may not use the console");
        } else if (isRead(request)) {
            read(route, operator, request, response);
        } else if (!"POST".equals(request.getMethod())) {
            Answers.error(response, 405, "the console API reads with GET and writes with POST");
        } else if (!operator.canWrite()) {
            Answers.error(response, 403, "operator " + operator.name() + " may read but not act");
        } else if (!csrf.accepts(operator, request.getHeader(CsrfTokens.HEADER))) {
            Answers.error(response, 403, "missing or wrong " + CsrfTokens.HEADER + " token; reload the page");
        } else {
            write(route, operator, request, response);
        }
    }

    private void read(String route, Operator operator, HttpServletRequest request, HttpServletResponse response)
            throws IOException {
        switch (route) {
            case "session" -> overview.session(operator, request, response);
            case "counts" -> overview.counts(request, response);
            case "store" -> overview.store(response);
            case "records" -> reads.list(request, response);
            case "count" -> reads.count(request, response);
            case "record" -> reads.record(request, response);
            case "history" -> reads.history(request, response);
            case "export" ->
                export.stream(reads.filter(request), OperatorService.match(ReadRoutes.params(request)), response);
            case "endpoint" -> endpoint(reads.endpoint(request), response);
            case "audit" -> audit.page(request, response);
            case "audit/export" -> audit.export(request, response);
            default -> notFound(route, response);
        }
    }

    private void write(String route, Operator operator, HttpServletRequest request, HttpServletResponse response)
            throws IOException {
        if (route.startsWith("actions/")) {
            writes.one(route.substring("actions/".length()), operator, request, response);
        } else if (route.startsWith("selected/")) {
            writes.selected(route.substring("selected/".length()), operator, request, response);
        } else if (route.startsWith("endpoints/")) {
            writes.control(route.substring("endpoints/".length()), operator, request, response);
        } else if (route.startsWith("bulk/")) {
            writes.bulk(route.substring("bulk/".length()), operator, request, response);
        } else {
            notFound(route, response);
        }
    }

    /** The endpoint's controls kept in the store, and what this node's dispatcher last sampled of it. */
    private void endpoint(String endpoint, HttpServletResponse response) throws IOException {
        OperatorService.Answer controls = operatorService.controls(endpoint);
        if (controls.status() == 200) {
            controls.body()
                    .put(
                            "dispatcher",
                            config.dispatchState()
                                    .apply(endpoint)
                                    .map(ApiRouter::dispatcher)
                                    .orElse(null));
        }
        Answers.answer(response, controls);
    }

    /** A dispatcher's sample as the page shows it. */
    private static Map<String, @Nullable Object> dispatcher(QueueSnapshot sample) {
        Map<String, @Nullable Object> view = new LinkedHashMap<>();
        view.put("sampledAt", sample.sampledAt().toString());
        view.put("breaker", sample.breaker());
        view.put("rateLimited", sample.rateLimited());
        view.put("paused", sample.paused());
        view.put("depth", sample.stats().depth());
        view.put("dueNow", sample.stats().dueNow());
        Duration oldest = sample.stats().oldestDueAge();
        view.put("oldestDueSeconds", oldest == null ? null : oldest.toSeconds());
        return view;
    }

    private static void notFound(String route, HttpServletResponse response) throws IOException {
        Answers.error(response, 404, "the console API has no route " + Json.abbreviate(route));
    }

    /** True for a request that only reads: GET or HEAD. */
    public static boolean isRead(HttpServletRequest request) {
        return "GET".equals(request.getMethod()) || "HEAD".equals(request.getMethod());
    }
}
