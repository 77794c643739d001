package dev.hookguard.core.signature.internal.providers;

import static dev.hookguard.core.signature.Fixtures.flip;
import static dev.hookguard.core.signature.Fixtures.messageOf;
import static dev.hookguard.core.signature.Fixtures.reasonOf;
import static dev.hookguard.core.signature.Fixtures.utf8;
import static dev.hookguard.core.signature.Verification.RejectionReason.MALFORMED_HEADER;
import static dev.hookguard.core.signature.Verification.RejectionReason.MISSING_HEADER;
import static dev.hookguard.core.signature.Verification.RejectionReason.NO_MATCHING_SIGNATURE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.hookguard.core.signature.Headers;
import dev.hookguard.core.signature.Scheme;
import dev.hookguard.core.signature.SignatureVerifier;
import dev.hookguard.core.signature.Verification;
import dev.hookguard.core.signature.Verifiers;
import dev.hookguard.core.signature.WebhookSigner;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ShopifyVerifierTest {

    // Published vector: Shopify/shopify-api-js, packages/shopify-api/lib/webhooks/__tests__/validate.test.ts
    // ("returns true for valid request": rawBody and the expected hmac), signed with apiSecretKey
    // 'test_secret_key' from packages/shopify-api/lib/__tests__/test-config.ts.
    private static final String SECRET = "test_secret_key";
    private static final String PAYLOAD = "{\"foo\": \"bar\"}";
    private static final String HMAC = "B23tXN681gZ0qIWNRrgtzBE9XSDo5yaUu6wfmhu3a7g=";
    private static final String WEBHOOK_ID = "123456789";

    private final SignatureVerifier verifier = Verifiers.shopify(SECRET);

    @Test
    void shouldAcceptThePublishedVector() {
        assertThat(verifier.verify(shopify(HMAC), utf8(PAYLOAD))).isEqualTo(Verification.Verified.untimed());
    }

    @Test
    void shouldSignThePublishedVector() {
        Headers signed = WebhookSigner.of(Scheme.SHOPIFY, SECRET).sign(WEBHOOK_ID, Instant.EPOCH, utf8(PAYLOAD));

        assertThat(signed.first("X-Shopify-Hmac-Sha256")).contains(HMAC);
        assertThat(signed.first("X-Shopify-Webhook-Id")).contains(WEBHOOK_ID);
    }

    @Test
    void shouldRejectEveryFlippedBitOfTheBody() {
        byte[] body = utf8(PAYLOAD);
        for (int bit = 0; bit < body.length * 8; bit++) {
            assertThat(verifier.verify(shopify(HMAC), flip(body, bit)).isVerified())
                    .as("bit %d", bit)
                    .isFalse();
        }
    }

    @Test
    void shouldRejectEveryFlippedBitOfTheSignature() {
        for (int bit = 0; bit < HMAC.length() * 8; bit++) {
            assertThat(verifier.verify(shopify(flip(HMAC, bit)), utf8(PAYLOAD)).isVerified())
                    .as("bit %d", bit)
                    .isFalse();
        }
    }

    @Test
    void shouldStillAcceptAChangedWebhookIdBecauseShopifyDoesNotSignIt() {
        Headers headers = Headers.of("X-Shopify-Hmac-Sha256", HMAC, "X-Shopify-Webhook-Id", "999");

        assertThat(verifier.verify(headers, utf8(PAYLOAD)).isVerified()).isTrue();
    }

    @Test
    void shouldAcceptTheOldAndTheNewSecretDuringRotation() {
        SignatureVerifier rotating = Verifiers.shopify("new_secret", SECRET);
        Headers byNew = WebhookSigner.of(Scheme.SHOPIFY, "new_secret").sign(WEBHOOK_ID, Instant.EPOCH, utf8(PAYLOAD));

        assertThat(rotating.verify(shopify(HMAC), utf8(PAYLOAD)).isVerified()).isTrue();
        assertThat(rotating.verify(byNew, utf8(PAYLOAD)).isVerified()).isTrue();
        assertThat(reasonOf(verifier.verify(byNew, utf8(PAYLOAD)))).isEqualTo(NO_MATCHING_SIGNATURE);
    }

    @Test
    void shouldRejectAMissingHeader() {
        assertThat(reasonOf(verifier.verify(Headers.of("X-Shopify-Webhook-Id", WEBHOOK_ID), utf8(PAYLOAD))))
                .isEqualTo(MISSING_HEADER);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "B23tXN681gZ0qIWNRrgtzBE9XSDo5yaUu6wfmhu3a7h=", "B23tXN681gZ0q*IWNRrg", "===="})
    void shouldRejectAMalformedHeader(String hmac) {
        assertThat(reasonOf(verifier.verify(shopify(hmac), utf8(PAYLOAD)))).isEqualTo(MALFORMED_HEADER);
    }

    @Test
    void shouldRejectTheFakeHmacOfTheSdkTestsAsNotMatching() {
        // shopify-api-js sends 'fake' to test an invalid HMAC: valid base64, wrong value
        assertThat(reasonOf(verifier.verify(shopify("fake"), utf8(PAYLOAD)))).isEqualTo(NO_MATCHING_SIGNATURE);
    }

    @Test
    void shouldRejectAWrongSignatureWithoutRevealingTheExpectedOne() {
        Verification verification = Verifiers.shopify("wrong_secret").verify(shopify(HMAC), utf8(PAYLOAD));

        assertThat(reasonOf(verification)).isEqualTo(NO_MATCHING_SIGNATURE);
        assertThat(messageOf(verification)).doesNotContain(HMAC).doesNotContain("wrong_secret");
    }

    private static Headers shopify(String hmac) {
        return Headers.of("X-Shopify-Hmac-Sha256", hmac, "X-Shopify-Webhook-Id", WEBHOOK_ID);
    }
}
