package dev.hookguard.servlet.internal.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import dev.hookguard.servlet.Backoff;
import dev.hookguard.servlet.DeliveryMetrics;
import dev.hookguard.servlet.DispatcherConfig;
import dev.hookguard.servlet.EndpointConfig;
import dev.hookguard.servlet.HookguardFilterConfig;
import dev.hookguard.servlet.Intake;
import dev.hookguard.servlet.RecoveryConfig;
import dev.hookguard.servlet.RecoveryConfig.DispatchSigning;
import dev.hookguard.servlet.Retries;
import jakarta.servlet.FilterConfig;
import jakarta.servlet.ServletContext;
import java.time.Duration;
import java.util.Collections;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class InitParamsTest {

    /** The init-params of a filter, as a container hands them over. */
    record Params(Map<String, String> values) implements FilterConfig {
        @Override
        public String getFilterName() {
            return "hookguard";
        }

        @Override
        public ServletContext getServletContext() {
            throw new UnsupportedOperationException("store=memory needs no ServletContext");
        }

        @Override
        public String getInitParameter(String name) {
            return values.get(name);
        }

        @Override
        public Enumeration<String> getInitParameterNames() {
            return Collections.enumeration(values.keySet());
        }
    }

    static Map<String, String> minimal() {
        Map<String, String> params = new LinkedHashMap<>();
        params.put("store", "memory");
        params.put("endpoints.github.path", "/webhooks/github/*");
        params.put("endpoints.github.scheme", "github");
        params.put("endpoints.github.secrets", "github-secret-one-0001,github-secret-two-0002");
        return params;
    }

    @Test
    void shouldReadEveryParameterUnderItsBuilderName() {
        Map<String, String> params = minimal();
        params.put("in-progress-status", "503");
        params.put("dead-status", "200");
        params.put("fail-open", "true");
        params.put("unavailable-retry-after", "PT7S");
        params.put("metrics", "none");
        params.put("endpoints.github.policy.lease", "45s");
        params.put("endpoints.github.policy.retention", "3d");
        params.put("endpoints.github.policy.dead-retention", "60d");
        params.put("endpoints.github.policy.max-attempts", "8");
        params.put("endpoints.github.policy.response-body-cap", "1024");
        params.put("endpoints.github.max-body-bytes", "2048");
        params.put("hardening.methods", "POST");
        params.put("hardening.min-body-rate", "512");
        params.put("hardening.body-grace", "2s");
        params.put("hardening.stored-header-deny-list", "X-Internal,*session*");

        HookguardFilterConfig config = InitParams.read(new Params(params));

        assertThat(config.inProgressStatus()).isEqualTo(503);
        assertThat(config.deadStatus()).isEqualTo(200);
        assertThat(config.failOpen()).isTrue();
        assertThat(config.unavailableRetryAfter()).isEqualTo(Duration.ofSeconds(7));
        assertThat(config.metrics()).isSameAs(DeliveryMetrics.none());
        assertThat(config.hardening().methods()).containsExactly("POST");
        assertThat(config.hardening().minBodyRate()).isEqualTo(512);
        assertThat(config.hardening().bodyGrace()).isEqualTo(Duration.ofSeconds(2));
        assertThat(config.hardening().storedHeaderDenyList()).containsExactly("X-Internal", "*session*");
        EndpointConfig endpoint = config.endpoints().get(0);
        assertThat(endpoint.name()).isEqualTo("github");
        assertThat(endpoint.path()).isEqualTo("/webhooks/github/*");
        assertThat(endpoint.maxBodyBytes()).isEqualTo(2048);
        assertThat(endpoint.policy().lease()).isEqualTo(Duration.ofSeconds(45));
        assertThat(endpoint.policy().retention()).isEqualTo(Duration.ofDays(3));
        assertThat(endpoint.policy().deadRetention()).isEqualTo(Duration.ofDays(60));
        assertThat(endpoint.policy().maxAttempts()).isEqualTo(8);
        assertThat(endpoint.policy().responseBodyCap()).isEqualTo(1024);
    }

    @Test
    void shouldNameTheParameterOfASecretThatIsNotASecret() {
        Map<String, String> placeholder = minimal();
        placeholder.put("endpoints.github.secrets", "${GITHUB_WEBHOOK_SECRET}");
        Map<String, String> shortSecret = minimal();
        shortSecret.put("endpoints.github.secrets", "github-secret-one-0001,short");
        Map<String, String> scheme = minimal();
        scheme.put("endpoints.github.scheme", "paypal");

        assertThatIllegalArgumentException()
                .isThrownBy(() -> InitParams.read(new Params(placeholder)))
                .withMessageStartingWith("endpoints.github.secrets[0] holds an unresolved placeholder");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> InitParams.read(new Params(shortSecret)))
                .withMessageStartingWith("endpoints.github.secrets[1] is too short: 5 bytes of key, at least 16");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> InitParams.read(new Params(scheme)))
                .withMessageStartingWith("endpoints.github.scheme must be one of")
                .withMessageEndingWith("but was 'paypal'");
    }

    @Test
    void shouldRefuseAnUnknownParameterRatherThanIgnoreIt() {
        Map<String, String> params = minimal();
        params.put("endpoints.github.policy.leese", "10s");

        assertThatIllegalArgumentException()
                .isThrownBy(() -> InitParams.read(new Params(params)))
                .withMessageStartingWith("init-param 'endpoints.github.policy.leese' is unknown");
    }

    @Test
    void shouldNameAMissingOrBadParameter() {
        Map<String, String> missing = minimal();
        missing.remove("endpoints.github.secrets");
        Map<String, String> bad = minimal();
        bad.put("endpoints.github.policy.lease", "soon");

        assertThatIllegalArgumentException()
                .isThrownBy(() -> InitParams.read(new Params(missing)))
                .withMessage("init-param 'endpoints.github.secrets' must be set");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> InitParams.read(new Params(bad)))
                .withMessage("endpoints.github.policy.lease must be a duration such as PT30S or 30s but was 'soon'");
    }

    @Test
    void shouldNameTheParameterOfAMissingPathThatOnlySpringTakesFromHandlers() {
        Map<String, String> pathless = minimal();
        pathless.remove("endpoints.github.path");

        assertThatIllegalArgumentException()
                .isThrownBy(() -> InitParams.read(new Params(pathless)))
                .withMessage("init-param 'endpoints.github.path' must be set");
    }

    @Test
    void shouldParseShortDurations() {
        assertThat(InitParams.duration("x", "500ms")).isEqualTo(Duration.ofMillis(500));
        assertThat(InitParams.duration("x", "5m")).isEqualTo(Duration.ofMinutes(5));
        assertThat(InitParams.duration("x", "2h")).isEqualTo(Duration.ofHours(2));
        assertThat(InitParams.duration("x", "PT1M30S")).isEqualTo(Duration.ofSeconds(90));
    }

    @Test
    void shouldReadTheRecoveryAndDispatcherParameters() {
        Map<String, String> params = minimal();
        params.put("endpoints.github.intake", "async");
        params.put("endpoints.github.retries", "both");
        params.put("endpoints.github.backoff.base", "500ms");
        params.put("endpoints.github.backoff.cap", "2m");
        params.put("endpoints.github.policy.max-attempts", "7");
        params.put("endpoints.github.stalled-after", "30m");
        params.put("endpoints.github.queue-limit", "50");
        params.put("endpoints.github.dispatch-signing", "dispatch-key");
        params.put("dispatcher.enabled", "true");
        params.put("dispatcher.workers", "2");
        params.put("dispatcher.max-in-flight", "3");
        params.put("dispatcher.batch-size", "5");
        params.put("dispatcher.window", "1m");
        params.put("dispatcher.min-poll-interval", "50ms");
        params.put("dispatcher.max-poll-interval", "2s");
        params.put("dispatcher.shutdown-grace", "10s");
        params.put("dispatcher.request-timeout", "20s");
        params.put("dispatcher.sweep-interval", "30s");
        params.put("dispatcher.base-url", "http://[::1]:8080");
        params.put("dispatcher.signing", "scheme");
        params.put(
                "dispatcher.dispatch-keys",
                "dispatch-key-one-0123456789abcdef0123,dispatch-key-two-0123456789abcdef0123");
        params.put("dispatcher.dispatch-tolerance", "2m");

        HookguardFilterConfig config = InitParams.read(new Params(params));

        RecoveryConfig recovery = config.endpoints().get(0).recovery();
        assertThat(recovery.intake()).isEqualTo(Intake.ASYNC);
        assertThat(recovery.retries()).isEqualTo(Retries.BOTH);
        assertThat(recovery.backoff()).isEqualTo(new Backoff(Duration.ofMillis(500), Duration.ofMinutes(2), 7));
        assertThat(config.endpoints().get(0).policy().maxAttempts()).isEqualTo(7);
        assertThat(recovery.stalledAfter()).isEqualTo(Duration.ofMinutes(30));
        assertThat(recovery.queueLimit()).isEqualTo(50);
        assertThat(recovery.signing()).isEqualTo(DispatchSigning.DISPATCH_KEY);
        DispatcherConfig dispatcher = config.dispatcher();
        assertThat(dispatcher.workers()).isEqualTo(2);
        assertThat(dispatcher.maxInFlight()).isEqualTo(3);
        assertThat(dispatcher.batchSize()).isEqualTo(5);
        assertThat(dispatcher.window()).isEqualTo(Duration.ofMinutes(1));
        assertThat(dispatcher.minPollInterval()).isEqualTo(Duration.ofMillis(50));
        assertThat(dispatcher.maxPollInterval()).isEqualTo(Duration.ofSeconds(2));
        assertThat(dispatcher.shutdownGrace()).isEqualTo(Duration.ofSeconds(10));
        assertThat(dispatcher.requestTimeout()).isEqualTo(Duration.ofSeconds(20));
        assertThat(dispatcher.sweepInterval()).isEqualTo(Duration.ofSeconds(30));
        assertThat(dispatcher.baseUrl()).hasToString("http://[::1]:8080");
        assertThat(dispatcher.signing()).isEqualTo(DispatchSigning.SCHEME);
        assertThat(dispatcher.dispatchKeys()).hasSize(2);
        assertThat(dispatcher.dispatchTolerance()).isEqualTo(Duration.ofMinutes(2));
    }

    @Test
    void shouldTakeMaxAttemptsAsTheBackoffsAttemptsAndRefuseAnUnknownIntake() {
        Map<String, String> params = minimal();
        params.put("endpoints.github.policy.max-attempts", "4");
        assertThat(InitParams.read(new Params(params))
                        .endpoints()
                        .get(0)
                        .recovery()
                        .backoff()
                        .attempts())
                .isEqualTo(4);

        params.put("endpoints.github.intake", "later");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> InitParams.read(new Params(params)))
                .withMessageContaining("endpoints.github.intake must be one of [sync, async] but was 'later'");
    }

    @Test
    void shouldReadTheEndpointsDispatchControlsAndNameABadOne() {
        Map<String, String> params = minimal();
        params.put("endpoints.github.dispatch.rate", "6000/min");
        params.put("endpoints.github.dispatch.nodes", "3");
        params.put("endpoints.github.dispatch.breaker.enabled", "true");
        params.put("endpoints.github.dispatch.breaker.failure-rate", "40");
        params.put("endpoints.github.dispatch.breaker.minimum-calls", "5");
        params.put("endpoints.github.dispatch.breaker.window", "30s");
        params.put("endpoints.github.dispatch.breaker.wait-in-open", "10s");
        params.put("endpoints.github.dispatch.breaker.probes", "2");

        RecoveryConfig.Dispatch dispatch = InitParams.read(new Params(params))
                .endpoints()
                .get(0)
                .recovery()
                .dispatch();

        assertThat(dispatch.rate()).isEqualTo(new RecoveryConfig.Rate(6000, Duration.ofMinutes(1)));
        assertThat(dispatch.rate().perSecond()).isEqualTo(100.0);
        assertThat(dispatch.nodes()).isEqualTo(3);
        assertThat(dispatch.breaker())
                .isEqualTo(new RecoveryConfig.Breaker(true, 40, 5, Duration.ofSeconds(30), Duration.ofSeconds(10), 2));

        params.put("endpoints.github.dispatch.rate", "fast");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> InitParams.read(new Params(params)))
                .withMessageContaining("endpoints.github.dispatch.rate must be a count per second or minute")
                .withMessageContaining("'fast'");
        params.put("endpoints.github.dispatch.rate", "50/s");
        params.put("endpoints.github.dispatch.breaker.probes", "0");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> InitParams.read(new Params(params)))
                .withMessageContaining("endpoints.github.dispatch.breaker.probes must be at least 1 but was 0");
    }

    @Test
    void shouldKeepTheDispatchControlsOffByDefault() {
        RecoveryConfig.Dispatch dispatch = InitParams.read(new Params(minimal()))
                .endpoints()
                .get(0)
                .recovery()
                .dispatch();

        assertThat(dispatch).isEqualTo(RecoveryConfig.Dispatch.ofDefaults());
        assertThat(dispatch.rate()).isNull();
        assertThat(dispatch.breaker().enabled()).isFalse();
    }
}
