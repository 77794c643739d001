package dev.hookguard.core.signature.internal.providers;

import static dev.hookguard.core.signature.Fixtures.clockAt;
import static dev.hookguard.core.signature.Fixtures.reasonOf;
import static dev.hookguard.core.signature.Fixtures.utf8;
import static dev.hookguard.core.signature.Verification.RejectionReason.MALFORMED_HEADER;
import static dev.hookguard.core.signature.Verification.RejectionReason.MISSING_HEADER;
import static dev.hookguard.core.signature.Verification.RejectionReason.NO_MATCHING_SIGNATURE;
import static dev.hookguard.core.signature.Verification.RejectionReason.TIMESTAMP_OUT_OF_TOLERANCE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.hookguard.core.signature.Headers;
import dev.hookguard.core.signature.Scheme;
import dev.hookguard.core.signature.SignatureConfig;
import dev.hookguard.core.signature.SignatureVerifier;
import dev.hookguard.core.signature.Verification;
import dev.hookguard.core.signature.Verifiers;
import dev.hookguard.core.signature.WebhookSigner;
import java.security.KeyPairGenerator;
import java.security.spec.ECGenParameterSpec;
import java.time.Instant;
import java.util.Base64;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

public class SendGridVerifierTest {

    // Published vector: sendgrid/sendgrid-java, src/test/java/com/sendgrid/helpers/eventwebhook/EventWebhookTest.java
    // (testVerifySignature, testBadKey, testBadSignature). The payload there is Jackson's serialisation of one
    // event plus "\r\n", written out below; checked independently with `openssl dgst -sha256 -verify`.
    public static final String PUBLIC_KEY =
            "MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE83T4O/n84iotIvIW4mdBgQ/7dAfSmpqIM8kF9mN1flpVKS3GRqe"
                    + "62gw+2fNNRaINXvVpiglSI8eNEc6wEA3F+g==";
    static final String SIGNATURE =
            "MEUCIGHQVtGj+Y3LkG9fLcxf3qfI10QysgDWmMOVmxG0u6ZUAiEAyBiXDWzM+uOe5W0JuG+luQAbPIqHh89M15TluLtEZtM=";
    static final long TIMESTAMP = 1600112502L;
    static final String PAYLOAD =
            "[{\"email\":\"hello@world.com\",\"event\":\"dropped\",\"reason\":\"Bounced Address\","
                    + "\"sg_event_id\":\"ZHJvcC0xMDk5NDkxOS1MUnpYbF9OSFN0T0doUTRrb2ZTbV9BLTA\","
                    + "\"sg_message_id\":\"LRzXl_NHStOGhQ4kofSm_A.filterdrecv-p3mdw1-756b745b58-kmzbl-18-5F5FC76C-9.0\","
                    + "\"smtp-id\":\"<LRzXl_NHStOGhQ4kofSm_A@ismtpd0039p1iad1.sendgrid.net>\",\"timestamp\":1600112492}]\r\n";
    private static final String OTHER_KEY =
            "MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEqTxd43gyp8IOEto2LdIfjRQrIbsd4SXZkLW6jDutdhX"
                    + "SJCWHw8REntlo7aNDthvj+y7GjUuFDb/R1NGe1OPzpA==";
    private static final String OTHER_SIGNATURE =
            "MEUCIQCtIHJeH93Y+qpYeWrySphQgpNGNr/U+UyUlBkU6n7RAwIgJTz2C+8a8xonZGi6BpSzoQsbVRamr2nlxFDWYNH3j/0=";

    private final SignatureVerifier verifier =
            Verifiers.of(Scheme.SENDGRID, SignatureConfig.of(PUBLIC_KEY), clockAt(TIMESTAMP));

    @Test
    void shouldAcceptThePublishedVector() {
        assertThat(verifier.verify(headers(SIGNATURE, TIMESTAMP), utf8(PAYLOAD)))
                .isEqualTo(Verification.Verified.at(Instant.ofEpochSecond(TIMESTAMP)));
    }

