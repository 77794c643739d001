package dev.hookguard.spring.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hookguard.core.memory.InMemoryStore;
import dev.hookguard.servlet.DeliveryMetrics;
import dev.hookguard.servlet.EndpointConfig;
import dev.hookguard.servlet.HookguardFilterConfig;
import dev.hookguard.servlet.internal.config.InitParams;
import dev.hookguard.spring.internal.autoconfigure.HookguardAutoConfiguration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;
import org.springframework.mock.web.MockFilterConfig;

/**
 * The servlet filter's init-params and Spring's {@code hookguard.*} properties are one settings model: the same
 * names (Spring's with {@code hookguard.}) and values give equal configurations of the filter, every endpoint and the
 * dispatcher. Records are compared with their {@code equals} where they have one (policy, recovery with backoff,
 * dispatcher, hardening, the filter's own values); the verifier, signer and event-id extractor, which are functions,
 * are compared by what they are (class, scheme) rather than by identity.
 */
class SettingsParityTest {

    private static final Map<String, String> SETTINGS = settings();

    private static Map<String, String> settings() {
        Map<String, String> values = new LinkedHashMap<>();
        values.put("in-progress-status", "503");
        values.put("dead-status", "200");
        values.put("fail-open", "true");
        values.put("unavailable-retry-after", "7s");
        values.put("store-timeout", "700ms");
        values.put("max-body-bytes", "2KB");
        values.put("policy.lease", "45s");
        values.put("policy.retention", "3d");
        values.put("policy.dead-retention", "60d");
        values.put("policy.max-attempts", "6");
        values.put("policy.response-body-cap", "1KB");
        values.put("hardening.methods", "POST,PUT");
        values.put("hardening.min-body-rate", "512");
        values.put("hardening.body-grace", "2s");
        values.put("hardening.stored-header-deny-list", "X-Internal,*session*");
        values.put("dispatcher.enabled", "false");
        values.put("dispatcher.workers", "2");
        values.put("dispatcher.max-in-flight", "3");
        values.put("dispatcher.batch-size", "5");
        values.put("dispatcher.window", "1m");
        values.put("dispatcher.min-poll-interval", "50ms");
        values.put("dispatcher.max-poll-interval", "2s");
        values.put("dispatcher.shutdown-grace", "10s");
        values.put("dispatcher.request-timeout", "20s");
        values.put("dispatcher.sweep-interval", "30s");
        values.put("dispatcher.base-url", "http://10.0.0.5:8080");
        values.put("dispatcher.signing", "dispatch-key");
        values.put("dispatcher.dispatch-keys", "dispatch-key-one-0123456789abcdef0123");
        values.put("dispatcher.dispatch-tolerance", "2m");
        values.put(
                "archive.directory",
                java.nio.file.Path.of(System.getProperty("java.io.tmpdir"), "hookguard-parity-archive")
                        .toString());
        values.put("archive.after", "2h");
        values.put("archive.interval", "30s");
        values.put("endpoints.gh.path", "/webhooks/github");
        values.put("endpoints.gh.scheme", "github");
        values.put("endpoints.gh.secrets", "github-secret-one-0001,github-secret-two-0002");
        values.put("endpoints.gh.tolerance", "100s");
        values.put("endpoints.gh.max-body-bytes", "4096");
        values.put("endpoints.gh.fail-open", "false");
        values.put("endpoints.gh.schema", "classpath:schemas/paid.json");
        values.put("endpoints.gh.policy.lease", "20s");
        values.put("endpoints.gh.policy.max-attempts", "4");
        values.put("endpoints.gh.policy.response-body-cap", "2KB");
        values.put("endpoints.gh.event-id.sources", "header:X-GitHub-Delivery,json-pointer:/id");
        values.put("endpoints.gh.event-id.body-hash-key", "true");
        values.put("endpoints.gh.intake", "async");
        values.put("endpoints.gh.retries", "both");
        values.put("endpoints.gh.backoff.base", "500ms");
        values.put("endpoints.gh.backoff.cap", "2m");
        values.put("endpoints.gh.stalled-after", "30m");
        values.put("endpoints.gh.queue-limit", "50");
        values.put("endpoints.gh.dispatch-signing", "scheme");
        values.put("endpoints.sq.path", "/webhooks/square");
        values.put("endpoints.sq.scheme", "square");
        values.put("endpoints.sq.secrets", "square-secret-one-0001");
        values.put("endpoints.sq.public-url", "https://hooks.example.com");
        values.put("endpoints.custom.path", "/webhooks/custom/*");
        values.put("endpoints.custom.scheme", "generic");
        values.put("endpoints.custom.secrets", "generic-secret-one-0001");
        values.put("endpoints.custom.generic.signature-header", "X-Sig");
        values.put("endpoints.custom.generic.prefix", "sha256=");
        values.put("endpoints.custom.generic.encoding", "base64");
        values.put("endpoints.custom.generic.algorithm", "hmac-sha512");
        values.put("endpoints.custom.generic.template", "{timestamp}.{body}");
        values.put("endpoints.custom.generic.timestamp-header", "X-Time");
        values.put("endpoints.custom.generic.id-source", "header:X-Id");
        return values;
    }

