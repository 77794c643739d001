package dev.hookguard.core.signature.internal.providers;

import static dev.hookguard.core.signature.Fixtures.reasonOf;
import static dev.hookguard.core.signature.Fixtures.utf8;
import static dev.hookguard.core.signature.Verification.RejectionReason.MALFORMED_HEADER;
import static dev.hookguard.core.signature.Verification.RejectionReason.MISSING_HEADER;
import static dev.hookguard.core.signature.Verification.RejectionReason.NO_MATCHING_SIGNATURE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.hookguard.core.signature.Headers;
import dev.hookguard.core.signature.Scheme;
import dev.hookguard.core.signature.SignatureConfig;
import dev.hookguard.core.signature.SignatureConfig.PublicUrl;
import dev.hookguard.core.signature.SignatureVerifier;
import dev.hookguard.core.signature.Verifiers;
import dev.hookguard.core.signature.WebhookRequest;
import org.junit.jupiter.api.Test;

class SquareVerifierTest {

    // Published vector: square/square-java-sdk, src/test/java/com/squareup/square/utilities/WebhooksHelperTest.java
    // (testSignatureValidationPass and the failure cases around it), recorded by Square from a real test
    // notification. Checked independently with `printf '<url><body>' | openssl dgst -sha256 -hmac <key> -binary |
    // base64`.
    private static final String BODY = "{\"merchant_id\":\"MLEFBHHSJGVHD\",\"type\":\"webhooks.test_notification\","
            + "\"event_id\":\"ac3ac95b-f97d-458c-a6e6-18981597e05f\",\"created_at\":\"2022-07-13T20:30:59.037339943Z\","
            + "\"data\":{\"type\":\"webhooks\",\"id\":\"bc368e64-01aa-407e-b46e-3231809b1129\"}}";
    private static final String SIGNATURE = "GF4YkrJgGBDZ9NIYbNXBnMzqb2HoL4RW/S6vkZ9/2N4=";
    private static final String KEY = "Ibxx_5AKakO-3qeNVR61Dw";
    private static final String PATH = "/679a4f3a-dcfa-49ee-bac5-9d0edad886b9";

    private final SignatureVerifier verifier = Verifiers.of(Scheme.SQUARE, SignatureConfig.of(KEY));

    @Test
    void shouldAcceptThePublishedVector() {
        assertThat(verifier.verify(request("webhook.site", PATH, SIGNATURE, BODY))
                        .isVerified())
                .isTrue();
    }

    @Test
    void shouldRejectATamperedBodyAnotherUrlOrAWrongKey() {
        assertThat(reasonOf(verifier.verify(request("webhook.site", PATH, SIGNATURE, BODY.replace("07-13", "06-13")))))
                .isEqualTo(NO_MATCHING_SIGNATURE);
        assertThat(reasonOf(verifier.verify(request("webhook.site", PATH.substring(1), SIGNATURE, BODY))))
                .isEqualTo(NO_MATCHING_SIGNATURE);
        SignatureVerifier wrong = Verifiers.of(Scheme.SQUARE, SignatureConfig.of("MCmhFRxGX82xMwg5FsaoQA"));
        assertThat(reasonOf(wrong.verify(request("webhook.site", PATH, SIGNATURE, BODY))))
                .isEqualTo(NO_MATCHING_SIGNATURE);
    }

    @Test
    void shouldAcceptTheOldKeyWhileRotating() {
        SignatureVerifier rotating = Verifiers.of(Scheme.SQUARE, SignatureConfig.of("new-key", KEY));

        assertThat(rotating.verify(request("webhook.site", PATH, SIGNATURE, BODY))
                        .isVerified())
                .isTrue();
    }

    @Test
    void shouldRejectAMissingOrMalformedHeader() {
        assertThat(reasonOf(verifier.verify(request("webhook.site", PATH, null, BODY))))
                .isEqualTo(MISSING_HEADER);
        assertThat(reasonOf(verifier.verify(request("webhook.site", PATH, "%%%", BODY))))
                .isEqualTo(MALFORMED_HEADER);
    }

    @Test
    void shouldResolveTheUrlFromTrustedForwardedHeaders() {
        SignatureVerifier forwarded = Verifiers.of(
                Scheme.SQUARE,
                SignatureConfig.custom()
                        .secrets(KEY)
                        .publicUrl(PublicUrl.forwarded())
                        .build());
        Headers headers = Headers.of(
                SquareVerifier.HEADER, SIGNATURE, "X-Forwarded-Proto", "https", "X-Forwarded-Host", "webhook.site");
        WebhookRequest received = new WebhookRequest("POST", "http", "10.0.0.7", 8080, PATH, null, headers, utf8(BODY));

        assertThat(forwarded.verify(received).isVerified()).isTrue();
        assertThat(verifier.verify(received).isVerified()).isFalse();
    }

    private static WebhookRequest request(String host, String path, String signature, String body) {
        Headers headers = signature == null ? Headers.empty() : Headers.of(SquareVerifier.HEADER, signature);
        return new WebhookRequest("POST", "https", host, -1, path, null, headers, utf8(body));
    }
}
