package dev.hookguard.spring.internal.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.signature.EventIdConfig;
import dev.hookguard.core.signature.EventIdConfig.EventIdSource;
import dev.hookguard.core.signature.EventIdResult;
import dev.hookguard.core.signature.Headers;
import dev.hookguard.core.signature.Scheme;
import dev.hookguard.core.signature.Verification;
import dev.hookguard.core.signature.WebhookRequest;
import dev.hookguard.core.signature.WebhookSigner;
import dev.hookguard.servlet.EndpointConfig;
import dev.hookguard.spring.HookguardConfigurationException;
import dev.hookguard.spring.autoconfigure.HookguardProperties;
import dev.hookguard.spring.internal.web.EndpointGroup;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

/** {@code hookguard.endpoints.*} turned into the endpoints of {@code hookguardPropertyEndpoints}. */
class PropertyEndpointsTest {

    private static HookguardProperties bind(Map<String, String> values) {
        return new Binder(new MapConfigurationPropertySource(values))
                .bind("hookguard", HookguardProperties.class)
                .orElseGet(HookguardProperties::new);
    }

    private static EndpointConfig only(Map<String, String> values) {
        EndpointGroup endpoints = HookguardAutoConfiguration.endpoints(bind(values));
        assertThat(endpoints.source()).isEqualTo("hookguard.endpoints");
        assertThat(endpoints.endpoints()).hasSize(1);
        return endpoints.endpoints().get(0);
    }

    /** The event-id rule the endpoint's extractor was built from: the settings' one rule of the endpoint. */
    private static EventIdConfig eventIds(String name, Map<String, String> values) {
        return bind(values).eventIds(name, "hookguard.");
    }

    /** The endpoint guarding {@code path}, as the adapter completes an endpoint whose path the handlers give. */
    private static EndpointConfig guarded(EndpointConfig endpoint, String path) {
        return EndpointConfig.from(endpoint).path(path).build();
    }

    @Test
    void shouldBuildAProviderSchemeEndpointWithTheDefaults() {
        Map<String, String> values = Map.of(
                "hookguard.endpoints.stripe.scheme", "stripe",
                "hookguard.endpoints.stripe.secrets", "whsec_0123456789abcdef,whsec_fedcba9876543210");
        EndpointConfig endpoint = only(values);

        assertThat(endpoint.name()).isEqualTo("stripe");
        assertThat(endpoint.path()).isNull();
        assertThat(endpoint.policy()).isEqualTo(IdempotencyPolicy.ofDefaults());
        assertThat(eventIds("stripe", values)).isEqualTo(EventIdConfig.forScheme(Scheme.STRIPE));
        assertThat(endpoint.maxBodyBytes()).isEqualTo(1024 * 1024);
        byte[] body = "{\"id\":\"evt_1\"}".getBytes(StandardCharsets.UTF_8);
        Headers signedWithTheSecondSecret =
                WebhookSigner.of(Scheme.STRIPE, "whsec_fedcba9876543210").sign("evt_1", Instant.now(), body);
        assertThat(endpoint.verifier().verify(signedWithTheSecondSecret, body))
                .isInstanceOf(Verification.Verified.class);
    }

    @Test
    void shouldBuildAUrlSignedSchemeWithItsPublicUrl() {
        Map<String, String> values = Map.of(
                "hookguard.endpoints.twilio.scheme", "twilio",
                "hookguard.endpoints.twilio.secrets", "old-token-0123456789,new-token-0123456789",
                "hookguard.endpoints.twilio.public-url", "https://hooks.example.com");
        EndpointConfig endpoint = only(values);
        byte[] form = "Body=hi&From=%2B1".getBytes(StandardCharsets.UTF_8);
        Headers signed = WebhookSigner.forUrl(Scheme.TWILIO, "new-token-0123456789", "https://hooks.example.com/sms")
                .sign("id-1", Instant.now(), form)
                .with(Headers.of("Content-Type", "application/x-www-form-urlencoded"));

        WebhookRequest behindProxy = new WebhookRequest("POST", "http", "10.0.0.1", 8080, "/sms", null, signed, form);

        assertThat(endpoint.verifier().verify(behindProxy)).isInstanceOf(Verification.Verified.class);
        assertThat(eventIds("twilio", values)).isEqualTo(EventIdConfig.forScheme(Scheme.TWILIO));
    }

    @Test
    void shouldNameThePropertyOfABadPublicUrl() {
        assertThatThrownBy(() -> only(Map.of(
                        "hookguard.endpoints.sq.scheme", "square",
                        "hookguard.endpoints.sq.secrets", "0123456789abcdef-key",
                        "hookguard.endpoints.sq.public-url", "hooks.example.com")))
                .isInstanceOf(HookguardConfigurationException.class)
                .hasMessage("hookguard.endpoints.sq.public-url must be an http(s)://host[:port][/prefix] URL without"
                        + " query but was 'hooks.example.com'");
    }