    @Test
    void shouldBuildTheSameFilterEndpointsAndDispatcherFromInitParamsAndProperties() {
        HookguardFilterConfig fromInitParams = fromInitParams(SETTINGS);
        HookguardFilterConfig fromProperties = fromProperties(SETTINGS);

        assertThat(fromProperties.inProgressStatus()).isEqualTo(fromInitParams.inProgressStatus());
        assertThat(fromProperties.deadStatus()).isEqualTo(fromInitParams.deadStatus());
        assertThat(fromProperties.failOpen()).isEqualTo(fromInitParams.failOpen());
        assertThat(fromProperties.unavailableRetryAfter()).isEqualTo(fromInitParams.unavailableRetryAfter());
        assertThat(fromProperties.storeTimeout()).isEqualTo(fromInitParams.storeTimeout());
        assertThat(fromProperties.hardening()).isEqualTo(fromInitParams.hardening());
        assertThat(fromProperties.dispatcher()).isEqualTo(fromInitParams.dispatcher());
        assertThat(fromProperties.dispatcher().workers()).isEqualTo(2);
        assertThat(fromProperties.archive()).isEqualTo(fromInitParams.archive());
        assertThat(fromProperties.archive().after()).isEqualTo(java.time.Duration.ofHours(2));
        assertThat(fromProperties.endpoints()).hasSize(3);
        for (EndpointConfig servlet : fromInitParams.endpoints()) {
            EndpointConfig spring = fromProperties.endpoints().stream()
                    .filter(e -> e.name().equals(servlet.name()))
                    .findFirst()
                    .orElseThrow();
            assertThat(spring.path()).isEqualTo(servlet.path());
            assertThat(spring.policy()).isEqualTo(servlet.policy());
            assertThat(spring.maxBodyBytes()).isEqualTo(servlet.maxBodyBytes());
            assertThat(spring.failOpen()).isEqualTo(servlet.failOpen());
            assertThat(spring.scheme()).isEqualTo(servlet.scheme());
            assertThat(spring.recovery()).isEqualTo(servlet.recovery());
            assertThat(spring.verifier().getClass())
                    .isEqualTo(servlet.verifier().getClass());
            assertThat(spring.signer() == null).isEqualTo(servlet.signer() == null);
            assertThat(spring.eventIds().getClass())
                    .isEqualTo(servlet.eventIds().getClass());
        }
        EndpointConfig gh = fromProperties.endpoints().stream()
                .filter(e -> e.name().equals("gh"))
                .findFirst()
                .orElseThrow();
        assertThat(gh.policy().maxAttempts()).isEqualTo(4);
        assertThat(gh.recovery().backoff().attempts()).isEqualTo(4);
        assertThat(gh.schema()).isNotNull();
        assertThat(gh.failOpen()).isFalse();
    }

    @Test
    void shouldTakeTheSameDefaultsFromBothWhenNothingIsSet() {
        Map<String, String> minimal = Map.of(
                "endpoints.gh.path",
                "/gh",
                "endpoints.gh.scheme",
                "github",
                "endpoints.gh.secrets",
                "0123456789abcdef");

        HookguardFilterConfig fromInitParams = fromInitParams(minimal);
        HookguardFilterConfig fromProperties = fromProperties(minimal);

        assertThat(fromProperties.dispatcher()).isEqualTo(fromInitParams.dispatcher());
        assertThat(fromProperties.hardening()).isEqualTo(fromInitParams.hardening());
        assertThat(fromProperties.storeTimeout()).isEqualTo(HookguardFilterConfig.DEFAULT_STORE_TIMEOUT);
        assertThat(fromProperties.endpoints().get(0).policy())
                .isEqualTo(fromInitParams.endpoints().get(0).policy());
        assertThat(fromProperties.endpoints().get(0).recovery())
                .isEqualTo(fromInitParams.endpoints().get(0).recovery());
    }

    private static HookguardFilterConfig fromInitParams(Map<String, String> settings) {
        Map<String, String> params = new LinkedHashMap<>(settings);
        params.put("store", "memory");
        params.put("metrics", "none");
        MockFilterConfig filter = new MockFilterConfig("hookguard"); // the init-params, as a container hands them over
        params.forEach(filter::addInitParameter);
        return InitParams.read(filter);
    }

    private static HookguardFilterConfig fromProperties(Map<String, String> settings) {
        Map<String, String> values = new LinkedHashMap<>();
        settings.forEach((name, value) -> values.put("hookguard." + name, value));
        HookguardProperties properties = new Binder(new MapConfigurationPropertySource(values))
                .bind("hookguard", HookguardProperties.class)
                .orElseGet(HookguardProperties::new);
        HookguardFilterConfig.Builder builder =
                HookguardFilterConfig.custom().store(new InMemoryStore()).metrics(DeliveryMetrics.none());
        properties.applyTo(builder, "hookguard.");
        List<EndpointConfig> endpoints =
                HookguardAutoConfiguration.endpoints(properties).endpoints();
        for (EndpointConfig endpoint : endpoints) {
            builder.endpoint(endpoint);
        }
        return builder.build();
    }
}
