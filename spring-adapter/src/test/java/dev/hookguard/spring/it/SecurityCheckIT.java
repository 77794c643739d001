package dev.hookguard.spring.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.hookguard.spring.HookguardConfigurationException;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.security.config.Customizer;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.web.SecurityFilterChain;

/**
 * The start-up security check in real Boot applications (DESIGN.md §1, rule 8): a guarded path that the application's
 * {@code SecurityFilterChain} refuses to a sender's anonymous POST (CSRF on, or authentication required) fails
 * start-up with one line naming the path, the chain and the two lines to add; the same application starts with {@code
 * hookguard.security-check.enabled=false}.
 */
@Tag("spring-security")
@Timeout(60)
class SecurityCheckIT {

    /** The application: the console behind form login as the old README printed it, CSRF on everywhere. */
    @SpringBootConfiguration
    @EnableAutoConfiguration
    @Import(StripeRunsHandler.class)
    static class OldReadmeApp {
        @Bean
        SecurityFilterChain securityFilterChain(HttpSecurity http) throws Exception {
            return http.authorizeHttpRequests(a -> a.requestMatchers("/hookguard/console/**")
                            .authenticated()
                            .anyRequest()
                            .authenticated())
                    .csrf(c -> c.ignoringRequestMatchers("/hookguard/console/api/**"))
                    .formLogin(Customizer.withDefaults())
                    .build();
        }
    }

    /** CSRF ignored for the webhooks, but authentication still required: the sender is sent to the login page. */
    @SpringBootConfiguration
    @EnableAutoConfiguration
    @Import(StripeRunsHandler.class)
    static class LoginRequiredApp {
        @Bean
        SecurityFilterChain webhooks(HttpSecurity http) throws Exception {
            return http.authorizeHttpRequests(a -> a.anyRequest().authenticated())
                    .csrf(c -> c.ignoringRequestMatchers("/webhooks/**"))
                    .formLogin(Customizer.withDefaults())
                    .build();
        }
    }

    @Test
    void shouldFailStartUpNamingThePathTheChainAndTheFixWhenCsrfRefusesTheWebhookPath() {
        assertThatThrownBy(() -> start(OldReadmeApp.class, "hookguard.security-check.enabled=true"))
                .isInstanceOf(HookguardConfigurationException.class)
                .hasMessage("SecurityFilterChain 'securityFilterChain' refuses webhook path /webhooks/stripe (endpoint"
                        + " 'stripe'): a sender's anonymous POST without a CSRF token is answered 403; in that"
                        + " chain add requestMatchers(\"/webhooks/stripe\").permitAll() to its authorizeHttpRequests"
                        + " and csrf(c -> c.ignoringRequestMatchers(\"/webhooks/stripe\"))");
    }

    @Test
    void shouldFailStartUpWhenTheChainSendsTheSenderToTheLoginPage() {
        assertThatThrownBy(() -> start(LoginRequiredApp.class))
                .isInstanceOf(HookguardConfigurationException.class)
                .hasMessageContaining("SecurityFilterChain 'webhooks' refuses webhook path /webhooks/stripe")
                // Spring Security 6 redirects to an absolute URL, 7 to the path alone
                .hasMessageMatching(".* is redirected to (http://localhost)?/login; .*")
                .hasMessageContaining("requestMatchers(\"/webhooks/stripe\").permitAll()")
                .hasMessageContaining("csrf(c -> c.ignoringRequestMatchers(\"/webhooks/stripe\"))");
    }

    @Test
    void shouldStartWithTheCheckSwitchedOff() {
        try (ConfigurableApplicationContext context =
                start(OldReadmeApp.class, "hookguard.security-check.enabled=false")) {
            assertThat(context.isRunning()).isTrue();
        }
    }

    private static ConfigurableApplicationContext start(Class<?> app, String... properties) {
        return new SpringApplicationBuilder(app)
                .properties(
                        "server.port=0",
                        "spring.main.banner-mode=off",
                        "hookguard.endpoints.stripe.scheme=stripe",
                        "hookguard.endpoints.stripe.secrets=" + RefusingSecurityApp.STRIPE_SECRET,
                        "hookguard.store.type=memory")
                .properties(properties)
                .run();
    }
}
