package dev.hookguard.console;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hookguard.core.RecordStatus;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

/** Authorization (anonymous, reader, writer) and CSRF on every route, on each store. */
@ParameterizedClass(name = "{0}")
@MethodSource("dev.hookguard.console.StoreKind#tested")
class ConsoleSecurityIT extends AbstractConsoleApiIT {

    private List<String> readRoutes() {
        String filter = "?endpoint=" + pay;
        return List.of(
                "api/session",
                "api/counts",
                "api/records" + filter,
                "api/count" + filter,
                "api/record" + filter + "&id=d-timeout-1",
                "api/history" + filter + "&id=d-timeout-1",
                "api/export" + filter);
    }

    private Map<String, String> target() {
        return Map.of("endpoint", pay, "id", "d-timeout-1", "note", "n");
    }

    @Test
    void shouldRefuseAnonymousRequestsOnEveryRouteWithoutShowingData() {
        seedMixed();

        for (String route : readRoutes()) {
            HttpResponse<String> response = anonymous.get(route);
            assertThat(response.statusCode()).as(route).isEqualTo(401);
            assertThat(response.headers().firstValue("WWW-Authenticate"))
                    .as(route)
                    .isPresent();
            assertThat(response.body()).as(route).doesNotContain("d-timeout-1");
        }
        for (String action : List.of("replay", "requeue", "resolve", "skip")) {
            assertThat(anonymous.post("api/actions/" + action, target()).statusCode())
                    .isEqualTo(401);
            assertThat(anonymous.post("api/bulk/" + action, target()).statusCode())
                    .isEqualTo(401);
        }
        assertThat(new ApiClient(server.console(), "alice-token-0123456789-wrong")
                        .get("api/session")
                        .statusCode())
                .isEqualTo(401);
        assertThat(status(pay("d-timeout-1"))).isEqualTo(RecordStatus.DEAD);
    }

    @Test
    void shouldLetAReaderReadEverythingButActOnNothing() {
        seedMixed();

        for (String route : readRoutes()) {
            assertThat(reader.get(route).statusCode()).as(route).isEqualTo(200);
        }
        for (String action : List.of("replay", "requeue", "resolve", "skip")) {
            assertThat(error(reader.post("api/actions/" + action, target()), 403))
                    .contains("may read but not act");
            assertThat(error(reader.post("api/bulk/" + action, target()), 403)).contains("may read but not act");
        }
        assertThat(status(pay("d-timeout-1"))).isEqualTo(RecordStatus.DEAD);
    }

    @Test
    void shouldRefuseAWriterWithoutTheCsrfTokenOrWithAnotherOperatorsToken() {
        seedMixed();
        ApiClient noToken = writer.withCsrf(null);
        ApiClient wrongToken = writer.withCsrf("not-the-token");
        String readersToken = (String) json(reader.get("api/session"), 200).get("csrfToken");
        ApiClient readersCsrf = writer.withCsrf(readersToken);

        assertThat(error(noToken.post("api/actions/skip", target()), 403)).contains("X-Hookguard-Csrf");
        assertThat(error(wrongToken.post("api/actions/skip", target()), 403)).contains("X-Hookguard-Csrf");
        assertThat(error(readersCsrf.post("api/bulk/skip", target()), 403)).contains("X-Hookguard-Csrf");
        assertThat(status(pay("d-timeout-1"))).isEqualTo(RecordStatus.DEAD);

        assertThat(writer.post("api/actions/skip", target()).statusCode()).isEqualTo(200);
        assertThat(status(pay("d-timeout-1"))).isEqualTo(RecordStatus.SUCCEEDED);
    }

    @Test
    void shouldRefuseEveryoneWhenNoAuthorizerIsConfigured() throws Exception {
        seedMixed();
        ConsoleConfig closed = ConsoleConfig.custom(store).endpoints(pay).build();

        try (ConsoleServer server = ConsoleServer.start(closed)) {
            ApiClient alice = new ApiClient(server.console(), WRITER_TOKEN);
            assertThat(alice.get("api/records?endpoint=" + pay).statusCode()).isEqualTo(401);
            assertThat(alice.post("api/actions/skip", target()).statusCode()).isEqualTo(401);
        }
    }

    @Test
    void shouldAllowOnlyGetForReadsAndPostForWrites() {
        HttpResponse<String> put = writer.post("api/records?endpoint=" + pay, Map.of());

        assertThat(put.statusCode()).isEqualTo(404); // a POST to a read route is no write route
        assertThat(anonymous.post("", Map.of()).statusCode()).isEqualTo(405);
    }
}
