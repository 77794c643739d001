package dev.hookguard.servlet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import dev.hookguard.core.ErrorClass;
import dev.hookguard.core.executor.ErrorClassifier;
import dev.hookguard.core.memory.InMemoryStore;
import dev.hookguard.core.signature.Scheme;
import dev.hookguard.core.signature.SignatureConfig;
import dev.hookguard.servlet.internal.config.HeaderDenyList;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

public class HookguardFilterConfigTest {

    public static EndpointConfig endpoint(String name, String path) {
        return EndpointConfig.custom(name)
                .path(path)
                .scheme(Scheme.GITHUB, SignatureConfig.of("github-webhook-secret"))
                .build();
    }

    static HookguardFilterConfig.Builder valid() {
        return HookguardFilterConfig.custom().store(new InMemoryStore()).endpoint(endpoint("github", "/gh"));
    }

    @Test
    void shouldStartFromTheDocumentedDefaults() {
        HookguardFilterConfig config = valid().build();

        assertThat(config.inProgressStatus()).isEqualTo(409);
        assertThat(config.deadStatus()).isEqualTo(202);
        assertThat(config.failOpen()).isFalse();
        assertThat(config.unavailableRetryAfter()).isEqualTo(Duration.ofSeconds(5));
        assertThat(config.endpoints().get(0).maxBodyBytes()).isEqualTo(1024 * 1024);
        assertThat(config.errorClassifier()).isSameAs(ErrorClassifier.defaults());
        assertThat(config.hardening()).isEqualTo(Hardening.ofDefaults());
        assertThat(config.hardening().methods()).containsExactlyInAnyOrder("POST", "PUT", "PATCH");
    }

    @Test
    void shouldDenyCredentialLikeHeadersFromTheStoredPayloadByDefault() {
        HeaderDenyList denied = new HeaderDenyList(Hardening.DEFAULT_STORED_HEADER_DENY_LIST);

        assertThat(List.of(
                        "Authorization",
                        "proxy-authorization",
                        "COOKIE",
                        "X-Api-Key",
                        "X-Auth-Token",
                        "x-client-secret",
                        "X-Password",
                        "Partner-Api-Key"))
                .allMatch(denied::denies);
        assertThat(List.of("Content-Type", "webhook-id", "webhook-signature", "Stripe-Signature", "X-GitHub-Delivery"))
                .noneMatch(denied::denies);
    }

    @Test
    void shouldCopyEveryFieldWithFrom() {
        HookguardFilterConfig config = valid().inProgressStatus(503)
                .deadStatus(200)
                .failOpen(true)
                .hardening(Hardening.custom().minBodyRate(10).build())
                .errorClassifier(ErrorClassifier.custom()
                        .exception(IllegalStateException.class, ErrorClass.SCHEMA)
                        .build())
                .build();

        assertThat(HookguardFilterConfig.from(config).build()).isEqualTo(config);
    }

    @Test
    void shouldNameTheFieldAndValueOfABadSetting() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> valid().inProgressStatus(410).build())
                .withMessage("inProgressStatus must be 409, 429 or 503 but was 410");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> valid().deadStatus(410).build())
                .withMessage("deadStatus must be a 2xx but was 410");
        assertThatIllegalArgumentException()
                .isThrownBy(() ->
                        valid().unavailableRetryAfter(Duration.ofMillis(10)).build())
                .withMessage("unavailableRetryAfter must be at least 1 s but was PT0.01S");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> HookguardFilterConfig.custom()
                        .store(new InMemoryStore())
                        .build())
                .withMessageStartingWith("endpoints must hold at least one endpoint");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> HookguardFilterConfig.custom()
                        .endpoint(endpoint("a", "/a"))
                        .build())
                .withMessage("store must be set");
    }

    @Test
    void shouldRefuseTwoEndpointsWithOneNameOrOnePath() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> valid().endpoint(endpoint("github", "/other")).build())
                .withMessageContaining("'github' appears twice");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> valid().endpoint(endpoint("other", "/gh")).build())
                .withMessageContaining("'/gh' appears twice");
    }

    @Test
    void shouldRefuseAnEndpointWithoutAPathThatOnlyTheSpringAdapterCompletes() {
        EndpointConfig pathless = EndpointConfig.custom("partner")
                .scheme(Scheme.GITHUB, SignatureConfig.of("github-webhook-secret"))
                .build();

        assertThat(pathless.path()).isNull();
        assertThatIllegalArgumentException()
                .isThrownBy(() -> valid().endpoint(pathless).build())
                .withMessageStartingWith("endpoints must each have a path but 'partner' has none");
    }

    @Test
    void shouldRefuseAnEndpointNameThatCannotBeAKeyOrATag() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> endpoint("git hub", "/gh"))
                .withMessage("name must be 1 to 64 of A-Z a-z 0-9 . _ - but was 'git hub'");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> endpoint("a:b", "/gh"))
                .withMessageContaining("'a:b'");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> EndpointConfig.custom("x").path("/x").build())
                .withMessage("verifier of endpoint 'x' must be set");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> EndpointConfig.from(endpoint("x", "/x"))
                        .maxBodyBytes(-1)
                        .build())
                .withMessage("maxBodyBytes must not be negative but was -1");
    }
}
