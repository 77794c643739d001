package dev.hookguard.console;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hookguard.core.ErrorClass;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.RecordStatus;
import dev.hookguard.core.memory.InMemoryStore;
import java.util.Map;
import org.eclipse.jetty.ee10.servlet.security.ConstraintMapping;
import org.eclipse.jetty.ee10.servlet.security.ConstraintSecurityHandler;
import org.eclipse.jetty.security.Constraint;
import org.eclipse.jetty.security.HashLoginService;
import org.eclipse.jetty.security.UserStore;
import org.eclipse.jetty.security.authentication.BasicAuthenticator;
import org.eclipse.jetty.util.security.Password;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The console behind the container's own authentication (Jetty's basic authentication and users with roles): the
 * path Spring Security and web.xml security take, through {@code HttpServletRequest.isUserInRole}.
 */
class ServletRoleAuthorizerIT {

    private final InMemoryStore store = new InMemoryStore();
    private ConsoleServer server;

    @BeforeEach
    void start() throws Exception {
        new Seeds(store).dead(EventKey.of("stripe", "evt_1"), ErrorClass.TIMEOUT, "timed out");
        ConsoleConfig config = ConsoleConfig.custom(store)
                .endpoints("stripe")
                .authorizer(ServletRoleAuthorizer.ofDefaults())
                .build();
        server = ConsoleServer.start(config, basicAuthentication());
    }

    @AfterEach
    void stop() throws Exception {
        server.close();
    }

    private static ConstraintSecurityHandler basicAuthentication() {
        UserStore users = new UserStore();
        users.addUser("alice", new Password("alice-password"), new String[] {"HOOKGUARD_OPERATOR"});
        users.addUser("bob", new Password("bob-password"), new String[] {"HOOKGUARD_READER"});
        users.addUser("carol", new Password("carol-password"), new String[] {"ACCOUNTING"});
        HashLoginService login = new HashLoginService("hookguard");
        login.setUserStore(users);
        ConstraintMapping api = new ConstraintMapping();
        api.setPathSpec(ConsoleServer.MOUNT + "/api/*");
        api.setConstraint(Constraint.ANY_USER);
        ConstraintSecurityHandler security = new ConstraintSecurityHandler();
        security.setLoginService(login);
        security.setAuthenticator(new BasicAuthenticator());
        security.addConstraintMapping(api);
        return security;
    }

    private ApiClient user(String name) {
        return AbstractConsoleApiIT.withCsrf(ApiClient.basic(server.console(), name, name + "-password"));
    }

    private final Map<String, String> skip = Map.of("endpoint", "stripe", "id", "evt_1");

    @Test
    void shouldTakeTheOperatorAndTheAccessFromTheContainersUserAndRoles() {
        ApiClient alice = user("alice");
        ApiClient bob = user("bob");
        ApiClient carol = ApiClient.basic(server.console(), "carol", "carol-password");

        assertThat(new ApiClient(server.console(), null).get("api/session").statusCode())
                .isEqualTo(401);
        assertThat(carol.get("api/records?endpoint=stripe").statusCode()).isEqualTo(403);
        assertThat(bob.get("api/records?endpoint=stripe").statusCode()).isEqualTo(200);
        assertThat(bob.post("api/actions/skip", skip).statusCode()).isEqualTo(403);
        assertThat(alice.post("api/actions/skip", skip).statusCode()).isEqualTo(200);

        assertThat(store.find(EventKey.of("stripe", "evt_1")).orElseThrow())
                .satisfies(record -> assertThat(record.status()).isEqualTo(RecordStatus.SUCCEEDED))
                .satisfies(record -> assertThat(record.history().get(0).actor()).isEqualTo("alice"));
    }
}
