package dev.hookguard.core.signature.internal.providers;

import static dev.hookguard.core.signature.Fixtures.flip;
import static dev.hookguard.core.signature.Fixtures.messageOf;
import static dev.hookguard.core.signature.Fixtures.reasonOf;
import static dev.hookguard.core.signature.Fixtures.utf8;
import static dev.hookguard.core.signature.Verification.RejectionReason.MALFORMED_HEADER;
import static dev.hookguard.core.signature.Verification.RejectionReason.MISSING_HEADER;
import static dev.hookguard.core.signature.Verification.RejectionReason.NO_MATCHING_SIGNATURE;
import static dev.hookguard.core.signature.Verification.RejectionReason.UNSUPPORTED_VERSION;
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

class GitHubVerifierTest {

    // Published vector: GitHub Docs, "Validating webhook deliveries", section "Testing the webhook payload
    // validation" (https://docs.github.com/en/webhooks/using-webhooks/validating-webhook-deliveries).
    private static final String SECRET = "It's a Secret to Everybody";
    private static final String PAYLOAD = "Hello, World!";
    private static final String SIGNATURE = "sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17";
    private static final String DELIVERY = "72d3162e-cc78-11e3-81ab-4c9367dc0958";

    private final SignatureVerifier verifier = Verifiers.github(SECRET);

    @Test
    void shouldAcceptThePublishedVector() {
        Verification verification = verifier.verify(github(SIGNATURE), utf8(PAYLOAD));

        assertThat(verification).isEqualTo(Verification.Verified.untimed());
    }

    @Test
    void shouldSignThePublishedVector() {
        Headers signed = WebhookSigner.of(Scheme.GITHUB, SECRET).sign(DELIVERY, Instant.EPOCH, utf8(PAYLOAD));

        assertThat(signed.first("X-Hub-Signature-256")).contains(SIGNATURE);
        assertThat(signed.first("X-GitHub-Delivery")).contains(DELIVERY);
    }

    @Test
    void shouldRejectEveryFlippedBitOfTheBody() {
        byte[] body = utf8(PAYLOAD);
        for (int bit = 0; bit < body.length * 8; bit++) {
            assertThat(verifier.verify(github(SIGNATURE), flip(body, bit)).isVerified())
                    .as("bit %d", bit)
                    .isFalse();
        }
    }

    @Test
    void shouldRejectEveryFlippedBitOfTheSignature() {
        for (int bit = 0; bit < SIGNATURE.length() * 8; bit++) {
            assertThat(verifier.verify(github(flip(SIGNATURE, bit)), utf8(PAYLOAD))
                            .isVerified())
                    .as("bit %d", bit)
                    .isFalse();
        }
    }

    @Test
    void shouldStillAcceptAChangedDeliveryIdBecauseGitHubDoesNotSignIt() {
        // the residual risk the body-hash key covers: see EventIdExtractorTest and the README
        Headers headers = Headers.of("X-Hub-Signature-256", SIGNATURE, "X-GitHub-Delivery", flip(DELIVERY, 0));

        assertThat(verifier.verify(headers, utf8(PAYLOAD)).isVerified()).isTrue();
    }

    @Test
    void shouldAcceptTheOldAndTheNewSecretDuringRotation() {
        SignatureVerifier rotating = Verifiers.github("new secret", SECRET);
        Headers byNew = WebhookSigner.of(Scheme.GITHUB, "new secret").sign(DELIVERY, Instant.EPOCH, utf8(PAYLOAD));

        assertThat(rotating.verify(github(SIGNATURE), utf8(PAYLOAD)).isVerified())
                .isTrue();
        assertThat(rotating.verify(byNew, utf8(PAYLOAD)).isVerified()).isTrue();
        assertThat(reasonOf(verifier.verify(byNew, utf8(PAYLOAD)))).isEqualTo(NO_MATCHING_SIGNATURE);
    }

    @Test
    void shouldRejectAMissingHeader() {
        assertThat(reasonOf(verifier.verify(Headers.empty(), utf8(PAYLOAD)))).isEqualTo(MISSING_HEADER);
    }

    @Test
    void shouldRejectTheLegacySha1HeaderAloneAsUnsupported() {
        Headers headers = Headers.of("X-Hub-Signature", "sha1=01dc10d0c83e72ed246219cdd91669667fe2ca59");

        assertThat(reasonOf(verifier.verify(headers, utf8(PAYLOAD)))).isEqualTo(UNSUPPORTED_VERSION);
    }

    @Test
    void shouldRejectAnotherAlgorithmLabelAsUnsupported() {
        assertThat(reasonOf(verifier.verify(github("sha1=01dc10d0c83e72ed246219cdd91669667fe2ca59"), utf8(PAYLOAD))))
                .isEqualTo(UNSUPPORTED_VERSION);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "",
                "757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17",
                "sha256=",
                "sha256=xyz",
                "sha256=757107EA0EB2509FC211221CCE984B8A37570B6D7586C22C46F4379C8B043E17",
                "sha256 = 757107ea"
            })
    void shouldRejectAMalformedHeader(String signature) {
        assertThat(reasonOf(verifier.verify(github(signature), utf8(PAYLOAD)))).isEqualTo(MALFORMED_HEADER);
    }

    @Test
    void shouldRejectAWrongSignatureWithoutRevealingTheExpectedOne() {
        Verification verification = Verifiers.github("wrong").verify(github(SIGNATURE), utf8(PAYLOAD));

        assertThat(reasonOf(verification)).isEqualTo(NO_MATCHING_SIGNATURE);
        assertThat(messageOf(verification))
                .doesNotContain(SIGNATURE.substring(7))
                .doesNotContain("wrong");
    }

    private static Headers github(String signature) {
        return Headers.of("X-Hub-Signature-256", signature, "X-GitHub-Delivery", DELIVERY);
    }
}
