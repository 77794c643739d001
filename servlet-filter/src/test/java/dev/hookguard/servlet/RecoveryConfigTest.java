package dev.hookguard.servlet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.memory.InMemoryStore;
import dev.hookguard.core.signature.Scheme;
import dev.hookguard.core.signature.SignatureConfig;
import dev.hookguard.servlet.RecoveryConfig.DispatchSigning;
import dev.hookguard.servlet.internal.dispatch.RetryAfter;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class RecoveryConfigTest {

    @Test
    void shouldDefaultRetriesPerScheme() {
        assertThat(Retries.defaultFor(Scheme.GITHUB)).isEqualTo(Retries.RECEIVER);
        assertThat(Retries.defaultFor(Scheme.GITLAB)).isEqualTo(Retries.RECEIVER);
        assertThat(Retries.defaultFor(Scheme.GENERIC)).isEqualTo(Retries.RECEIVER);
        assertThat(Retries.defaultFor(null)).isEqualTo(Retries.RECEIVER);
        assertThat(Retries.defaultFor(Scheme.SLACK)).isEqualTo(Retries.BOTH);
        assertThat(Retries.defaultFor(Scheme.STRIPE)).isEqualTo(Retries.SENDER);
        assertThat(Retries.defaultFor(Scheme.STANDARD_WEBHOOKS)).isEqualTo(Retries.SENDER);
        assertThat(Retries.defaultFor(Scheme.SHOPIFY)).isEqualTo(Retries.SENDER);
    }

    @Test
    void shouldResolveTheSchemesRetriesOnTheEndpoint() {
        assertThat(github(RecoveryConfig.ofDefaults()).recovery().retries()).isEqualTo(Retries.RECEIVER);
        assertThat(stripe().recovery().retries()).isEqualTo(Retries.SENDER);
        assertThat(github(RecoveryConfig.custom().retries(Retries.SENDER).build())
                        .recovery()
                        .retries())
                .isEqualTo(Retries.SENDER);
    }

    @Test
    void shouldTakeTheBackoffsAttemptsIntoThePolicyWhenTheyAreSet() {
        EndpointConfig endpoint = github(RecoveryConfig.custom()
                .backoff(Backoff.custom().attempts(8).build())
                .build());

        assertThat(endpoint.policy().maxAttempts()).isEqualTo(8);
        assertThat(endpoint.recovery().backoff().attempts()).isEqualTo(8);
    }

    @Test
    void shouldTakeThePoliciesAttemptsIntoTheBackoffOtherwise() {
        EndpointConfig endpoint = EndpointConfig.custom("gh")
                .path("/gh")
                .scheme(Scheme.GITHUB, SignatureConfig.of("secret-of-github"))
                .policy(IdempotencyPolicy.custom().maxAttempts(3).build())
                .build();

        assertThat(endpoint.recovery().backoff().attempts()).isEqualTo(3);
        assertThat(EndpointConfig.from(endpoint).build()).isEqualTo(endpoint);
    }

    @Test
    void shouldSignWithTheSchemeWhereTheReceiverCanElseWithTheDispatchKey() {
        HookguardFilterConfig config = filter(github(RecoveryConfig.ofDefaults()), DispatcherConfig.ofDefaults());

        assertThat(config.signing(config.endpoints().get(0))).isEqualTo(DispatchSigning.SCHEME);
        EndpointConfig twilio = EndpointConfig.custom("tw")
                .path("/tw")
                .scheme(Scheme.TWILIO, SignatureConfig.of("twilio-auth-token-0123456789"))
                .build();
        assertThat(twilio.signer()).isNull();
        assertThat(filter(twilio, DispatcherConfig.ofDefaults()).signing(twilio))
                .isEqualTo(DispatchSigning.DISPATCH_KEY);
        assertThat(filter(
                                github(RecoveryConfig.ofDefaults()),
                                DispatcherConfig.custom()
                                        .signing(DispatchSigning.DISPATCH_KEY)
                                        .build())
                        .signing(github(RecoveryConfig.ofDefaults())))
                .isEqualTo(DispatchSigning.DISPATCH_KEY);
    }

    @Test
    void shouldRefuseSchemeSigningForAnEndpointWithoutSigner() {
        EndpointConfig twilio = EndpointConfig.custom("tw")
                .path("/tw")
                .scheme(Scheme.TWILIO, SignatureConfig.of("twilio-auth-token-0123456789"))
                .recovery(
                        RecoveryConfig.custom().signing(DispatchSigning.SCHEME).build())
                .build();

        assertThatThrownBy(() -> filter(twilio, DispatcherConfig.ofDefaults()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("endpoint 'tw' signs dispatches with its scheme, but has no signer");
    }

    @Test
    void shouldRefuseAsyncIntakeOnAStoreWithoutDueQueue() {
        EndpointConfig async =
                github(RecoveryConfig.custom().intake(Intake.ASYNC).build());
        SwitchableStore hotPathOnly = new SwitchableStore(new InMemoryStore());

        assertThatThrownBy(() -> HookguardFilterConfig.custom()
                        .store(hotPathOnly)
                        .endpoint(async)
                        .build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("async intake");
    }

    @Test
    void shouldRefuseBadSettingsNamingThem() {
        assertThatThrownBy(() -> RecoveryConfig.custom().queueLimit(0).build())
                .hasMessageContaining("queueLimit must be at least 1 but was 0");
        assertThatThrownBy(() ->
                        RecoveryConfig.custom().stalledAfter(Duration.ZERO).build())
                .hasMessageContaining("stalledAfter");
        assertThatThrownBy(() ->
                        DispatcherConfig.custom().workers(8).maxInFlight(4).build())
                .hasMessageContaining("maxInFlight must be at least workers (8) but was 4");
        assertThatThrownBy(() -> DispatcherConfig.custom().dispatchKeys("short").build())
                .hasMessageContaining("dispatchKeys[0] must be at least 32 characters")
                .hasMessageNotContaining("short");
        assertThatThrownBy(() -> DispatcherConfig.custom()
                        .baseUrl(URI.create("ftp://host"))
                        .build())
                .hasMessageContaining("baseUrl");
        assertThat(DispatcherConfig.custom()
                        .dispatchKeys("a-dispatch-key-that-is-long-enough-0123")
                        .build()
                        .toString())
                .doesNotContain("long-enough");
    }

    @Test
    void shouldReadRetryAfterAsSecondsOrAnHttpDate() {
        Instant now = Instant.parse("2026-12-01T12:00:00Z");

        assertThat(RetryAfter.parse("120", now)).isEqualTo(Duration.ofSeconds(120));
        assertThat(RetryAfter.parse("Tue, 01 Dec 2026 12:01:00 GMT", now)).isEqualTo(Duration.ofMinutes(1));
        assertThat(RetryAfter.parse("Tue, 01 Dec 2026 11:00:00 GMT", now)).isZero();
        assertThat(RetryAfter.parse("soon", now)).isNull();
        assertThat(RetryAfter.parse("-3", now)).isNull();
        assertThat(RetryAfter.parse(null, now)).isNull();
    }

    private static EndpointConfig github(RecoveryConfig recovery) {
        return EndpointConfig.custom("gh")
                .path("/gh")
                .scheme(Scheme.GITHUB, SignatureConfig.of("secret-of-github"))
                .recovery(recovery)
                .build();
    }

    private static EndpointConfig stripe() {
        return EndpointConfig.custom("stripe")
                .path("/stripe")
                .scheme(Scheme.STRIPE, SignatureConfig.of("whsec_stripe_secret_0123456789"))
                .build();
    }

    private static HookguardFilterConfig filter(EndpointConfig endpoint, DispatcherConfig dispatcher) {
        return HookguardFilterConfig.custom()
                .store(new InMemoryStore())
                .endpoint(endpoint)
                .dispatcher(dispatcher)
                .metrics(DeliveryMetrics.none())
                .build();
    }
}
