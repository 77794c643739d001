package dev.hookguard.console;

import static dev.hookguard.console.TestJson.object;
import static dev.hookguard.console.TestJson.objects;
import static org.assertj.core.api.Assertions.assertThat;

import dev.hookguard.core.ErrorClass;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.memory.InMemoryStore;
import dev.hookguard.servlet.HookguardFilter;
import dev.hookguard.servlet.internal.config.InitParams;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.http.HttpServlet;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import org.awaitility.Awaitility;
import org.eclipse.jetty.ee10.servlet.FilterHolder;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.ee10.servlet.ServletHolder;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The console configured as in {@code web.xml}: the Hookguard filter and the console servlet each by init-params,
 * in real Jetty, over the store a listener put in the servlet context. The console names no endpoints: it shows the
 * filter's, and lists a record as stalled after the filter's own {@code endpoints.<e>.stalled-after}.
 */
class ConsoleInitParamsIT {

    private static final String TOKEN = "alice-token-0123456789";

    private final InMemoryStore store = new InMemoryStore();
    private Server server;
    private ApiClient client;

    @BeforeEach
    void start() throws Exception {
        server = new Server();
        ServerConnector connector = new ServerConnector(server);
        connector.setHost("127.0.0.1");
        connector.setPort(0);
        server.addConnector(connector);
        ServletContextHandler context = new ServletContextHandler();
        context.setContextPath("/");
        context.setAttribute(InitParams.DEFAULT_STORE_ATTRIBUTE, store); // what the application's listener does
        FilterHolder filter = new FilterHolder(HookguardFilter.class);
        filter.setInitParameters(Map.of(
                "endpoints.pay.path", "/webhooks/pay",
                "endpoints.pay.scheme", "stripe",
                "endpoints.pay.secrets", "whsec_0123456789abcdef",
                "endpoints.pay.stalled-after", "1s",
                "dispatcher.enabled", "false"));
        context.addFilter(filter, "/webhooks/*", EnumSet.of(DispatcherType.REQUEST));
        context.addServlet(new ServletHolder(new HttpServlet() {}), "/webhooks/*");
        ServletHolder console = new ServletHolder(ConsoleServlet.class);
        console.setInitParameters(Map.of("console.tokens", "alice:write:" + TOKEN));
        context.addServlet(console, "/ops/console/*");
        server.setHandler(context);
        server.start();
        client = new ApiClient(
                java.net.URI.create("http://127.0.0.1:" + connector.getLocalPort() + "/ops/console/"), TOKEN);
    }

    @AfterEach
    void stop() throws Exception {
        server.stop();
    }

    @Test
    void shouldShowTheFiltersEndpointsAndItsStalledPeriodWithoutASecondCopy() throws Exception {
        new Seeds(store).failed(EventKey.of("pay", "f-1"), ErrorClass.SERVER_ERROR, "HTTP 503 from ledger");

        assertThat(object(json(client.get("api/session"))).get("endpoints")).isEqualTo(List.of("pay"));
        // the default stalled period is 15 minutes: listed within seconds, the filter's 1 s is the console's
        Awaitility.await()
                .atMost(Duration.ofSeconds(30))
                .untilAsserted(() -> assertThat(
                                objects(object(json(client.get("api/records?endpoint=pay&listing=stalled")))
                                        .get("records")))
                        .extracting(r -> r.get("eventId"))
                        .containsExactly("f-1"));
    }

    private static Object json(HttpResponse<String> response) {
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        return TestJson.parse(response.body());
    }
}