    @Test
    void shouldReadTheEndpointsJsonSchemaFromAResourceLocation() {
        EndpointConfig endpoint = only(Map.of(
                "hookguard.endpoints.paid.scheme", "stripe",
                "hookguard.endpoints.paid.secrets", "whsec_0123456789abcdef",
                "hookguard.endpoints.paid.schema", "classpath:schemas/paid.json"));

        assertThat(endpoint.schema()).isNotNull();
        assertThat(endpoint.schema().violations("{\"id\":\"evt_1\",\"amount\":5}".getBytes(StandardCharsets.UTF_8)))
                .isEmpty();
        assertThat(endpoint.schema().violations("{\"id\":\"evt_1\"}".getBytes(StandardCharsets.UTF_8)))
                .singleElement()
                .asString()
                .contains("amount");
        assertThat(guarded(endpoint, "/hooks").schema()).isSameAs(endpoint.schema());
    }

    @Test
    void shouldFailNamingThePropertyWhenTheSchemaIsMissing() {
        assertThatThrownBy(() -> only(Map.of(
                        "hookguard.endpoints.paid.scheme", "stripe",
                        "hookguard.endpoints.paid.secrets", "whsec_0123456789abcdef",
                        "hookguard.endpoints.paid.schema", "classpath:schemas/nowhere.json")))
                .isInstanceOf(HookguardConfigurationException.class)
                .hasMessage("hookguard.endpoints.paid.schema names no readable JSON Schema:"
                        + " 'classpath:schemas/nowhere.json'");
    }

    @Test
    void shouldSetFailOpenPerEndpointAndLeaveItToTheFilterWhenUnset() {
        Map<String, String> open = Map.of(
                "hookguard.endpoints.stripe.scheme", "stripe",
                "hookguard.endpoints.stripe.secrets", "whsec_0123456789abcdef",
                "hookguard.endpoints.stripe.fail-open", "true");
        Map<String, String> unset = Map.of(
                "hookguard.endpoints.stripe.scheme",
                "stripe",
                "hookguard.endpoints.stripe.secrets",
                "whsec_0123456789abcdef");

        assertThat(only(open).failOpen()).isTrue();
        assertThat(guarded(only(open), "/hooks").failOpen()).isTrue();
        assertThat(only(unset).failOpen()).isNull();
    }

    @Test
    void shouldLayEndpointPolicyOverridesOverTheGlobalPolicy() {
        EndpointConfig endpoint = only(Map.of(
                "hookguard.policy.lease", "10s",
                "hookguard.policy.max-attempts", "3",
                "hookguard.max-body-bytes", "2KB",
                "hookguard.endpoints.gh.scheme", "github",
                "hookguard.endpoints.gh.secrets[0]", "0123456789abcdef-secret",
                "hookguard.endpoints.gh.path", "/hooks/gh/*",
                "hookguard.endpoints.gh.policy.max-attempts", "7",
                "hookguard.endpoints.gh.policy.response-body-cap", "1KB"));

        assertThat(endpoint.path()).isEqualTo("/hooks/gh/*");
        assertThat(endpoint.policy())
                .isEqualTo(IdempotencyPolicy.custom()
                        .lease(Duration.ofSeconds(10))
                        .maxAttempts(7)
                        .responseBodyCap(1024)
                        .build());
        assertThat(endpoint.maxBodyBytes()).isEqualTo(2048);
    }

    @Test
    void shouldOverrideTheSchemesEventIdRuleByParts() {
        Map<String, String> values = Map.of(
                "hookguard.endpoints.shop.scheme", "shopify",
                "hookguard.endpoints.shop.secrets", "0123456789abcdef-secret",
                "hookguard.endpoints.shop.event-id.sources", "header:X-Id,json-pointer:/data/id",
                "hookguard.endpoints.shop.event-id.body-hash-key", "false");
        EndpointConfig endpoint = only(values);

        assertThat(eventIds("shop", values))
                .isEqualTo(new EventIdConfig(
                        List.of(EventIdSource.header("X-Id"), EventIdSource.jsonPointer("/data/id")), true, false));
        assertThat(endpoint.eventIds().extract(Headers.of("X-Id", "e-7"), "{}".getBytes(StandardCharsets.UTF_8)))
                .as("the endpoint's extractor follows that rule")
                .isInstanceOfSatisfying(
                        EventIdResult.Found.class,
                        found -> assertThat(found.key()).isEqualTo(dev.hookguard.core.EventKey.of("shop", "e-7")));
    }