    @Test
    void shouldAcceptAPemKeyAndTheOldKeyWhileRotating() {
        String pem = "-----BEGIN PUBLIC KEY-----\n" + PUBLIC_KEY + "\n-----END PUBLIC KEY-----";
        SignatureVerifier rotating =
                Verifiers.of(Scheme.SENDGRID, SignatureConfig.of(OTHER_KEY, pem), clockAt(TIMESTAMP));

        assertThat(rotating.verify(headers(SIGNATURE, TIMESTAMP), utf8(PAYLOAD)).isVerified())
                .isTrue();
    }

    @Test
    void shouldRejectATamperedBodyAWrongKeyOrAnotherSignature() {
        assertThat(reasonOf(verifier.verify(headers(SIGNATURE, TIMESTAMP), utf8("payload"))))
                .isEqualTo(NO_MATCHING_SIGNATURE);
        SignatureVerifier wrong = Verifiers.of(Scheme.SENDGRID, SignatureConfig.of(OTHER_KEY), clockAt(TIMESTAMP));
        assertThat(reasonOf(wrong.verify(headers(SIGNATURE, TIMESTAMP), utf8(PAYLOAD))))
                .isEqualTo(NO_MATCHING_SIGNATURE);
        assertThat(reasonOf(verifier.verify(headers(OTHER_SIGNATURE, TIMESTAMP), utf8(PAYLOAD))))
                .isEqualTo(NO_MATCHING_SIGNATURE);
    }

    @ParameterizedTest
    @ValueSource(longs = {-301, 301})
    void shouldRejectAStaleOrFutureTimestamp(long offset) {
        SignatureVerifier skewed =
                Verifiers.of(Scheme.SENDGRID, SignatureConfig.of(PUBLIC_KEY), clockAt(TIMESTAMP + offset));

        assertThat(reasonOf(skewed.verify(headers(SIGNATURE, TIMESTAMP), utf8(PAYLOAD))))
                .isEqualTo(TIMESTAMP_OUT_OF_TOLERANCE);
    }

    @Test
    void shouldRejectAMalformedOrMissingHeader() {
        assertThat(reasonOf(verifier.verify(headers("MEUCIG*", TIMESTAMP), utf8(PAYLOAD))))
                .isEqualTo(MALFORMED_HEADER);
        assertThat(reasonOf(verifier.verify(headers("AAAA", TIMESTAMP), utf8(PAYLOAD))))
                .isEqualTo(NO_MATCHING_SIGNATURE);
        assertThat(reasonOf(verifier.verify(Headers.of(SendGridVerifier.SIGNATURE_HEADER, SIGNATURE), utf8(PAYLOAD))))
                .isEqualTo(MISSING_HEADER);
    }

    @Test
    void shouldRefuseAKeyThatIsNotP256() {
        assertThatThrownBy(() -> Verifiers.of(Scheme.SENDGRID, SignatureConfig.of("c2VjcmV0")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("secrets[0]")
                .hasMessageNotContaining("c2VjcmV0");
    }

    @Test
    void shouldSignWithAPrivateKeyAsItVerifies() throws Exception {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
        generator.initialize(new ECGenParameterSpec("secp256r1"));
        var pair = generator.generateKeyPair();
        String privateKey = Base64.getEncoder().encodeToString(pair.getPrivate().getEncoded());
        String publicKey = Base64.getEncoder().encodeToString(pair.getPublic().getEncoded());

        Headers signed = WebhookSigner.of(Scheme.SENDGRID, privateKey)
                .sign("ignored", Instant.ofEpochSecond(TIMESTAMP), utf8(PAYLOAD));

        SignatureVerifier own = Verifiers.of(Scheme.SENDGRID, SignatureConfig.of(publicKey), clockAt(TIMESTAMP));
        assertThat(own.verify(signed, utf8(PAYLOAD)).isVerified()).isTrue();
    }

    private static Headers headers(String signature, long timestamp) {
        return Headers.of(
                SendGridVerifier.SIGNATURE_HEADER,
                signature,
                SendGridVerifier.TIMESTAMP_HEADER,
                Long.toString(timestamp));
    }
}
