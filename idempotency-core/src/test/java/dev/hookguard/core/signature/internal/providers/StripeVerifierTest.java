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

import dev.hookguard.core.signature.Headers;
import dev.hookguard.core.signature.Scheme;
import dev.hookguard.core.signature.SignatureConfig;
import dev.hookguard.core.signature.SignatureVerifier;
import dev.hookguard.core.signature.Verification;
import dev.hookguard.core.signature.WebhookSigner;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class StripeVerifierTest {

    // Published vector: stripe/stripe-dotnet, src/StripeTests/Services/Events/EventUtilityTest.cs (secret,
    // timestamp and Stripe-Signature header) over the fixture src/StripeTests/Resources/event_test_signature.json
    // (copied below byte for byte, "\n" line endings and the final newline included).
    private static final String SECRET = "webhook_secret";
    private static final long TIMESTAMP = 1533204620;
    private static final String V1 = "2220f87ef101a04665f11cdf770523143f875572008577fa0f20882ddb9cc3c7";
    private static final String HEADER =
            "t=1533204620,v1=" + V1 + ",v0=63f3a72374a733066c4be69ed7f8e5ac85c22c9f0a6a612ab9a025a9e4ee7eef";
    private static final String PAYLOAD = """
            {
              "id": "evt_123",
              "object": "event",
              "account": "acct_123",
              "api_version": "2017-05-25",
              "created": 1533204620,
              "data": {
                "object": {
                  "id": "cus_123",
                  "object": "customer",
                  "created": 123456789,
                  "email": "test@stripe.com",
                  "livemode": false,
                  "metadata": {}
                }
              },
              "livemode": false,
              "pending_webhooks": 1,
              "request": {
                "id": "req_123",
                "idempotency_key": "idempotency-key-123"
              },
              "type": "customer.created"
            }
            """;
    private static final String SIGNED = "t=" + TIMESTAMP + ",v1=" + V1;

    private final SignatureVerifier verifier = verifier(SECRET);

    @Test
    void shouldAcceptThePublishedVector() {
        // stripe-dotnet verifies it 100 s after the timestamp
        SignatureVerifier later = new StripeVerifier(SignatureConfig.of(SECRET), clockAt(TIMESTAMP + 100));

        Verification verification = later.verify(Headers.of("Stripe-Signature", HEADER), utf8(PAYLOAD));

        assertThat(verification).isEqualTo(Verification.Verified.at(Instant.ofEpochSecond(TIMESTAMP)));
    }

    @Test
    void shouldSignThePublishedVector() {
        Headers signed = WebhookSigner.of(Scheme.STRIPE, SECRET)
                .sign("ignored", Instant.ofEpochSecond(TIMESTAMP), utf8(PAYLOAD));

        assertThat(signed.first("Stripe-Signature")).contains(SIGNED);
    }

    @Test
    void shouldAcceptAValidSignatureAmongSeveral() {
        String header = "t=" + TIMESTAMP + ",v1=" + "de".repeat(32) + ",v1=" + V1 + ",v1=bad_signature";

        assertThat(verifier.verify(stripe(header), utf8(PAYLOAD)).isVerified()).isTrue();
    }

    @Test
    void shouldRejectEveryFlippedBitOfTheBody() {
        byte[] body = utf8(PAYLOAD);
        for (int bit = 0; bit < body.length * 8; bit++) {
            assertThat(verifier.verify(stripe(SIGNED), flip(body, bit)).isVerified())
                    .as("bit %d", bit)
                    .isFalse();
        }
    }

    @Test
    void shouldRejectEveryFlippedBitOfTheTimestampAndSignature() {
        for (int bit = 0; bit < SIGNED.length() * 8; bit++) {
            assertThat(verifier.verify(stripe(flip(SIGNED, bit)), utf8(PAYLOAD)).isVerified())
                    .as("bit %d", bit)
                    .isFalse();
        }
    }

    @Test
    void shouldAcceptTheOldAndTheNewSecretDuringRotation() {
        SignatureVerifier rotating = verifier("whsec_new", SECRET);

        assertThat(rotating.verify(stripe(SIGNED), utf8(PAYLOAD)).isVerified()).isTrue();
        assertThat(rotating.verify(sign("whsec_new", TIMESTAMP), utf8(PAYLOAD)).isVerified())
                .isTrue();
        assertThat(reasonOf(verifier.verify(sign("whsec_new", TIMESTAMP), utf8(PAYLOAD))))
                .isEqualTo(NO_MATCHING_SIGNATURE);
    }

    @ParameterizedTest
    @ValueSource(longs = {-300, 0, 300})
    void shouldAcceptTimestampsWithinTheTolerance(long offset) {
        assertThat(verifier.verify(sign(SECRET, TIMESTAMP + offset), utf8(PAYLOAD))
                        .isVerified())
                .isTrue();
    }

    @ParameterizedTest
    @ValueSource(longs = {-301, 301})
    void shouldRejectTimestampsBeyondTheTolerance(long offset) {
        assertThat(reasonOf(verifier.verify(sign(SECRET, TIMESTAMP + offset), utf8(PAYLOAD))))
                .isEqualTo(TIMESTAMP_OUT_OF_TOLERANCE);
    }

    @Test
    void shouldRejectAMissingHeader() {
        Verification verification = verifier.verify(Headers.of("Stripe-Sig", SIGNED), utf8(PAYLOAD));

        assertThat(reasonOf(verification)).isEqualTo(MISSING_HEADER);
        assertThat(messageOf(verification)).contains("Stripe-Signature");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "",
                "bad_header",
                "i'm not even a real signature header",
                "t=,v1=" + V1,
                "t=abc,v1=" + V1,
                "t=-1,v1=" + V1,
                "v1=" + V1,
                "t=1533204620,t=1533204621,v1=" + V1,
                "t=1533204620",
                "t=1533204620,v1=",
                "t=1533204620,v1=not-hex",
                "t=1533204620,v1=2220F87EF101A04665F11CDF770523143F875572008577FA0F20882DDB9CC3C7",
                "t,v1=,v0=",
                ",,"
            })
    void shouldRejectAMalformedHeader(String header) {
        assertThat(reasonOf(verifier.verify(stripe(header), utf8(PAYLOAD)))).isEqualTo(MALFORMED_HEADER);
    }

    @Test
    void shouldRejectAnAbsurdlyLargeTimestampAsOutOfTolerance() {
        assertThat(reasonOf(verifier.verify(stripe("t=99999999999999999999,v1=" + V1), utf8(PAYLOAD))))
                .isEqualTo(TIMESTAMP_OUT_OF_TOLERANCE);
    }

    @Test
    void shouldRejectAHeaderWithOnlyOtherSchemesAsUnsupported() {
        String header = "t=1533204620,v0=63f3a72374a733066c4be69ed7f8e5ac85c22c9f0a6a612ab9a025a9e4ee7eef";

        assertThat(reasonOf(verifier.verify(stripe(header), utf8(PAYLOAD)))).isEqualTo(UNSUPPORTED_VERSION);
    }

    @Test
    void shouldRejectAWrongSignatureWithoutRevealingTheExpectedOne() {
        Verification verification = verifier("whsec_other").verify(stripe(SIGNED), utf8(PAYLOAD));

        assertThat(reasonOf(verification)).isEqualTo(NO_MATCHING_SIGNATURE);
        assertThat(messageOf(verification)).doesNotContain(V1).doesNotContain("whsec_other");
    }

    @Test
    void shouldReadSeveralHeaderLines() {
        Headers headers = Headers.builder()
                .add("Stripe-Signature", "t=" + TIMESTAMP)
                .add("Stripe-Signature", "v1=" + V1)
                .build();

        assertThat(verifier.verify(headers, utf8(PAYLOAD)).isVerified()).isTrue();
    }

    private static SignatureVerifier verifier(String... secrets) {
        return new StripeVerifier(SignatureConfig.of(secrets), clockAt(TIMESTAMP));
    }

    private static Headers stripe(String header) {
        return Headers.of("Stripe-Signature", header);
    }

    private static Headers sign(String secret, long timestamp) {
        return WebhookSigner.of(Scheme.STRIPE, secret).sign("evt_123", Instant.ofEpochSecond(timestamp), utf8(PAYLOAD));
    }
}