    @Test
    void shouldBuildAGenericSchemeFromItsProperties() {
        Map<String, String> values = Map.of(
                "hookguard.endpoints.acme.scheme", "generic",
                "hookguard.endpoints.acme.secrets", "s3cr3t-0123456789abcdef",
                "hookguard.endpoints.acme.generic.signature-header", "X-Signature",
                "hookguard.endpoints.acme.generic.prefix", "sha256=",
                "hookguard.endpoints.acme.generic.encoding", "base64",
                "hookguard.endpoints.acme.generic.algorithm", "hmac-sha512",
                "hookguard.endpoints.acme.generic.template", "{id}.{body}",
                "hookguard.endpoints.acme.generic.id-source", "header:X-Event-Id");
        EndpointConfig endpoint = only(values);

        assertThat(eventIds("acme", values).sources()).containsExactly(EventIdSource.header("X-Event-Id"));
        assertThat(eventIds("acme", values).bodyHashKey()).isFalse();
        byte[] body = "{}".getBytes(StandardCharsets.UTF_8);
        Headers signed = WebhookSigner.generic(
                        dev.hookguard.core.signature.GenericHmacConfig.custom()
                                .secrets("s3cr3t-0123456789abcdef")
                                .signatureHeader("X-Signature")
                                .prefix("sha256=")
                                .encoding(dev.hookguard.core.signature.GenericHmacConfig.SignatureEncoding.BASE64)
                                .algorithm(dev.hookguard.core.signature.GenericHmacConfig.HmacAlgorithm.HMAC_SHA512)
                                .template("{id}.{body}")
                                .idSource(EventIdSource.header("X-Event-Id"))
                                .build(),
                        "s3cr3t-0123456789abcdef")
                .sign("e1", Instant.now(), body);
        assertThat(endpoint.verifier().verify(signed, body)).isInstanceOf(Verification.Verified.class);
    }

    @Test
    void shouldNameThePropertyOfAMissingSecret() {
        assertThatThrownBy(() -> only(Map.of("hookguard.endpoints.stripe.scheme", "stripe")))
                .isInstanceOf(HookguardConfigurationException.class)
                .hasMessage("hookguard.endpoints.stripe.secrets must hold at least one secret but was empty");
    }

    @Test
    void shouldNameThePropertyOfAnEmptySecretWithoutShowingTheOthers() {
        assertThatThrownBy(() -> only(Map.of(
                        "hookguard.endpoints.sw.scheme", "standard-webhooks",
                        "hookguard.endpoints.sw.secrets[0]", "whsec_MDEyMzQ1Njc4OWFiY2RlZg==",
                        "hookguard.endpoints.sw.secrets[1]", "not-a-whsec-secret")))
                .isInstanceOf(HookguardConfigurationException.class)
                .hasMessageStartingWith("hookguard.endpoints.sw.secrets[1] must be 'whsec_' followed by non-empty"
                        + " base64, or bare base64")
                .hasMessageNotContaining("not-a-whsec-secret");
    }

    @Test
    void shouldNameThePropertyOfAnUnknownScheme() {
        assertThatThrownBy(() -> only(Map.of(
                        "hookguard.endpoints.x.scheme",
                        "paypal",
                        "hookguard.endpoints.x.secrets",
                        "0123456789abcdef-secret")))
                .isInstanceOf(HookguardConfigurationException.class)
                .hasMessage("hookguard.endpoints.x.scheme must be one of standard-webhooks, svix, stripe, github,"
                        + " shopify, slack, twilio, paddle, square, sendgrid, gitlab, zoom, intercom, generic"
                        + " but was 'paypal'");
    }

    @Test
    void shouldNameThePropertyOfAMissingScheme() {
        assertThatThrownBy(() -> only(Map.of("hookguard.endpoints.x.secrets", "0123456789abcdef-secret")))
                .isInstanceOf(HookguardConfigurationException.class)
                .hasMessageStartingWith("hookguard.endpoints.x.scheme must be set");
    }

    @Test
    void shouldNameThePropertyOfAnInvalidPolicyValue() {
        assertThatThrownBy(() -> only(Map.of(
                        "hookguard.endpoints.x.scheme", "github",
                        "hookguard.endpoints.x.secrets", "0123456789abcdef-secret",
                        "hookguard.endpoints.x.policy.max-attempts", "0")))
                .isInstanceOf(HookguardConfigurationException.class)
                .hasMessage("hookguard.endpoints.x.policy.max-attempts must be at least 1 but was 0");
        assertThatThrownBy(() -> only(Map.of(
                        "hookguard.policy.lease", "0s",
                        "hookguard.endpoints.x.scheme", "github",
                        "hookguard.endpoints.x.secrets", "0123456789abcdef-secret")))
                .isInstanceOf(HookguardConfigurationException.class)
                .hasMessage("hookguard.policy.lease must be at least 1 ms but was PT0S");
    }

