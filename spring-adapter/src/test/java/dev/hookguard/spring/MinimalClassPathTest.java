package dev.hookguard.spring;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hookguard.core.IdempotencyStore;
import dev.hookguard.core.memory.InMemoryStore;
import dev.hookguard.servlet.DeliveryMetrics;
import dev.hookguard.spring.internal.web.HookguardWebFilter;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.context.annotation.Configuration;
import org.springframework.util.ClassUtils;

/**
 * The adapter with none of its optional dependencies: no Redis or JDBC store, no Lettuce, Spring Data, spring-jdbc,
 * spring-tx, jOOQ, Micrometer or Actuator on the class path (a Surefire execution of its own removes them). Every
 * auto-configuration that needs them stays away, and the filter works on the in-memory store.
 */
class MinimalClassPathTest {

    /**
     * An application with everything auto-configured, as Spring Boot does it: the auto-configuration classes are read
     * by name, so those whose dependencies are missing are never loaded.
     */
    @Configuration(proxyBeanMethods = false)
    @EnableAutoConfiguration
    static class App {}

    private final WebApplicationContextRunner runner =
            new WebApplicationContextRunner().withUserConfiguration(App.class);

    @Test
    void shouldRunWithoutAnyOptionalDependency() {
        assertThat(ClassUtils.isPresent("io.lettuce.core.RedisClient", null)).isFalse();
        assertThat(ClassUtils.isPresent("org.springframework.transaction.PlatformTransactionManager", null))
                .isFalse();
        assertThat(ClassUtils.isPresent("io.micrometer.core.instrument.MeterRegistry", null))
                .isFalse();
        assertThat(ClassUtils.isPresent("org.springframework.boot.actuate.endpoint.annotation.Endpoint", null))
                .isFalse();
        assertThat(ClassUtils.isPresent("dev.hookguard.console.ConsoleServlet", null))
                .isFalse();

        runner.withPropertyValues(
                        "hookguard.endpoints.gh.scheme=github",
                        "hookguard.endpoints.gh.secrets=0123456789abcdef-secret",
                        "hookguard.endpoints.gh.path=/hooks/gh",
                        "management.endpoints.web.exposure.include=hookguard",
                        "hookguard.console.enabled=true")
                .run(context -> {
                    assertThat(context).hasNotFailed();
                    assertThat(context).getBean(IdempotencyStore.class).isInstanceOf(InMemoryStore.class);
                    assertThat(context).doesNotHaveBean(DeliveryMetrics.class);
                    assertThat(context).doesNotHaveBean("hookguardHealthIndicator");
                    assertThat(context).doesNotHaveBean("hookguardConsoleRegistration"); // console module absent
                    assertThat(context.getBean(HookguardWebFilter.class).endpoints())
                            .singleElement()
                            .satisfies(endpoint -> assertThat(endpoint.path()).isEqualTo("/hooks/gh"));
                });
    }
}
