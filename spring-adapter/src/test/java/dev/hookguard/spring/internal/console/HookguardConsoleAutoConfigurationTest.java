package dev.hookguard.spring.internal.console;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hookguard.console.BearerTokenAuthorizer;
import dev.hookguard.console.ConsoleAuthorizer;
import dev.hookguard.console.ConsoleServlet;
import dev.hookguard.console.ServletRoleAuthorizer;
import dev.hookguard.spring.internal.autoconfigure.HookguardAutoConfiguration;
import dev.hookguard.spring.internal.autoconfigure.HookguardFailureAnalyzer;
import dev.hookguard.spring.internal.autoconfigure.HookguardJdbcStoreAutoConfiguration;
import dev.hookguard.spring.internal.autoconfigure.HookguardMemoryStoreAutoConfiguration;
import dev.hookguard.spring.internal.autoconfigure.HookguardRedisStoreAutoConfiguration;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.boot.web.servlet.ServletRegistrationBean;

/** When the console is registered, where, with which authorizer, and when it backs off. */
class HookguardConsoleAutoConfigurationTest {

    private static final AutoConfigurations HOOKGUARD = AutoConfigurations.of(
            HookguardAutoConfiguration.class,
            HookguardRedisStoreAutoConfiguration.class,
            HookguardJdbcStoreAutoConfiguration.class,
            HookguardMemoryStoreAutoConfiguration.class,
            HookguardConsoleAutoConfiguration.class);

    private final WebApplicationContextRunner web = new WebApplicationContextRunner()
            .withConfiguration(HOOKGUARD)
            .withPropertyValues(
                    "hookguard.endpoints.stripe.scheme=stripe",
                    "hookguard.endpoints.stripe.secrets=whsec_0123456789abcdef");

    @Test
    void shouldRegisterNothingUnlessEnabled() {
        web.run(context -> {
            assertThat(context).hasNotFailed();
            assertThat(context).doesNotHaveBean("hookguardConsoleRegistration");
            assertThat(context).doesNotHaveBean(ConsoleAuthorizer.class);
        });
    }

    @Test
    void shouldMountTheConsoleAtTheConfiguredPathWithTheRoleAuthorizer() {
        web.withPropertyValues("hookguard.console.enabled=true", "hookguard.console.path=/ops/hookguard/")
                .run(context -> {
                    assertThat(context)
                            .getBean("hookguardConsoleRegistration", ServletRegistrationBean.class)
                            .satisfies(registration -> {
                                assertThat(registration.getUrlMappings()).containsExactly("/ops/hookguard/*");
                                assertThat(registration.getServlet()).isInstanceOf(ConsoleServlet.class);
                            });
                    assertThat(context).getBean(ConsoleAuthorizer.class).isInstanceOf(ServletRoleAuthorizer.class);
                });
    }

    @Test
    void shouldUseBearerTokensWhenConfigured() {
        web.withPropertyValues(
                        "hookguard.console.enabled=true",
                        "hookguard.console.tokens=alice:write:a-token-long-enough-1234")
                .run(context ->
                        assertThat(context).getBean(ConsoleAuthorizer.class).isInstanceOf(BearerTokenAuthorizer.class));
    }

    @Test
    void shouldBackOffForTheApplicationsOwnAuthorizer() {
        ConsoleAuthorizer own = request -> null;
        web.withPropertyValues("hookguard.console.enabled=true")
                .withBean(ConsoleAuthorizer.class, () -> own)
                .run(context ->
                        assertThat(context).getBean(ConsoleAuthorizer.class).isSameAs(own));
    }

    @Test
    void shouldStayAwayWithoutTheConsoleModuleOrOutsideAServletApplication() {
        web.withPropertyValues("hookguard.console.enabled=true")
                .withClassLoader(new FilteredClassLoader(ConsoleServlet.class))
                .run(context -> assertThat(context).hasNotFailed().doesNotHaveBean("hookguardConsoleRegistration"));
        new ApplicationContextRunner()
                .withConfiguration(HOOKGUARD)
                .withPropertyValues("hookguard.console.enabled=true")
                .run(context -> assertThat(context).hasNotFailed().doesNotHaveBean("hookguardConsoleRegistration"));
    }

    @Test
    void shouldFailStartUpNamingTheBadPath() {
        web.withPropertyValues("hookguard.console.enabled=true", "hookguard.console.path=console")
                .run(context -> {
                    assertThat(context).hasFailed();
                    FailureAnalysis analysis = new HookguardFailureAnalyzer().analyze(context.getStartupFailure());
                    assertThat(analysis).isNotNull();
                    assertThat(analysis.getDescription())
                            .contains("hookguard.console.path")
                            .contains("'console'");
                });
    }
}