    @Test
    void shouldNameThePropertyOfABadEventIdSourceOrPathOrGenericSetting() {
        assertThatThrownBy(() -> only(Map.of(
                        "hookguard.endpoints.x.scheme", "github",
                        "hookguard.endpoints.x.secrets", "0123456789abcdef-secret",
                        "hookguard.endpoints.x.event-id.sources", "query:id")))
                .isInstanceOf(HookguardConfigurationException.class)
                .hasMessage("hookguard.endpoints.x.event-id.sources[0] must be header:<name> or json-pointer:</pointer>"
                        + " but was 'query:id'");
        assertThatThrownBy(() -> only(Map.of(
                        "hookguard.endpoints.x.scheme", "github",
                        "hookguard.endpoints.x.secrets", "0123456789abcdef-secret",
                        "hookguard.endpoints.x.path", "/a/*/b")))
                .isInstanceOf(HookguardConfigurationException.class)
                .hasMessageStartingWith("hookguard.endpoints.x.path must start with '/'");
        assertThatThrownBy(() -> only(Map.of(
                        "hookguard.endpoints.x.scheme", "generic",
                        "hookguard.endpoints.x.secrets", "0123456789abcdef-secret",
                        "hookguard.endpoints.x.generic.signature-header", "X-Sig",
                        "hookguard.endpoints.x.generic.encoding", "hexadecimal")))
                .isInstanceOf(HookguardConfigurationException.class)
                .hasMessage("hookguard.endpoints.x.generic.encoding must be one of hex, base64 but was 'hexadecimal'");
        assertThatThrownBy(() -> only(Map.of(
                        "hookguard.endpoints.x.scheme", "generic",
                        "hookguard.endpoints.x.secrets", "0123456789abcdef-secret",
                        "hookguard.endpoints.x.generic.signature-header", "X-Sig",
                        "hookguard.endpoints.x.generic.template", "{timestamp}.{body}")))
                .isInstanceOf(HookguardConfigurationException.class)
                .hasMessage("hookguard.endpoints.x.generic.template uses {timestamp} but timestampHeader is not set");
    }

    @Test
    void shouldDefaultEveryPropertyToTheLibrarysDefault() {
        HookguardProperties properties = new HookguardProperties();
        dev.hookguard.servlet.HookguardFilterConfig.Builder filter =
                dev.hookguard.servlet.HookguardFilterConfig.custom();
        properties.applyTo(filter, "hookguard.");
        dev.hookguard.servlet.HookguardFilterConfig built = filter.endpoint(guarded(
                        only(Map.of(
                                "hookguard.endpoints.x.scheme",
                                "stripe",
                                "hookguard.endpoints.x.secrets",
                                "whsec_0123456789abcdef")),
                        "/x"))
                .store(new dev.hookguard.core.memory.InMemoryStore())
                .build();

        assertThat(built.endpoints().get(0).policy()).isEqualTo(IdempotencyPolicy.ofDefaults());
        assertThat(built.endpoints().get(0).maxBodyBytes())
                .isEqualTo(dev.hookguard.servlet.EndpointConfig.DEFAULT_MAX_BODY_BYTES);
        assertThat(built.inProgressStatus())
                .isEqualTo(dev.hookguard.servlet.HookguardFilterConfig.DEFAULT_IN_PROGRESS_STATUS);
        assertThat(built.deadStatus()).isEqualTo(dev.hookguard.servlet.HookguardFilterConfig.DEFAULT_DEAD_STATUS);
        assertThat(built.failOpen()).isEqualTo(dev.hookguard.servlet.HookguardFilterConfig.DEFAULT_FAIL_OPEN);
        assertThat(built.unavailableRetryAfter())
                .isEqualTo(dev.hookguard.servlet.HookguardFilterConfig.DEFAULT_UNAVAILABLE_RETRY_AFTER);
        assertThat(HookguardRedisStoreAutoConfiguration.config(properties))
                .isEqualTo(dev.hookguard.redis.RedisStoreConfig.ofDefaults());
        assertThat(properties.getStore().getRedis().getUri()).isNull();
        assertThat(HookguardJdbcStoreAutoConfiguration.config(
                        properties.getStore().getJdbc()))
                .isEqualTo(dev.hookguard.jdbc.JdbcStoreConfig.ofDefaults());
    }
}
