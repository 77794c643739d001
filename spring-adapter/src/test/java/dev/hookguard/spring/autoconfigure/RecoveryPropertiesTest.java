package dev.hookguard.spring.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.jayway.jsonpath.JsonPath;
import dev.hookguard.servlet.Backoff;
import dev.hookguard.servlet.DispatcherConfig;
import dev.hookguard.servlet.EndpointConfig;
import dev.hookguard.servlet.HookguardFilterConfig;
import dev.hookguard.servlet.Intake;
import dev.hookguard.servlet.RecoveryConfig;
import dev.hookguard.servlet.RecoveryConfig.DispatchSigning;
import dev.hookguard.servlet.Retries;
import dev.hookguard.spring.HookguardConfigurationException;
import dev.hookguard.spring.internal.autoconfigure.HookguardAutoConfiguration;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

/** The recovery properties of an endpoint and of the dispatcher, mapped onto the filter's records, and their metadata. */
class RecoveryPropertiesTest {

    private static HookguardProperties bind(Map<String, String> values) {
        return new Binder(new MapConfigurationPropertySource(values))
                .bind("hookguard", HookguardProperties.class)
                .orElseGet(HookguardProperties::new);
    }

    private static EndpointConfig endpoint(String scheme, String secret, Map<String, String> more) {
        Map<String, String> values = new HashMap<>(more);
        values.put("hookguard.endpoints.hooks.scheme", scheme);
        values.put("hookguard.endpoints.hooks.secrets", secret);
        return HookguardAutoConfiguration.endpoints(bind(values)).endpoints().get(0);
    }

    /** The endpoint guarding {@code path}, as the adapter completes an endpoint whose path the handlers give. */
    private static EndpointConfig guarded(EndpointConfig endpoint, String path) {
        return EndpointConfig.from(endpoint).path(path).build();
    }

    @Test
    void shouldMapEveryEndpointRecoveryPropertyOntoTheFiltersConfiguration() {
        EndpointConfig endpoint = endpoint(
                "github",
                "0123456789abcdef-secret",
                Map.of(
                        "hookguard.endpoints.hooks.intake", "async",
                        "hookguard.endpoints.hooks.retries", "both",
                        "hookguard.endpoints.hooks.backoff.base", "2s",
                        "hookguard.endpoints.hooks.backoff.cap", "1m",
                        "hookguard.endpoints.hooks.policy.max-attempts", "7",
                        "hookguard.endpoints.hooks.stalled-after", "5m",
                        "hookguard.endpoints.hooks.queue-limit", "50",
                        "hookguard.endpoints.hooks.dispatch-signing", "dispatch-key"));

        EndpointConfig config = guarded(endpoint, "/webhooks/github");

        assertThat(config.recovery())
                .isEqualTo(new RecoveryConfig(
                        Intake.ASYNC,
                        Retries.BOTH,
                        new Backoff(Duration.ofSeconds(2), Duration.ofMinutes(1), 7),
                        Duration.ofMinutes(5),
                        50,
                        DispatchSigning.DISPATCH_KEY,
                        RecoveryConfig.Dispatch.ofDefaults()));
        assertThat(config.policy().maxAttempts()).isEqualTo(7);
        assertThat(config.signer())
                .as("GitHub's secret can sign its dispatches")
                .isNotNull();
    }

