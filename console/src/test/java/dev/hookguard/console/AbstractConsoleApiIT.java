package dev.hookguard.console;

import static dev.hookguard.console.TestJson.object;
import static dev.hookguard.console.TestJson.objects;
import static org.assertj.core.api.Assertions.assertThat;

import dev.hookguard.core.ErrorClass;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.EventRecord;
import dev.hookguard.core.RecordStatus;
import dev.hookguard.core.RecoveryStore;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.Parameter;

/**
 * Shared set-up of the API tests: the console in real Jetty over a real store, two endpoints of random names,
 * a writer (alice), a reader (bob) and an anonymous client. Every test class runs once per store
 * ({@code @ParameterizedClass} with {@link StoreKind#tested()} on the concrete class).
 */
abstract class AbstractConsoleApiIT {

    static final String WRITER_TOKEN = "alice-token-0123456789";
    static final String READER_TOKEN = "bob-token-0123456789ab";

    protected RecoveryStore store;
    protected ConsoleServer server;
    protected Seeds seeds;
    protected String pay;
    protected String git;
    protected ApiClient writer;
    protected ApiClient reader;
    protected ApiClient anonymous;
    protected final List<String> replayed = new CopyOnWriteArrayList<>();

    /** Which store the test class runs on; set by JUnit through the subclass's {@code @ParameterizedClass}. */
    @Parameter
    protected StoreKind kind;

    private StoreKind.Fixture fixture;

    @BeforeEach
    void startConsole() throws Exception {
        fixture = kind.open();
        store = fixture.store();
        seeds = new Seeds(store);
        String suffix = UUID.randomUUID().toString().substring(0, 8);
        pay = "pay-" + suffix;
        git = "git-" + suffix;
        server = ConsoleServer.start(config(Duration.ofDays(1)));
        anonymous = new ApiClient(server.console(), null);
        writer = withCsrf(new ApiClient(server.console(), WRITER_TOKEN));
        reader = withCsrf(new ApiClient(server.console(), READER_TOKEN));
    }

    @AfterEach
    void stopConsole() throws Exception {
        if (server != null) {
            server.close();
        }
        if (fixture != null) {
            fixture.close();
        }
    }

    ConsoleConfig config(Duration stalledAfter) {
        return ConsoleConfig.custom(store)
                .endpoints(pay, git)
                .authorizer(BearerTokenAuthorizer.parse("alice:write:" + WRITER_TOKEN + ",bob:read:" + READER_TOKEN))
                .stalledAfter(stalledAfter)
                .replayListener(replayed::add)
                .build();
    }

    static ApiClient withCsrf(ApiClient client) {
        HttpResponse<String> session = client.get("api/session");
        assertThat(session.statusCode()).isEqualTo(200);
        return client.withCsrf((String) object(session.body()).get("csrfToken"));
    }

    EventKey pay(String id) {
        return EventKey.of(pay, id);
    }

    EventRecord find(EventKey key) {
        return store.find(key).orElseThrow();
    }

    RecordStatus status(EventKey key) {
        return find(key).status();
    }

    /** The event ids of one page of the list for these query parameters. */
    List<String> ids(String query) {
        HttpResponse<String> response = writer.get("api/records?" + query);
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        return objects(object(response.body()).get("records")).stream()
                .map(r -> (String) r.get("eventId"))
                .toList();
    }

    static Map<String, Object> json(HttpResponse<String> response, int status) {
        assertThat(response.statusCode()).as(response.body()).isEqualTo(status);
        assertThat(response.headers().firstValue("Content-Type"))
                .hasValueSatisfying(type -> assertThat(type).startsWith("application/json"));
        return object(response.body());
    }

    static String error(HttpResponse<String> response, int status) {
        return (String) json(response, status).get("error");
    }

    void seedMixed() {
        seeds.dead(pay("d-timeout-1"), ErrorClass.TIMEOUT, "read timed out after 10s");
        seeds.dead(pay("d-network-1"), ErrorClass.NETWORK, "Connection reset by peer");
        seeds.rejected(pay("r-schema-1"), ErrorClass.SCHEMA, "amount is missing");
        seeds.failed(pay("f-server-1"), ErrorClass.SERVER_ERROR, "HTTP 503 from ledger");
        seeds.dead(EventKey.of(git, "g-timeout-1"), ErrorClass.TIMEOUT, "read timed out after 10s");
    }
}
