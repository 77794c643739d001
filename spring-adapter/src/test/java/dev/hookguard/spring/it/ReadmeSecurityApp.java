package dev.hookguard.spring.it;

import dev.hookguard.spring.IdempotentWebhook;
import dev.hookguard.spring.WebhookEventId;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.http.ResponseEntity;
import org.springframework.security.config.Customizer;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.core.userdetails.User;
import org.springframework.security.provisioning.InMemoryUserDetailsManager;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/**
 * A Spring Boot application whose security is the console README's snippet, copied verbatim: the method {@link
 * #securityFilterChain} must stay identical to the Security snippet of {@code console/README.md} and {@code
 * spring-adapter/README.md} ({@code ReadmeSecuritySnippetIT} fails when they drift). The start-up security check is on.
 */
@SpringBootConfiguration
@EnableAutoConfiguration
@Import(ReadmeSecurityApp.StripeHandler.class)
class ReadmeSecurityApp {

    static final String STRIPE_SECRET = "whsec_it_readme_security_app_secret";
    static final String PASSWORD = "a-password-for-the-tests";

    static final String PROPERTIES = "hookguard.endpoints.stripe.scheme=stripe\n"
            + "hookguard.endpoints.stripe.secrets=" + STRIPE_SECRET + "\n"
            + "hookguard.console.enabled=true\n"
            + "hookguard.store.type=memory\n"
            + "hookguard.store-timeout=30s\n"
            + "spring.main.banner-mode=off";

    @Bean
    InMemoryUserDetailsManager users() {
        return new InMemoryUserDetailsManager(User.withUsername("alice")
                .password("{noop}" + PASSWORD)
                .roles("HOOKGUARD_OPERATOR")
                .build());
    }

    // The console README's Security snippet, verbatim: keep it identical to console/README.md and
    // spring-adapter/README.md (ReadmeSecuritySnippetIT checks it).
    @Bean
    SecurityFilterChain securityFilterChain(HttpSecurity http) throws Exception {
        return http.authorizeHttpRequests(a -> a.requestMatchers("/webhooks/**")
                        .permitAll() // senders sign their deliveries; they never log in
                        .requestMatchers("/hookguard/console/**")
                        .authenticated()
                        .anyRequest()
                        .authenticated())
                .csrf(c -> c.ignoringRequestMatchers("/webhooks/**", "/hookguard/console/api/**"))
                .formLogin(Customizer.withDefaults())
                .build();
    }

    /** A Stripe handler that counts its runs per event. */
    @RestController
    static class StripeHandler {
        private final Map<String, AtomicInteger> runs = new ConcurrentHashMap<>();

        int runs(String eventId) {
            AtomicInteger count = runs.get(eventId);
            return count == null ? 0 : count.get();
        }

        @PostMapping(path = "/webhooks/stripe", produces = "application/json")
        @IdempotentWebhook("stripe")
        ResponseEntity<String> stripe(@RequestBody String event, @WebhookEventId String eventId) {
            int run = runs.computeIfAbsent(eventId, id -> new AtomicInteger()).incrementAndGet();
            return ResponseEntity.ok("{\"eventId\":\"" + eventId + "\",\"run\":" + run + "}");
        }
    }
}
