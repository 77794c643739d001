package dev.hookguard.spring.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.jayway.jsonpath.JsonPath;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.EventRecord;
import dev.hookguard.core.IdempotencyStore;
import dev.hookguard.core.RecordStatus;
import dev.hookguard.core.operator.OperatorAction.AuditEntry;
import dev.hookguard.core.signature.Scheme;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.core.env.Environment;

/**
 * The operator console under Spring Security, over real HTTP against the embedded server, with the security setup
 * the README documents: readers ({@code HOOKGUARD_READER}) read and cannot act, operators ({@code
 * HOOKGUARD_OPERATOR}) act with the console's CSRF token, a signed-in user with neither role is refused, an anonymous
 * request is sent to the login page, and every action records the operator's name.
 */
@Tag("spring-security")
@SpringBootTest(
        classes = SecuredApp.class,
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = SecuredApp.ENDPOINTS)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(60)
class ConsoleSpringSecurityIT {

    static final String API = "/hookguard/console/api/";

    @Autowired
    Environment environment;

    @Autowired
    IdempotencyStore store;

    Sender sender;
    int port;

    @BeforeAll
    void connect() {
        port = environment.getRequiredProperty("local.server.port", Integer.class);
        sender = new Sender(port);
    }

    private String deadLetter() {
        String id = "evt_" + UUID.randomUUID().toString().replace("-", "");
        String body = "{\"id\":\"" + id + "\",\"object\":\"event\"}";
        HttpResponse<String> failed =
                sender.send(sender.signed("/webhooks/stripe", Scheme.STRIPE, SecuredApp.STRIPE_SECRET, id, body)
                        .header(SecuredApp.BEHAVIOUR, "fail"));
        assertThat(failed.statusCode())
                .as("the last attempt's failure is answered 202")
                .isEqualTo(202);
        assertThat(record(id).status()).isEqualTo(RecordStatus.DEAD);
        return id;
    }

    private EventRecord record(String id) {
        return store.find(EventKey.of("stripe", id)).orElseThrow();
    }

    private WebClient signedIn(String user) {
        return new WebClient(port).logIn(user, SecuredApp.PASSWORD);
    }

    private static String csrf(WebClient client) {
        HttpResponse<String> session = client.get(API + "session");
        assertThat(session.statusCode()).isEqualTo(200);
        return JsonPath.read(session.body(), "$.csrfToken");
    }

    private static HttpResponse<String> skip(WebClient client, String id, String... headers) {
        return client.postForm(
                API + "actions/skip", Map.of("endpoint", "stripe", "id", id, "note", "duplicate of INC-9"), headers);
    }

    @Test
    void shouldSendAnonymousRequestsToTheLoginPage() {
        WebClient anonymous = new WebClient(port);

        HttpResponse<String> read = anonymous.get(API + "records?endpoint=stripe");
        HttpResponse<String> write = anonymous.postForm(API + "actions/skip", Map.of("endpoint", "stripe", "id", "x"));
        HttpResponse<String> page = anonymous.get("/hookguard/console/");

        for (HttpResponse<String> refused : List.of(read, write, page)) {
            assertThat(refused.statusCode()).isEqualTo(302);
            assertThat(refused.headers().firstValue("Location"))
                    .hasValueSatisfying(location -> assertThat(location).endsWith("/login"));
        }
    }

    @Test
    void shouldLetAReaderReadButNotAct() {
        String id = deadLetter();
        WebClient bob = signedIn("bob");

        HttpResponse<String> session = bob.get(API + "session");
        HttpResponse<String> list = bob.get(API + "records?endpoint=stripe&limit=500");
        HttpResponse<String> one = bob.get(API + "record?endpoint=stripe&id=" + id);
        HttpResponse<String> act = skip(bob, id, "X-Hookguard-Csrf", csrf(bob));

        assertThat(session.statusCode()).isEqualTo(200);
        assertThat((String) JsonPath.read(session.body(), "$.operator")).isEqualTo("bob");
        assertThat((Boolean) JsonPath.read(session.body(), "$.canWrite")).isFalse();
        assertThat(list.statusCode()).isEqualTo(200);
        assertThat(JsonPath.<List<String>>read(list.body(), "$.records[*].eventId"))
                .contains(id);
        assertThat(one.statusCode()).isEqualTo(200);
        assertThat(act.statusCode()).isEqualTo(403);
        assertThat(act.body()).contains("may read but not act");
        assertThat(record(id).status()).isEqualTo(RecordStatus.DEAD);
    }

    @Test
    void shouldRefuseASignedInUserWithNeitherRole() {
        WebClient carol = signedIn("carol");

        HttpResponse<String> read = carol.get(API + "records?endpoint=stripe");

        assertThat(read.statusCode()).isEqualTo(403);
        assertThat(read.body()).contains("carol");
    }

    @Test
    void shouldLetAnOperatorActWithTheConsolesCsrfTokenAndRecordTheirName() {
        String id = deadLetter();
        WebClient alice = signedIn("alice");

        HttpResponse<String> withoutToken = skip(alice, id);
        HttpResponse<String> withWrongToken = skip(alice, id, "X-Hookguard-Csrf", csrf(signedIn("bob")));
        EventRecord untouched = record(id);
        HttpResponse<String> withToken = skip(alice, id, "X-Hookguard-Csrf", csrf(alice));

        assertThat(withoutToken.statusCode()).isEqualTo(403);
        assertThat(withWrongToken.statusCode()).isEqualTo(403);
        assertThat(untouched.status()).isEqualTo(RecordStatus.DEAD);
        assertThat(withToken.statusCode()).isEqualTo(200);
        assertThat((String) JsonPath.read(withToken.body(), "$.outcome")).isEqualTo("UPDATED");
        EventRecord skipped = record(id);
        assertThat(skipped.status()).isEqualTo(RecordStatus.SUCCEEDED);
        assertThat(skipped.history()).singleElement().satisfies(entry -> {
            assertThat(entry.actor()).isEqualTo("alice");
            assertThat(entry.action()).isEqualTo(AuditEntry.SKIP);
            assertThat(entry.note()).isEqualTo("duplicate of INC-9");
        });
        HttpResponse<String> history = alice.get(API + "history?endpoint=stripe&id=" + id);
        assertThat(JsonPath.<List<String>>read(history.body(), "$[*].actor")).containsExactly("alice");
    }
}
