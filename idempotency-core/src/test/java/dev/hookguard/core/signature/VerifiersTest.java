package dev.hookguard.core.signature;

import static dev.hookguard.core.signature.Fixtures.clockAt;
import static dev.hookguard.core.signature.Fixtures.utf8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.hookguard.core.signature.Verification.RejectionReason;
import dev.hookguard.core.signature.internal.providers.GenericHmacVerifier;
import dev.hookguard.core.signature.internal.providers.GitHubVerifier;
import dev.hookguard.core.signature.internal.providers.ShopifyVerifier;
import dev.hookguard.core.signature.internal.providers.SlackVerifier;
import dev.hookguard.core.signature.internal.providers.StandardWebhooksVerifier;
import dev.hookguard.core.signature.internal.providers.StripeVerifier;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

class VerifiersTest {

    private static final long NOW = 1_700_000_000L;
    private static final String WHSEC = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";

    @ParameterizedTest
    @EnumSource(
            value = Scheme.class,
            names = {"GENERIC", "TWILIO", "SQUARE", "SENDGRID", "ZOOM"},
            mode = EnumSource.Mode.EXCLUDE) // URL-signed, key-pair and id-less schemes have their own tests
    void shouldVerifyWhatTheSchemesSignerSigns(Scheme scheme) {
        String secret = scheme == Scheme.STANDARD_WEBHOOKS ? WHSEC : "s3cr3t";
        byte[] body = utf8("{\"id\":\"evt_1\",\"event_id\":\"evt_1\"}");
        SignatureVerifier verifier = Verifiers.of(scheme, SignatureConfig.of(secret), clockAt(NOW));

        Headers signed = WebhookSigner.of(scheme, secret).sign("evt_1", Instant.ofEpochSecond(NOW), body);
        EventIdResult id = EventIdExtractor.forScheme("endpoint", scheme).extract(signed, body);

        assertThat(verifier.verify(signed, body).isVerified()).isTrue();
        assertThat(((EventIdResult.Found) id).eventId()).isEqualTo("evt_1");
    }

    @ParameterizedTest
    @CsvSource({
        "stripe, STRIPE",
        "Stripe, STRIPE",
        "standard-webhooks, STANDARD_WEBHOOKS",
        "STANDARD_WEBHOOKS, STANDARD_WEBHOOKS",
        "standardwebhooks, STANDARD_WEBHOOKS",
        "svix, STANDARD_WEBHOOKS",
        "github, GITHUB",
        "GitHub, GITHUB",
        "shopify, SHOPIFY",
        "slack, SLACK",
        "generic, GENERIC"
    })
    void shouldFindSchemesByName(String name, Scheme expected) {
        assertThat(Scheme.of(name)).isEqualTo(expected);
    }

    @Test
    void shouldRejectAnUnknownSchemeName() {
        assertThatThrownBy(() -> Scheme.of("paypal"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("scheme")
                .hasMessageContaining("'paypal'");
    }

    @Test
    void shouldSendGenericToItsOwnFactory() {
        assertThatThrownBy(() -> Verifiers.of(Scheme.GENERIC, SignatureConfig.of("s")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Verifiers.generic");
        assertThatThrownBy(() -> WebhookSigner.of(Scheme.GENERIC, "s"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("WebhookSigner.generic");
    }

    @Test
    void shouldOfferShortFactoriesPerScheme() {
        assertThat(Verifiers.standardWebhooks(WHSEC)).isInstanceOf(StandardWebhooksVerifier.class);
        assertThat(Verifiers.stripe("s")).isInstanceOf(StripeVerifier.class);
        assertThat(Verifiers.github("s")).isInstanceOf(GitHubVerifier.class);
        assertThat(Verifiers.shopify("s")).isInstanceOf(ShopifyVerifier.class);
        assertThat(Verifiers.slack("s")).isInstanceOf(SlackVerifier.class);
        assertThat(Verifiers.generic(GenericHmacConfig.custom()
                        .secrets("s")
                        .signatureHeader("X-Sig")
                        .build()))
                .isInstanceOf(GenericHmacVerifier.class);
    }

    @Test
    void shouldRejectBadConfigurationNamingTheField() {
        assertThatThrownBy(() -> SignatureConfig.of())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("secrets must hold at least one secret but was empty");
        assertThatThrownBy(() -> SignatureConfig.of("a", ""))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("secrets[1] must not be empty");
        assertThatThrownBy(() -> SignatureConfig.custom()
                        .secrets("a")
                        .tolerance(Duration.ofSeconds(-1))
                        .build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("tolerance must not be negative but was PT-1S");
        assertThatThrownBy(() -> Verifiers.standardWebhooks("not-a-whsec"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("secrets[0] must be 'whsec_' followed by non-empty base64, or bare base64 (the secret is"
                        + " not shown)");
        assertThatThrownBy(() -> WebhookSigner.of(Scheme.STRIPE, ""))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("secret must not be empty");
    }

    @Test
    void shouldKeepTheDefaultsAndHideSecrets() {
        SignatureConfig config = SignatureConfig.of("top-secret");

        assertThat(config.tolerance()).isEqualTo(Duration.ofSeconds(300));
        assertThat(config.toString()).doesNotContain("top-secret");
        assertThat(SignatureConfig.from(config).build()).isEqualTo(config);
    }

    @Test
    void shouldMapMalformedTo400AndEverythingElseTo401() {
        for (RejectionReason reason : RejectionReason.values()) {
            assertThat(reason.httpStatus()).isEqualTo(reason == RejectionReason.MALFORMED_HEADER ? 400 : 401);
        }
    }
}
