package dev.hookguard.spring.it;

import dev.hookguard.spring.IdempotentWebhook;
import dev.hookguard.spring.WebhookEventId;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.core.annotation.Order;
import org.springframework.http.ResponseEntity;
import org.springframework.security.config.Customizer;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.core.userdetails.User;
import org.springframework.security.provisioning.InMemoryUserDetailsManager;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RestController;

/**
 * A Spring Boot application behind Spring Security, configured as the adapter's README tells users to: the webhook
 * paths permitted and exempt from CSRF (the signature is their authentication), the console behind form login with
 * its API exempt from Spring's CSRF check (the console checks its own token), the Actuator behind HTTP Basic for
 * operators. Users: {@code alice} operator, {@code bob} reader, {@code carol} neither.
 */
@SpringBootConfiguration
@EnableAutoConfiguration
@Import({SecuredApp.StripeHandler.class, SecuredApp.GithubHandler.class})
class SecuredApp {

    static final String BEHAVIOUR = "X-Behaviour";
    static final String PASSWORD = "a-password-for-the-tests";
    static final String STRIPE_SECRET = "whsec_it_secured_app_stripe_secret";
    static final String GITHUB_SECRET = "it-secured-app-github-secret";

    /** The properties of every test on this application, so that they share one context. */
    static final String ENDPOINTS = "hookguard.endpoints.stripe.scheme=stripe\n"
            + "hookguard.endpoints.stripe.secrets=" + STRIPE_SECRET + "\n"
            + "hookguard.endpoints.stripe.policy.max-attempts=1\n"
            + "hookguard.endpoints.github.scheme=github\n"
            + "hookguard.endpoints.github.secrets=" + GITHUB_SECRET + "\n"
            + "hookguard.endpoints.github.intake=async\n"
            + "hookguard.dispatcher.min-poll-interval=20ms\n"
            + "hookguard.dispatcher.max-poll-interval=500ms\n"
            + "hookguard.console.enabled=true\n"
            + "hookguard.store.type=memory\n"
            + "hookguard.store-timeout=30s\n"
            + "management.endpoints.web.exposure.include=health,hookguard\n"
            + "spring.main.banner-mode=off";

    @Bean
    InMemoryUserDetailsManager users() {
        return new InMemoryUserDetailsManager(
                user("alice", "HOOKGUARD_OPERATOR"), user("bob", "HOOKGUARD_READER"), user("carol", "USER"));
    }

    private static org.springframework.security.core.userdetails.UserDetails user(String name, String role) {
        return User.withUsername(name).password("{noop}" + PASSWORD).roles(role).build();
    }

    /** The Actuator: HTTP Basic, operators only, no CSRF (scripts, no browser session). */
    @Bean
    @Order(1)
    SecurityFilterChain actuator(HttpSecurity http) throws Exception {
        return http.securityMatcher("/actuator/**")
                .authorizeHttpRequests(a -> a.requestMatchers("/actuator/health")
                        .permitAll()
                        .anyRequest()
                        .hasRole("HOOKGUARD_OPERATOR"))
                .httpBasic(Customizer.withDefaults())
                .csrf(c -> c.disable())
                .build();
    }

    /** Everything else: webhooks open to signed senders, the console behind form login. */
    @Bean
    @Order(2)
    SecurityFilterChain application(HttpSecurity http) throws Exception {
        return http.authorizeHttpRequests(a -> a.requestMatchers("/webhooks/**")
                        .permitAll()
                        .requestMatchers("/hookguard/console/**")
                        .authenticated()
                        .anyRequest()
                        .authenticated())
                .csrf(c -> c.ignoringRequestMatchers("/webhooks/**", "/hookguard/console/api/**"))
                .formLogin(Customizer.withDefaults())
                .build();
    }

    /**
     * A Stripe handler that counts its runs per event; {@code X-Behaviour: fail}, or the event's id in {@link
     * #failing}, makes it throw.
     */
    @RestController
    static class StripeHandler {
        private final Map<String, AtomicInteger> runs = new ConcurrentHashMap<>();
        final Set<String> failing = ConcurrentHashMap.newKeySet();

        /** How often the handler ran for this event. */
        int runs(String eventId) {
            AtomicInteger count = runs.get(eventId);
            return count == null ? 0 : count.get();
        }

        @PostMapping(path = "/webhooks/stripe", produces = "application/json")
        @IdempotentWebhook("stripe")
        ResponseEntity<String> stripe(
                @RequestBody String event,
                @WebhookEventId String eventId,
                @RequestHeader(name = BEHAVIOUR, defaultValue = "ok") String behaviour) {
            int run = runs.computeIfAbsent(eventId, id -> new AtomicInteger()).incrementAndGet();
            if (behaviour.equals("fail") || failing.contains(eventId)) {
                throw new IllegalStateException("the handler failed on purpose");
            }
            return ResponseEntity.ok("{\"eventId\":\"" + eventId + "\",\"run\":" + run + "}");
        }
    }

    /**
     * A GitHub handler behind async intake that counts its runs, records the authentication Spring Security gave the
     * request, and, for an event with a {@link Gate}, holds until the test releases it.
     */
    @RestController
    static class GithubHandler {
        private final Map<String, AtomicInteger> runs = new ConcurrentHashMap<>();
        final Map<String, Gate> gates = new ConcurrentHashMap<>();
        final Map<String, String> authentications = new ConcurrentHashMap<>();

        int runs(String eventId) {
            AtomicInteger count = runs.get(eventId);
            return count == null ? 0 : count.get();
        }

        @PostMapping(path = "/webhooks/github", produces = "application/json")
        @IdempotentWebhook("github")
        ResponseEntity<String> github(@RequestBody String event, @WebhookEventId String eventId)
                throws InterruptedException {
            int run = runs.computeIfAbsent(eventId, id -> new AtomicInteger()).incrementAndGet();
            Authentication authentication = SecurityContextHolder.getContext().getAuthentication();
            authentications.put(
                    eventId,
                    authentication == null ? "none" : authentication.getClass().getSimpleName());
            Gate gate = gates.get(eventId);
            if (gate != null) {
                gate.started.countDown();
                try {
                    if (!gate.release.await(30, TimeUnit.SECONDS)) {
                        throw new IllegalStateException("the test never released " + eventId);
                    }
                } finally {
                    gate.finished.countDown();
                }
            }
            return ResponseEntity.ok("{\"eventId\":\"" + eventId + "\",\"run\":" + run + "}");
        }
    }

    /** Holds a handler run: {@code started} when it began, {@code release} to let it finish, {@code finished} after. */
    static final class Gate {
        final CountDownLatch started = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);
        final CountDownLatch finished = new CountDownLatch(1);
    }
}
