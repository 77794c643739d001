package dev.hookguard.spring.it;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.security.config.Customizer;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.core.userdetails.User;
import org.springframework.security.provisioning.InMemoryUserDetailsManager;
import org.springframework.security.web.SecurityFilterChain;

/**
 * A Spring Boot application whose security is the console README's snippet, copied verbatim: the method {@link
 * #securityFilterChain} must stay identical to the Security snippet of {@code console/README.md} and {@code
 * spring-adapter/README.md} ({@code ReadmeSecuritySnippetIT} fails when they drift). The start-up security check is on.
 */
@SpringBootConfiguration
@EnableAutoConfiguration
@Import(StripeRunsHandler.class)
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
}
