package dev.hookguard.spring.internal.console;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.hookguard.console.BearerTokenAuthorizer;
import dev.hookguard.console.ConsoleAuthorizer;
import dev.hookguard.console.ConsoleConfig;
import dev.hookguard.console.ConsoleServlet;
import dev.hookguard.console.ServletRoleAuthorizer;
import dev.hookguard.console.internal.ConsoleInitParams;
import dev.hookguard.core.IdempotencyStore;
import dev.hookguard.core.memory.InMemoryStore;
import dev.hookguard.servlet.EndpointConfig;
import dev.hookguard.servlet.internal.config.InitParams;
import dev.hookguard.servlet.internal.config.PublishedEndpoints;
import dev.hookguard.spring.internal.autoconfigure.HookguardAutoConfiguration;
import dev.hookguard.spring.internal.autoconfigure.HookguardFailureAnalyzer;
import dev.hookguard.spring.internal.autoconfigure.HookguardJdbcStoreAutoConfiguration;
import dev.hookguard.spring.internal.autoconfigure.HookguardMemoryStoreAutoConfiguration;
import dev.hookguard.spring.internal.autoconfigure.HookguardRedisStoreAutoConfiguration;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
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

    @Test
    void shouldBuildTheSameConsoleFromInitParamsAndFromPropertiesOfTheSameNames() {
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("console.endpoints", "stripe");
        settings.put("console.read-role", "AUDITOR");
        settings.put("console.write-role", "ONCALL");
        settings.put("console.csrf-key", "0123456789abcdef0123456789abcdef-shared");
        settings.put("console.redact-headers", "X-Internal-Trace");
        settings.put("console.page-size", "20");
        settings.put("console.max-page-size", "200");
        InMemoryStore store = new InMemoryStore();
        ConsoleConfig fromInitParams = ConsoleInitParams.read(settings, name -> store);

        web.withBean(IdempotencyStore.class, () -> store)
                .withPropertyValues("hookguard.console.enabled=true")
                .withPropertyValues(settings.entrySet().stream()
                        .map(e -> "hookguard." + e.getKey() + "=" + e.getValue())
                        .toArray(String[]::new))
                .run(context -> {
                    ConsoleConfig fromProperties = context.getBean(ConsoleConfig.class);
                    assertThat(fromProperties.endpoints()).isEqualTo(fromInitParams.endpoints());
                    assertThat(fromProperties.authorizer())
                            .isEqualTo(fromInitParams.authorizer())
                            .isEqualTo(new ServletRoleAuthorizer("AUDITOR", "ONCALL"));
                    assertThat(fromProperties.csrfKey()).isEqualTo(fromInitParams.csrfKey());
                    assertThat(fromProperties.pageSize())
                            .isEqualTo(fromInitParams.pageSize())
                            .isEqualTo(20);
                    assertThat(fromProperties.maxPageSize())
                            .isEqualTo(fromInitParams.maxPageSize())
                            .isEqualTo(200);
                    assertThat(fromProperties.redaction().denies("X-Internal-Trace"))
                            .isEqualTo(fromInitParams.redaction().denies("X-Internal-Trace"))
                            .isTrue();
                });
    }

    @Test
    void shouldReadTheGuardedEndpointsPoliciesStalledPeriodsAndActionRulesAlikeFromInitParamsAndProperties() {
        Map<String, String> endpoint = new LinkedHashMap<>();
        endpoint.put("endpoints.stripe.path", "/webhooks/stripe");
        endpoint.put("endpoints.stripe.scheme", "stripe");
        endpoint.put("endpoints.stripe.secrets", "whsec_0123456789abcdef");
        endpoint.put("endpoints.stripe.stalled-after", "20m");
        endpoint.put("endpoints.stripe.policy.retention", "2d");
        endpoint.put("endpoints.stripe.policy.max-attempts", "4");
        Map<String, String> console = new LinkedHashMap<>();
        console.put("console.read-role", "AUDITOR");
        console.put("console.write-role", "ONCALL");
        console.put("console.actions.resolve.role", "LEAD");
        console.put("console.actions.skip.requires", "ticketId,reason");
        // the filter started from its init-params publishes its endpoints; the console servlet reads them
        EndpointConfig stripe = InitParams.settings(endpoint)
                .endpoint("stripe", "", location -> {
                    throw new AssertionError("no schema");
                })
                .build();
        InMemoryStore store = new InMemoryStore();
        Map<String, Object> attributes = Map.of(
                InitParams.DEFAULT_STORE_ATTRIBUTE, store, PublishedEndpoints.ATTRIBUTE, Map.of("stripe", stripe));
        ConsoleConfig fromInitParams = ConsoleInitParams.read(console, attributes::get);

        Map<String, String> all = new LinkedHashMap<>(endpoint);
        all.putAll(console);
        new WebApplicationContextRunner()
                .withConfiguration(HOOKGUARD)
                .withBean(IdempotencyStore.class, () -> store)
                .withPropertyValues("hookguard.console.enabled=true")
                .withPropertyValues(all.entrySet().stream()
                        .map(e -> "hookguard." + e.getKey() + "=" + e.getValue())
                        .toArray(String[]::new))
                .run(context -> {
                    ConsoleConfig fromProperties = context.getBean(ConsoleConfig.class);
                    assertThat(fromProperties.endpoints())
                            .isEqualTo(fromInitParams.endpoints())
                            .containsExactly("stripe");
                    assertThat(fromProperties.stalledAfter().apply("stripe"))
                            .isEqualTo(fromInitParams.stalledAfter().apply("stripe"))
                            .isEqualTo(Duration.ofMinutes(20));
                    assertThat(fromProperties.policies().apply("stripe"))
                            .isEqualTo(fromInitParams.policies().apply("stripe"))
                            .isEqualTo(stripe.policy());
                    assertThat(fromProperties.actionRoles())
                            .isEqualTo(fromInitParams.actionRoles())
                            .containsEntry("resolve", "LEAD");
                    assertThat(fromProperties.actionFields())
                            .isEqualTo(fromInitParams.actionFields())
                            .containsEntry("skip", Set.of("ticketId", "reason"));
                    assertThat(fromProperties.authorizer()).isEqualTo(fromInitParams.authorizer());
                });
    }

    @Test
    void shouldRefuseAConsoleWithoutEndpointsWhenNoFilterPublishedAny() {
        InMemoryStore store = new InMemoryStore();
        assertThatThrownBy(() -> ConsoleInitParams.read(Map.of("console.read-role", "AUDITOR"), name -> store))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("console.endpoints");
    }

    @Test
    void shouldNameTheBadConsoleSettingFromInitParamsAndFromProperties() {
        InMemoryStore store = new InMemoryStore();
        assertThatThrownBy(() -> ConsoleInitParams.read(
                        Map.of("console.endpoints", "stripe", "console.page-size", "0"), name -> store))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("console.page-size must be");
        assertThatThrownBy(() -> ConsoleInitParams.read(Map.of("console.pagesize", "5"), name -> store))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("console.pagesize");
        web.withPropertyValues("hookguard.console.enabled=true", "hookguard.console.page-size=0")
                .run(context -> {
                    assertThat(context).hasFailed();
                    FailureAnalysis analysis = new HookguardFailureAnalyzer().analyze(context.getStartupFailure());
                    assertThat(analysis).isNotNull();
                    assertThat(analysis.getDescription()).contains("hookguard.console.page-size");
                });
    }
}