    @Test
    void shouldTakeTheSchemesRetriesAndTheDefaultsWhenUnset() {
        EndpointConfig github = guarded(endpoint("github", "0123456789abcdef-secret", Map.of()), "/gh");
        EndpointConfig stripe = guarded(endpoint("stripe", "whsec_0123456789abcdef", Map.of()), "/stripe");
        EndpointConfig twilio = guarded(endpoint("twilio", "0123456789abcdef-token", Map.of()), "/sms");

        assertThat(github.recovery().retries()).isEqualTo(Retries.RECEIVER);
        assertThat(github.recovery().intake()).isEqualTo(Intake.SYNC);
        assertThat(github.recovery().backoff())
                .isEqualTo(Backoff.custom().attempts(5).build());
        assertThat(github.recovery().stalledAfter()).isEqualTo(RecoveryConfig.DEFAULT_STALLED_AFTER);
        assertThat(github.recovery().queueLimit()).isEqualTo(RecoveryConfig.DEFAULT_QUEUE_LIMIT);
        assertThat(stripe.recovery().retries()).isEqualTo(Retries.SENDER);
        assertThat(twilio.signer())
                .as("Twilio signs the public URL, which the receiver cannot")
                .isNull();
        assertThat(twilio.recovery().retries()).isEqualTo(Retries.RECEIVER);
    }

    @Test
    void shouldTakeTheBackoffsAttemptsFromTheEndpointsMaxAttempts() {
        EndpointConfig fromPolicy = endpoint(
                "github", "0123456789abcdef-secret", Map.of("hookguard.endpoints.hooks.policy.max-attempts", "3"));

        assertThat(guarded(fromPolicy, "/gh").recovery().backoff().attempts()).isEqualTo(3);
    }

    @Test
    void shouldNameTheRecoveryPropertyOfABadValue() {
        assertThatThrownBy(() -> endpoint(
                        "github", "0123456789abcdef-secret", Map.of("hookguard.endpoints.hooks.backoff.cap", "1ms")))
                .isInstanceOf(HookguardConfigurationException.class)
                .hasMessageStartingWith("hookguard.endpoints.hooks.backoff.cap must be at least");
        assertThatThrownBy(() -> endpoint(
                        "github", "0123456789abcdef-secret", Map.of("hookguard.endpoints.hooks.queue-limit", "0")))
                .isInstanceOf(HookguardConfigurationException.class)
                .hasMessageStartingWith("hookguard.endpoints.hooks.queue-limit must be at least 1 but was 0");
        assertThatThrownBy(() -> endpoint(
                        "github", "0123456789abcdef-secret", Map.of("hookguard.endpoints.hooks.stalled-after", "10ms")))
                .isInstanceOf(HookguardConfigurationException.class)
                .hasMessageStartingWith("hookguard.endpoints.hooks.stalled-after must be at least 1 s");
    }

    @Test
    void shouldMapTheDispatcherPropertiesOntoTheFiltersDispatcher() {
        String key = "k".repeat(32);
        HookguardProperties properties = bind(Map.ofEntries(
                Map.entry("hookguard.dispatcher.enabled", "false"),
                Map.entry("hookguard.dispatcher.workers", "2"),
                Map.entry("hookguard.dispatcher.max-in-flight", "8"),
                Map.entry("hookguard.dispatcher.batch-size", "4"),
                Map.entry("hookguard.dispatcher.window", "90s"),
                Map.entry("hookguard.dispatcher.min-poll-interval", "50ms"),
                Map.entry("hookguard.dispatcher.max-poll-interval", "2s"),
                Map.entry("hookguard.dispatcher.shutdown-grace", "10s"),
                Map.entry("hookguard.dispatcher.request-timeout", "20s"),
                Map.entry("hookguard.dispatcher.sweep-interval", "30s"),
                Map.entry("hookguard.dispatcher.base-url", "http://10.0.0.5:8080"),
                Map.entry("hookguard.dispatcher.signing", "dispatch-key"),
                Map.entry("hookguard.dispatcher.dispatch-keys", key + "," + key.toUpperCase()),
                Map.entry("hookguard.dispatcher.dispatch-tolerance", "30s")));

        assertThat(properties.getDispatcher().toDispatcherConfig())
                .isEqualTo(new DispatcherConfig(
                        false,
                        2,
                        8,
                        4,
                        Duration.ofSeconds(90),
                        Duration.ofMillis(50),
                        Duration.ofSeconds(2),
                        Duration.ofSeconds(10),
                        Duration.ofSeconds(20),
                        Duration.ofSeconds(30),
                        URI.create("http://10.0.0.5:8080"),
                        DispatchSigning.DISPATCH_KEY,
                        java.util.Arrays.asList(
                                key, key.toUpperCase()), // List.of: DispatcherConfig asks contains(null)
                        Duration.ofSeconds(30)));
        assertThat(bind(Map.of()).getDispatcher().toDispatcherConfig()).isEqualTo(DispatcherConfig.ofDefaults());
    }

