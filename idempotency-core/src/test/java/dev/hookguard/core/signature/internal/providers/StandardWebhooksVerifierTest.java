package dev.hookguard.core.signature.internal.providers;

import static dev.hookguard.core.signature.Fixtures.clockAt;
import static dev.hookguard.core.signature.Fixtures.flip;
import static dev.hookguard.core.signature.Fixtures.messageOf;
import static dev.hookguard.core.signature.Fixtures.reasonOf;
import static dev.hookguard.core.signature.Fixtures.utf8;
import static dev.hookguard.core.signature.Verification.RejectionReason.MALFORMED_HEADER;
import static dev.hookguard.core.signature.Verification.RejectionReason.MISSING_HEADER;
import static dev.hookguard.core.signature.Verification.RejectionReason.NO_MATCHING_SIGNATURE;
import static dev.hookguard.core.signature.Verification.RejectionReason.TIMESTAMP_OUT_OF_TOLERANCE;
import static dev.hookguard.core.signature.Verification.RejectionReason.UNSUPPORTED_VERSION;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.hookguard.core.signature.Headers;
import dev.hookguard.core.signature.Scheme;
import dev.hookguard.core.signature.SignatureConfig;
import dev.hookguard.core.signature.SignatureVerifier;
import dev.hookguard.core.signature.Verification;
import dev.hookguard.core.signature.WebhookSigner;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class StandardWebhooksVerifierTest {

    // Published vector: standard-webhooks/standard-webhooks, libraries/java/src/test/java/com/standardwebhooks/
    // WebhookTest.java (verifyWebhookSignWorks) and libraries/javascript/src/webhook.test.ts ("sign function
    // works"); the same message and secret are used throughout the spec's test suites.
    private static final String SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
    private static final String ID = "msg_p5jXN8AQM9LWM0D4loKWxJek";
    private static final long TIMESTAMP = 1614265330;
    private static final String PAYLOAD = "{\"test\": 2432232314}";
    private static final String SIGNATURE = "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=";
    // From the same WebhookTest.java (verifyValidPayloadWithMultipleSignaturesIsValid): entries that sit
    // around the valid one in a multi-signature header.
    private static final String OTHER_V1 = "v1,Ceo5qEr07ixe2NLpvHk3FH9bwy/WavXrAFQ/9tdO6mc=";
    private static final String OTHER_V2 = "v2,Ceo5qEr07ixe2NLpvHk3FH9bwy/WavXrAFQ/9tdO6mc=";

    private static final String NEW_SECRET =
            "whsec_" + java.util.Base64.getEncoder().encodeToString(utf8("rotated"));

    private final SignatureVerifier verifier = verifier(SECRET);

    @Test
    void shouldAcceptThePublishedVector() {
        Verification verification = verifier.verify(headers(ID, TIMESTAMP, SIGNATURE), utf8(PAYLOAD));

        assertThat(verification).isEqualTo(Verification.Verified.at(Instant.ofEpochSecond(TIMESTAMP)));
    }

    @Test
    void shouldSignThePublishedVector() {
        Headers signed = WebhookSigner.of(Scheme.STANDARD_WEBHOOKS, SECRET)
                .sign(ID, Instant.ofEpochSecond(TIMESTAMP), utf8(PAYLOAD));

        assertThat(signed.first("webhook-signature")).contains(SIGNATURE);
        assertThat(signed.first("webhook-id")).contains(ID);
        assertThat(signed.first("webhook-timestamp")).contains(Long.toString(TIMESTAMP));
    }

    @Test
    void shouldAcceptSvixHeaders() {
        Headers headers =
                Headers.of("svix-id", ID, "svix-timestamp", Long.toString(TIMESTAMP), "svix-signature", SIGNATURE);

        assertThat(verifier.verify(headers, utf8(PAYLOAD)).isVerified()).isTrue();
    }

    @Test
    void shouldNotMixHeaderFamilies() {
        Headers headers = Headers.of(
                "webhook-id",
                "msg_forged",
                "svix-id",
                ID,
                "svix-timestamp",
                Long.toString(TIMESTAMP),
                "svix-signature",
                SIGNATURE);

        assertThat(reasonOf(verifier.verify(headers, utf8(PAYLOAD)))).isEqualTo(MISSING_HEADER);
    }

    @Test
    void shouldAcceptAValidSignatureAmongOthers() {
        String list = String.join(" ", OTHER_V1, OTHER_V2, SIGNATURE, OTHER_V1);

        assertThat(verifier.verify(headers(ID, TIMESTAMP, list), utf8(PAYLOAD)).isVerified())
                .isTrue();
    }

    @Test
    void shouldAcceptSignaturesSpreadOverSeveralHeaderLines() {
        Headers headers = Headers.builder()
                .add("webhook-id", ID)
                .add("webhook-timestamp", Long.toString(TIMESTAMP))
                .add("webhook-signature", OTHER_V1)
                .add("webhook-signature", SIGNATURE)
                .build();

        assertThat(verifier.verify(headers, utf8(PAYLOAD)).isVerified()).isTrue();
    }

    @Test
    void shouldRejectEveryFlippedBitOfTheBody() {
        byte[] body = utf8(PAYLOAD);
        for (int bit = 0; bit < body.length * 8; bit++) {
            assertThat(verifier.verify(headers(ID, TIMESTAMP, SIGNATURE), flip(body, bit))
                            .isVerified())
                    .as("bit %d", bit)
                    .isFalse();
        }
    }

    @Test
    void shouldRejectEveryFlippedBitOfTheSignature() {
        for (int bit = 0; bit < SIGNATURE.length() * 8; bit++) {
            Headers headers = headers(ID, TIMESTAMP, flip(SIGNATURE, bit));
            assertThat(verifier.verify(headers, utf8(PAYLOAD)).isVerified())
                    .as("bit %d", bit)
                    .isFalse();
        }
    }

    @Test
    void shouldRejectEveryFlippedBitOfTheId() {
        for (int bit = 0; bit < ID.length() * 8; bit++) {
            Headers headers = Headers.of(
                    "webhook-id", flip(ID, bit),
                    "webhook-timestamp", Long.toString(TIMESTAMP),
                    "webhook-signature", SIGNATURE);
            assertThat(verifier.verify(headers, utf8(PAYLOAD)).isVerified())
                    .as("bit %d", bit)
                    .isFalse();
        }
    }

    @Test
    void shouldRejectEveryFlippedBitOfTheTimestamp() {
        String timestamp = Long.toString(TIMESTAMP);
        for (int bit = 0; bit < timestamp.length() * 8; bit++) {
            Headers headers = Headers.of(
                    "webhook-id", ID, "webhook-timestamp", flip(timestamp, bit), "webhook-signature", SIGNATURE);
            assertThat(verifier.verify(headers, utf8(PAYLOAD)).isVerified())
                    .as("bit %d", bit)
                    .isFalse();
        }
    }

    @Test
    void shouldAcceptTheOldAndTheNewSecretDuringRotation() {
        SignatureVerifier rotating = verifier(NEW_SECRET, SECRET);
        Instant now = Instant.ofEpochSecond(TIMESTAMP);

        Headers byOld = WebhookSigner.of(Scheme.STANDARD_WEBHOOKS, SECRET).sign(ID, now, utf8(PAYLOAD));
        Headers byNew = WebhookSigner.of(Scheme.STANDARD_WEBHOOKS, NEW_SECRET).sign(ID, now, utf8(PAYLOAD));

        assertThat(rotating.verify(byOld, utf8(PAYLOAD)).isVerified()).isTrue();
        assertThat(rotating.verify(byNew, utf8(PAYLOAD)).isVerified()).isTrue();
        assertThat(reasonOf(verifier.verify(byNew, utf8(PAYLOAD)))).isEqualTo(NO_MATCHING_SIGNATURE);
    }

    @ParameterizedTest
    @ValueSource(longs = {-300, -1, 0, 1, 300})
    void shouldAcceptTimestampsWithinTheTolerance(long offset) {
        Headers signed = sign(TIMESTAMP + offset);

        assertThat(verifier.verify(signed, utf8(PAYLOAD)).isVerified()).isTrue();
    }

    @ParameterizedTest
    @ValueSource(longs = {-301, 301, -100_000, 100_000})
    void shouldRejectTimestampsBeyondTheTolerance(long offset) {
        Headers signed = sign(TIMESTAMP + offset);

        assertThat(reasonOf(verifier.verify(signed, utf8(PAYLOAD)))).isEqualTo(TIMESTAMP_OUT_OF_TOLERANCE);
    }

    @Test
    void shouldHonourAConfiguredTolerance() {
        SignatureVerifier strict = new StandardWebhooksVerifier(
                SignatureConfig.custom()
                        .secrets(SECRET)
                        .tolerance(Duration.ofSeconds(10))
                        .build(),
                clockAt(TIMESTAMP));

        assertThat(strict.verify(sign(TIMESTAMP - 10), utf8(PAYLOAD)).isVerified())
                .isTrue();
        assertThat(reasonOf(strict.verify(sign(TIMESTAMP - 11), utf8(PAYLOAD)))).isEqualTo(TIMESTAMP_OUT_OF_TOLERANCE);
    }

    @ParameterizedTest
    @ValueSource(strings = {"webhook-id", "webhook-timestamp", "webhook-signature"})
    void shouldRejectAMissingHeader(String missing) {
        Headers all = headers(ID, TIMESTAMP, SIGNATURE);
        Headers.Builder without = Headers.builder();
        all.values().forEach((name, values) -> {
            if (!name.equals(missing)) {
                values.forEach(value -> without.add(name, value));
            }
        });

        Verification verification = verifier.verify(without.build(), utf8(PAYLOAD));

        assertThat(reasonOf(verification)).isEqualTo(MISSING_HEADER);
        assertThat(messageOf(verification)).contains(missing);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "abc", "-1", "+1614265330", "1614265330.5", " 1614265330"})
    void shouldRejectAMalformedTimestamp(String timestamp) {
        Headers headers = Headers.of("webhook-id", ID, "webhook-timestamp", timestamp, "webhook-signature", SIGNATURE);

        assertThat(reasonOf(verifier.verify(headers, utf8(PAYLOAD)))).isEqualTo(MALFORMED_HEADER);
    }

    @Test
    void shouldRejectAnAbsurdlyLargeTimestampAsOutOfTolerance() {
        Headers headers = Headers.of(
                "webhook-id", ID, "webhook-timestamp", "99999999999999999999", "webhook-signature", SIGNATURE);

        assertThat(reasonOf(verifier.verify(headers, utf8(PAYLOAD)))).isEqualTo(TIMESTAMP_OUT_OF_TOLERANCE);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "",
                "invalid_signature",
                "v1,",
                "v1,not*base64",
                "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OF=",
                ","
            })
    void shouldRejectASignatureHeaderWithoutADecodableEntry(String signature) {
        assertThat(reasonOf(verifier.verify(headers(ID, TIMESTAMP, signature), utf8(PAYLOAD))))
                .isEqualTo(MALFORMED_HEADER);
    }

    @Test
    void shouldRejectSeveralDifferentIds() {
        Headers headers = Headers.builder()
                .add("webhook-id", ID)
                .add("webhook-id", "msg_other")
                .add("webhook-timestamp", Long.toString(TIMESTAMP))
                .add("webhook-signature", SIGNATURE)
                .build();

        assertThat(reasonOf(verifier.verify(headers, utf8(PAYLOAD)))).isEqualTo(MALFORMED_HEADER);
    }

    @Test
    void shouldRejectOnlyOtherVersionsAsUnsupported() {
        String others = String.join(" ", OTHER_V2, "v1a,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=");

        assertThat(reasonOf(verifier.verify(headers(ID, TIMESTAMP, others), utf8(PAYLOAD))))
                .isEqualTo(UNSUPPORTED_VERSION);
    }

    @Test
    void shouldRejectAWrongSignatureWithoutRevealingTheExpectedOne() {
        Verification verification = verifier.verify(headers(ID, TIMESTAMP, OTHER_V1), utf8(PAYLOAD));

        assertThat(reasonOf(verification)).isEqualTo(NO_MATCHING_SIGNATURE);
        assertThat(messageOf(verification))
                .doesNotContain(SIGNATURE.substring(3))
                .doesNotContain(SECRET.substring(6));
        assertThat(((Verification.Rejected) verification).httpStatus()).isEqualTo(401);
    }

    @Test
    void shouldRejectBadSecretsWithoutQuotingThem() {
        assertThatThrownBy(() -> verifier("MfKQ9r8GKYqr*TwjUPD8ILPZIo2LaLaSw"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("secrets[0] must be 'whsec_' followed by non-empty base64, or bare base64")
                .hasMessageNotContaining("MfKQ9r8GKYqr");
        assertThatThrownBy(() -> verifier(SECRET, "whsec_not*base64!"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("secrets[1] must be 'whsec_' followed by non-empty base64");
        assertThatThrownBy(() -> verifier("whsec_"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("secrets[0]");
    }

    @Test
    void shouldRejectATruncatedSignatureAsNotMatching() {
        assertThat(reasonOf(verifier.verify(headers(ID, TIMESTAMP, "v1,g0hM9SsE+OTPJTGt"), utf8(PAYLOAD))))
                .isEqualTo(NO_MATCHING_SIGNATURE);
    }

    private static SignatureVerifier verifier(String... secrets) {
        return new StandardWebhooksVerifier(SignatureConfig.of(secrets), clockAt(TIMESTAMP));
    }

    private static Headers headers(String id, long timestamp, String signature) {
        return Headers.of(
                "webhook-id", id, "webhook-timestamp", Long.toString(timestamp), "webhook-signature", signature);
    }

    private static Headers sign(long timestamp) {
        return WebhookSigner.of(Scheme.STANDARD_WEBHOOKS, SECRET)
                .sign(ID, Instant.ofEpochSecond(timestamp), utf8(PAYLOAD));
    }
}
