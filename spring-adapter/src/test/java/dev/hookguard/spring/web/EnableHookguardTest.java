package dev.hookguard.spring.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;

import dev.hookguard.core.EventKey;
import dev.hookguard.core.IdempotencyStore;
import dev.hookguard.core.RecordStatus;
import dev.hookguard.core.memory.InMemoryStore;
import dev.hookguard.core.signature.Headers;
import dev.hookguard.core.signature.Scheme;
import dev.hookguard.core.signature.SignatureConfig;
import dev.hookguard.core.signature.WebhookSigner;
import dev.hookguard.servlet.EndpointConfig;
import dev.hookguard.spring.EnableHookguard;
import dev.hookguard.spring.HookguardConfigurationException;
import dev.hookguard.spring.IdempotentWebhook;
import dev.hookguard.spring.WebhookEventId;
import dev.hookguard.spring.internal.web.HookguardWebFilter;
import jakarta.servlet.Filter;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.MapPropertySource;
import org.springframework.mock.web.MockHttpServletResponse;
import org.springframework.mock.web.MockServletContext;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.request.MockHttpServletRequestBuilder;
import org.springframework.test.web.servlet.setup.MockMvcBuilders;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.context.support.AnnotationConfigWebApplicationContext;
import org.springframework.web.servlet.config.annotation.EnableWebMvc;

/**
 * {@link EnableHookguard} in a Spring MVC application without Spring Boot: endpoints from {@link EndpointConfig}
 * beans, paths from the annotated handlers, the filter registered as a delegating filter would register it.
 */
class EnableHookguardTest {

    static final String SECRET = "gh-" + UUID.randomUUID();

    private AnnotationConfigWebApplicationContext context;

    @Configuration(proxyBeanMethods = false)
    @EnableWebMvc
    @EnableHookguard
    static class App {
        @Bean
        IdempotencyStore store() {
            return new InMemoryStore();
        }

        @Bean
        EndpointConfig github() {
            return EndpointConfig.custom("gh")
                    .scheme(Scheme.GITHUB, SignatureConfig.of(SECRET))
                    .build();
        }

        @Bean
        Hooks hooks() {
            return new Hooks();
        }
    }

    @RestController
    static class Hooks {
        final AtomicInteger runs = new AtomicInteger();

        @PostMapping("/hooks/gh")
        @IdempotentWebhook("gh")
        String github(@RequestBody String body, @WebhookEventId String eventId, @WebhookEventId EventKey key) {
            return "run " + runs.incrementAndGet() + " of " + eventId + " at " + key.endpoint();
        }
    }

    @Configuration(proxyBeanMethods = false)
    @EnableWebMvc
    @EnableHookguard
    static class Misnamed {
        @Bean
        IdempotencyStore store() {
            return new InMemoryStore();
        }

        @Bean
        MisnamedHooks hooks() {
            return new MisnamedHooks();
        }
    }

    @RestController
    static class MisnamedHooks {
        @PostMapping("/hooks/x")
        @IdempotentWebhook("nowhere")
        String x() {
            return "never";
        }
    }

    @Configuration(proxyBeanMethods = false)
    @EnableWebMvc
    @EnableHookguard
    static class Transactional {
        @Bean
        IdempotencyStore store() {
            return new InMemoryStore();
        }

        @Bean
        EndpointConfig github() {
            return EndpointConfig.custom("gh")
                    .scheme(Scheme.GITHUB, SignatureConfig.of(SECRET))
                    .build();
        }
    }

    @RestController
    static class AsynchronousTransactionalHooks {
        @PostMapping("/hooks/gh")
        @IdempotentWebhook(value = "gh", transactional = true)
        Callable<String> github() {
            return () -> "later";
        }
    }

    @RestController
    static class TransactionalHooks {
        @PostMapping("/hooks/gh")
        @IdempotentWebhook(value = "gh", transactional = true)
        String github() {
            return "now";
        }
    }

    @BeforeEach
    void start() {
        context = context(App.class, Map.of());
        context.refresh();
    }

    @AfterEach
    void stop() {
        context.close();
    }

    private static AnnotationConfigWebApplicationContext context(Class<?> app, Map<String, Object> properties) {
        AnnotationConfigWebApplicationContext context = new AnnotationConfigWebApplicationContext();
        context.setServletContext(new MockServletContext());
        context.getEnvironment().getPropertySources().addFirst(new MapPropertySource("test", properties));
        context.register(app);
        return context;
    }

    private MockMvc guarded() {
        return MockMvcBuilders.webAppContextSetup(context)
                .addFilters(context.getBean("hookguardFilter", Filter.class))
                .build();
    }