    @Test
    void shouldApplyTheDispatcherToTheFilterAndNameABadDispatcherProperty() {
        HookguardFilterConfig.Builder builder = HookguardFilterConfig.custom();
        bind(Map.of("hookguard.dispatcher.workers", "3")).applyTo(builder, "hookguard.");

        assertThat(builder.endpoint(guarded(endpoint("github", "0123456789abcdef-secret", Map.of()), "/gh"))
                        .store(new dev.hookguard.core.memory.InMemoryStore())
                        .build()
                        .dispatcher()
                        .workers())
                .isEqualTo(3);
        assertThatThrownBy(() -> HookguardAutoConfiguration.check(bind(Map.of("hookguard.dispatcher.workers", "0"))))
                .isInstanceOf(HookguardConfigurationException.class)
                .hasMessageStartingWith("hookguard.dispatcher.workers must be at least 1 but was 0");
        assertThatThrownBy(() -> HookguardAutoConfiguration.check(
                        bind(Map.of("hookguard.dispatcher.dispatch-keys", "too-short"))))
                .isInstanceOf(HookguardConfigurationException.class)
                .hasMessageStartingWith("hookguard.dispatcher.dispatch-keys[0] must be at least 32 characters")
                .hasMessageNotContaining("too-short");
    }

    @Test
    void shouldDescribeEveryRecoveryPropertyInTheMetadata() throws IOException {
        String metadata;
        try (InputStream in = getClass().getResourceAsStream("/META-INF/spring-configuration-metadata.json")) {
            assertThat(in).isNotNull();
            metadata = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        List<String> names = JsonPath.read(metadata, "$.properties[*].name");
        assertThat(names)
                .contains(
                        "hookguard.endpoints.*.intake",
                        "hookguard.endpoints.*.retries",
                        "hookguard.endpoints.*.backoff.base",
                        "hookguard.endpoints.*.backoff.cap",
                        "hookguard.endpoints.*.policy.max-attempts",
                        "hookguard.endpoints.*.stalled-after",
                        "hookguard.endpoints.*.queue-limit",
                        "hookguard.endpoints.*.dispatch-signing",
                        "hookguard.dispatcher.workers",
                        "hookguard.dispatcher.max-in-flight",
                        "hookguard.dispatcher.base-url",
                        "hookguard.dispatcher.dispatch-keys",
                        "hookguard.dispatcher.shutdown-grace");
        List<Object> workers =
                JsonPath.read(metadata, "$.properties[?(@.name == 'hookguard.dispatcher.workers')].defaultValue");
        assertThat(workers).containsExactly(DispatcherConfig.DEFAULT_WORKERS);
        List<Object> base =
                JsonPath.read(metadata, "$.properties[?(@.name == 'hookguard.endpoints.*.backoff.base')].defaultValue");
        List<Object> cap =
                JsonPath.read(metadata, "$.properties[?(@.name == 'hookguard.endpoints.*.backoff.cap')].defaultValue");
        assertThat(base).containsExactly(Backoff.DEFAULT_BASE.toSeconds() + "s");
        assertThat(cap).containsExactly(Backoff.DEFAULT_CAP.toHours() + "h");
        List<Object> intakes =
                JsonPath.read(metadata, "$.hints[?(@.name == 'hookguard.endpoints.*.intake')].values[*].value");
        assertThat(intakes).containsExactly("sync", "async");
    }
}
