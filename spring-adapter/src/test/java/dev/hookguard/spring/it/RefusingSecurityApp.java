package dev.hookguard.spring.it;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.security.authorization.AuthorizationDecision;
import org.springframework.security.config.Customizer;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.csrf.CsrfFilter;

/**
 * A Spring Boot application whose security chain refuses its webhook path until the test opens the {@link Gate}:
 * {@code CSRF} refuses it with 403 (no CSRF token), {@code LOGIN} sends it to the login page (302, form login),
 * {@code OPEN} permits it and ignores CSRF for it. The start-up check is off ({@code hookguard.security-check.enabled
 * =false}), as a user who knows better would set it. The endpoint {@code orphan} has a path and no handler.
 */
@SpringBootConfiguration
@EnableAutoConfiguration
@Import(StripeRunsHandler.class)
class RefusingSecurityApp {

    static final String STRIPE_SECRET = "whsec_it_refusing_security_app_secret";

    static final String PROPERTIES = "hookguard.endpoints.stripe.scheme=stripe\n"
            + "hookguard.endpoints.stripe.secrets=" + STRIPE_SECRET + "\n"
            + "hookguard.endpoints.orphan.scheme=stripe\n"
            + "hookguard.endpoints.orphan.path=/webhooks/orphan\n"
            + "hookguard.endpoints.orphan.secrets=" + STRIPE_SECRET + "\n"
            + "hookguard.security-check.enabled=false\n"
            + "hookguard.store.type=memory\n"
            + "hookguard.store-timeout=30s\n"
            + "spring.main.banner-mode=off";

    /** What the chain does with the webhook path. */
    static final class Gate {
        enum Mode {
            CSRF,
            LOGIN,
            OPEN
        }

        volatile Mode mode = Mode.CSRF;
    }

    @Bean
    Gate gate() {
        return new Gate();
    }

    @Bean
    SecurityFilterChain application(HttpSecurity http, Gate gate) throws Exception {
        return http.authorizeHttpRequests(a -> a.requestMatchers("/webhooks/**")
                        .access((authentication, context) -> new AuthorizationDecision(gate.mode != Gate.Mode.LOGIN))
                        .anyRequest()
                        .authenticated())
                .csrf(c -> c.requireCsrfProtectionMatcher(
                        request -> gate.mode == Gate.Mode.CSRF && CsrfFilter.DEFAULT_CSRF_MATCHER.matches(request)))
                .formLogin(Customizer.withDefaults())
                .build();
    }
}