    private static MockHttpServletRequestBuilder signed(String id, String body) {
        Headers headers =
                WebhookSigner.of(Scheme.GITHUB, SECRET).sign(id, Instant.now(), body.getBytes(StandardCharsets.UTF_8));
        MockHttpServletRequestBuilder request =
                post("/hooks/gh").servletPath("/hooks/gh").content(body).contentType("application/json");
        headers.values().forEach((name, values) -> values.forEach(value -> request.header(name, value)));
        return request;
    }

    @Test
    void shouldVerifyDeduplicateAndResolveTheEventIdWithoutSpringBoot() throws Exception {
        MockMvc mvc = guarded();
        String id = UUID.randomUUID().toString();

        MockHttpServletResponse first =
                mvc.perform(signed(id, "{\"n\":1}")).andReturn().getResponse();
        MockHttpServletResponse second =
                mvc.perform(signed(id, "{\"n\":1}")).andReturn().getResponse();

        assertThat(first.getStatus()).isEqualTo(200);
        assertThat(first.getContentAsString()).isEqualTo("run 1 of " + id + " at gh");
        assertThat(second.getStatus()).isEqualTo(200);
        assertThat(second.getContentAsString()).isEqualTo(first.getContentAsString());
        assertThat(second.getHeader("Idempotent-Replayed")).isEqualTo("true");
        assertThat(context.getBean(Hooks.class).runs).hasValue(1);
        assertThat(context.getBean(IdempotencyStore.class).find(EventKey.of("gh", id)))
                .hasValueSatisfying(record -> assertThat(record.status()).isEqualTo(RecordStatus.SUCCEEDED));
    }

    @Test
    void shouldRefuseAnUnsignedDeliveryBeforeTheHandler() throws Exception {
        MockHttpServletResponse response = guarded()
                .perform(post("/hooks/gh").servletPath("/hooks/gh").content("{}"))
                .andReturn()
                .getResponse();

        assertThat(response.getStatus()).isEqualTo(401);
        assertThat(context.getBean(Hooks.class).runs).hasValue(0);
    }

    @Test
    void shouldGuardThePathOfTheAnnotatedHandler() {
        assertThat(context.getBean(HookguardWebFilter.class).endpoints())
                .singleElement()
                .satisfies(endpoint -> assertThat(endpoint.path()).isEqualTo("/hooks/gh"));
    }

    @Test
    void shouldRefuseToRunAnAnnotatedHandlerForARequestTheFilterDidNotVerify() throws Exception {
        MockMvc withoutFilter = MockMvcBuilders.webAppContextSetup(context).build();

        MockHttpServletResponse response = withoutFilter
                .perform(signed(UUID.randomUUID().toString(), "{}"))
                .andReturn()
                .getResponse();

        assertThat(response.getStatus()).isEqualTo(500);
        assertThat(response.getContentAsString()).isEqualTo("The webhook endpoint is not guarded");
        assertThat(context.getBean(Hooks.class).runs).hasValue(0);
    }

    @Test
    void shouldFailStartUpForAnAnnotationNamingAnUndefinedEndpoint() {
        AnnotationConfigWebApplicationContext misnamed = context(Misnamed.class, Map.of());

        assertThatThrownBy(misnamed::refresh)
                .isInstanceOf(HookguardConfigurationException.class)
                .hasMessageContaining("@IdempotentWebhook(\"nowhere\") on " + MisnamedHooks.class.getName() + "#x")
                .hasMessageContaining("names endpoint 'nowhere', which is not defined");
    }

    @Test
    void shouldFailStartUpForATransactionalHandlerThatAnswersAsynchronously() {
        AnnotationConfigWebApplicationContext asynchronous = context(Transactional.class, Map.of());
        asynchronous.register(AsynchronousTransactionalHooks.class);

        assertThatThrownBy(asynchronous::refresh)
                .isInstanceOf(HookguardConfigurationException.class)
                .hasMessageContaining(AsynchronousTransactionalHooks.class.getName() + "#github returns Callable");
    }

    @Test
    void shouldFailStartUpForATransactionalHandlerWithoutTheJdbcStore() {
        AnnotationConfigWebApplicationContext transactional = context(Transactional.class, Map.of());
        transactional.register(TransactionalHooks.class);

        assertThatThrownBy(transactional::refresh)
                .isInstanceOf(HookguardConfigurationException.class)
                .hasMessageContaining("needs the JDBC store and a transaction manager")
                .hasMessageContaining("there is no TransactionalWebhooks bean");
    }

    @Test
    void shouldFailStartUpWhenEnableHookguardMeetsHookguardEnabledFalse() {
        AnnotationConfigWebApplicationContext disabled = context(App.class, Map.of("hookguard.enabled", "false"));

        assertThatThrownBy(disabled::refresh)
                .hasRootCauseInstanceOf(HookguardConfigurationException.class)
                .rootCause()
                .hasMessage("@EnableHookguard is present, but hookguard.enabled is false");
    }
}
