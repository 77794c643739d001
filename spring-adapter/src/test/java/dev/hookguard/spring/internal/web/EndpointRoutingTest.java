package dev.hookguard.spring.internal.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.hookguard.core.signature.Scheme;
import dev.hookguard.core.signature.SignatureConfig;
import dev.hookguard.servlet.EndpointConfig;
import dev.hookguard.spring.HookguardConfigurationException;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.context.support.StaticApplicationContext;

class EndpointRoutingTest {

    private static EndpointConfig endpoint(String name, String path) {
        return EndpointConfig.custom(name)
                .path(path)
                .scheme(Scheme.GITHUB, SignatureConfig.of("github-webhook-secret"))
                .build();
    }

    private static EndpointDefinitions definitions(EndpointConfig... endpoints) {
        StaticApplicationContext context = new StaticApplicationContext();
        context.getBeanFactory()
                .registerSingleton(
                        "hookguardPropertyEndpoints", new EndpointGroup("hookguard.endpoints", List.of(endpoints)));
        context.refresh();
        return EndpointDefinitions.collect(context);
    }

    private static WebhookRoute route(String endpoint, String mapping) {
        return new WebhookRoute(endpoint, mapping, false, "Hooks#" + endpoint);
    }

    @Test
    void shouldTakeThePathFromTheAnnotatedHandlersMapping() {
        List<EndpointRouting.Routed> routed =
                EndpointRouting.resolve(definitions(endpoint("gh", null)), List.of(route("gh", "/hooks/gh")));

        assertThat(routed).singleElement().satisfies(r -> {
            assertThat(r.config().path()).isEqualTo("/hooks/gh");
            assertThat(r.transactional()).isFalse();
        });
    }

    @Test
    void shouldAcceptSeveralHandlersOfOneEndpointOnOnePath() {
        List<EndpointRouting.Routed> routed = EndpointRouting.resolve(
                definitions(endpoint("gh", null)), List.of(route("gh", "/hooks/gh"), route("gh", "/hooks/gh")));

        assertThat(routed)
                .singleElement()
                .satisfies(r -> assertThat(r.config().path()).isEqualTo("/hooks/gh"));
    }

    @Test
    void shouldKeepAConfiguredPathThatCoversTheHandlers() {
        List<EndpointRouting.Routed> routed = EndpointRouting.resolve(
                definitions(endpoint("gh", "/hooks/*")), List.of(route("gh", "/hooks/{tenant}/gh")));

        assertThat(routed)
                .singleElement()
                .satisfies(r -> assertThat(r.config().path()).isEqualTo("/hooks/*"));
    }

    @Test
    void shouldGuardAConfiguredPathWithoutAnyHandler() {
        List<EndpointRouting.Routed> routed = EndpointRouting.resolve(definitions(endpoint("gh", "/raw")), List.of());

        assertThat(routed)
                .singleElement()
                .satisfies(r -> assertThat(r.config().path()).isEqualTo("/raw"));
    }

    @Test
    void shouldFailForAnAnnotationNamingAnUndefinedEndpoint() {
        assertThatThrownBy(() -> EndpointRouting.resolve(
                        definitions(endpoint("gh", null)), List.of(route("gh", "/gh"), route("stripe", "/stripe"))))
                .isInstanceOf(HookguardConfigurationException.class)
                .hasMessageContaining("@IdempotentWebhook(\"stripe\") on Hooks#stripe")
                .hasMessageContaining("not defined (defined: [gh])")
                .extracting(e -> ((HookguardConfigurationException) e).action())
                .asString()
                .contains("hookguard.endpoints.stripe.scheme");
    }

    @Test
    void shouldFailForAnEndpointWithNeitherPathNorHandler() {
        assertThatThrownBy(() -> EndpointRouting.resolve(definitions(endpoint("gh", null)), List.of()))
                .isInstanceOf(HookguardConfigurationException.class)
                .hasMessageStartingWith("hookguard.endpoints.gh.path is not set, and no handler method is annotated");
    }

    @Test
    void shouldFailForAConfiguredPathThatDoesNotCoverAHandler() {
        assertThatThrownBy(() -> EndpointRouting.resolve(
                        definitions(endpoint("gh", "/hooks/gh")), List.of(route("gh", "/elsewhere"))))
                .isInstanceOf(HookguardConfigurationException.class)
                .hasMessage(
                        "hookguard.endpoints.gh.path is '/hooks/gh', which does not guard '/elsewhere' of Hooks#gh");
    }

    @Test
    void shouldFailForAMappingWithVariablesAndNoConfiguredPath() {
        assertThatThrownBy(() -> EndpointRouting.resolve(
                        definitions(endpoint("gh", null)), List.of(route("gh", "/hooks/{tenant}/gh"))))
                .isInstanceOf(HookguardConfigurationException.class)
                .hasMessageContaining("hookguard.endpoints.gh.path is not set")
                .hasMessageContaining("'/hooks/*'");
    }

    @Test
    void shouldFailForHandlersOfOneEndpointOnDifferentPaths() {
        assertThatThrownBy(() -> EndpointRouting.resolve(
                        definitions(endpoint("gh", null)), List.of(route("gh", "/a"), route("gh", "/b"))))
                .isInstanceOf(HookguardConfigurationException.class)
                .hasMessageContaining("map different paths [/a, /b]");
    }

    @Test
    void shouldFailForHandlersOfOneEndpointThatDisagreeOnTheTransactionalMode() {
        assertThatThrownBy(() -> EndpointRouting.resolve(
                        definitions(endpoint("gh", null)),
                        List.of(route("gh", "/a"), new WebhookRoute("gh", "/a", true, "Hooks#tx"))))
                .isInstanceOf(HookguardConfigurationException.class)
                .hasMessageContaining("disagree on @IdempotentWebhook(transactional)");
    }

    @Test
    void shouldFailForAnEndpointDefinedTwice() {
        StaticApplicationContext context = new StaticApplicationContext();
        context.getBeanFactory().registerSingleton("gh", endpoint("gh", "/a"));
        context.getBeanFactory()
                .registerSingleton(
                        "hookguardPropertyEndpoints",
                        new EndpointGroup("hookguard.endpoints", List.of(endpoint("gh", "/b"))));
        context.refresh();

        assertThatThrownBy(() -> EndpointDefinitions.collect(context))
                .isInstanceOf(HookguardConfigurationException.class)
                .hasMessage("Hookguard endpoint 'gh' is defined twice: by bean 'gh' and by hookguard.endpoints.gh");
    }
}
