package dev.hookguard.core.signature;

import static dev.hookguard.core.signature.Fixtures.clockAt;
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

import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Standard Webhooks' asymmetric {@code v1a} (Ed25519), bare base64 secrets, and the header names in messages. */
class StandardWebhooksV1aTest {

    // No published v1a vector exists in the Standard Webhooks reference libraries (their tests generate keys at
    // run time). This one is derived from the spec's algorithm with an independent tool: the key pair from
    // `openssl genpkey -algorithm ed25519`, the signature from `openssl pkeyutl -sign -rawin` over
    // "msg_p5jXN8AQM9LWM0D4loKWxJek.1614265330.{"test": 2432232314}" (the spec's published v1 message).
    // Ed25519 is deterministic, so anyone can re-derive it from the seed.
    private static final String SEED = "whsk_WVeGpo66hwq+Uzv/DsQH3RYK3SpyUVbdZloKhX+Ra+A=";
    private static final String PUBLIC_KEY = "whpk_jlR7SQXn5apTThcgk/I5kRKJXpN2U+v/Nm1GLKx8o1M=";
    private static final String SIGNATURE =
            "v1a,UqvEWzaZOWWCAiEu4VTpNKTA8hCpDjA4thWGl9fFi1KHmMLwaBjUJuXs22QvWnq87PEueyd3rmgAQamCj4KnDw==";
    private static final String ID = "msg_p5jXN8AQM9LWM0D4loKWxJek";
    private static final long TIMESTAMP = 1614265330;
    private static final String PAYLOAD = "{\"test\": 2432232314}";
    private static final String V1_SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
    private static final String V1_SIGNATURE = "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=";
    private static final String OTHER_PUBLIC_KEY = "whpk_" + "A".repeat(43) + "=";

    private final SignatureVerifier verifier = verifier(PUBLIC_KEY);

    @Test
    void shouldAcceptTheDerivedV1aVector() {
        assertThat(verifier.verify(headers(SIGNATURE), utf8(PAYLOAD)))
                .isEqualTo(Verification.Verified.at(Instant.ofEpochSecond(TIMESTAMP)));
    }

    @Test
    void shouldSignTheVectorFromTheSeed() {
        Headers signed = WebhookSigner.of(Scheme.STANDARD_WEBHOOKS, SEED)
                .sign(ID, Instant.ofEpochSecond(TIMESTAMP), utf8(PAYLOAD));

        assertThat(signed.first("webhook-signature")).contains(SIGNATURE);
    }

    @Test
    void shouldRejectATamperedBodyOrAnotherKey() {
        assertThat(reasonOf(verifier.verify(headers(SIGNATURE), utf8(PAYLOAD + " "))))
                .isEqualTo(NO_MATCHING_SIGNATURE);
        assertThat(reasonOf(verifier(OTHER_PUBLIC_KEY).verify(headers(SIGNATURE), utf8(PAYLOAD))))
                .isEqualTo(NO_MATCHING_SIGNATURE);
    }

    @Test
    void shouldAcceptEitherKindWhenSecretsAndKeysAreMixedAndRotating() {
        SignatureVerifier mixed = verifier(OTHER_PUBLIC_KEY, V1_SECRET, PUBLIC_KEY);

        assertThat(mixed.verify(headers(SIGNATURE), utf8(PAYLOAD)).isVerified()).isTrue();
        assertThat(mixed.verify(headers(V1_SIGNATURE), utf8(PAYLOAD)).isVerified())
                .isTrue();
        assertThat(mixed.verify(headers("v1,AAAA " + SIGNATURE), utf8(PAYLOAD)).isVerified())
                .isTrue();
    }

    @Test
    void shouldCallV1UnsupportedWhenOnlyKeysAreConfigured() {
        assertThat(reasonOf(verifier.verify(headers(V1_SIGNATURE), utf8(PAYLOAD))))
                .isEqualTo(UNSUPPORTED_VERSION);
        assertThat(reasonOf(verifier(V1_SECRET).verify(headers(SIGNATURE), utf8(PAYLOAD))))
                .isEqualTo(UNSUPPORTED_VERSION);
    }

    @ParameterizedTest
    @ValueSource(longs = {-301, 301})
    void shouldRejectAStaleOrFutureTimestamp(long offset) {
        SignatureVerifier skewed =
                Verifiers.of(Scheme.STANDARD_WEBHOOKS, SignatureConfig.of(PUBLIC_KEY), clockAt(TIMESTAMP + offset));

        assertThat(reasonOf(skewed.verify(headers(SIGNATURE), utf8(PAYLOAD)))).isEqualTo(TIMESTAMP_OUT_OF_TOLERANCE);
    }

    @Test
    void shouldRejectAMalformedEntry() {
        assertThat(reasonOf(verifier.verify(headers("v1a,not*base64"), utf8(PAYLOAD))))
                .isEqualTo(MALFORMED_HEADER);
        assertThat(reasonOf(verifier.verify(headers("v1a,AAAA"), utf8(PAYLOAD))))
                .isEqualTo(NO_MATCHING_SIGNATURE);
    }

    @Test
    void shouldRefuseABadPublicKeyWithoutQuotingIt() {
        assertThatThrownBy(() -> verifier("whpk_c2hvcnQ="))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("secrets[0]")
                .hasMessageNotContaining("c2hvcnQ");
    }

    @Test
    void shouldAcceptABareBase64SecretAsTheReferenceLibrariesDo() {
        SignatureVerifier bare = verifier(V1_SECRET.substring("whsec_".length()));

        assertThat(bare.verify(headers(V1_SIGNATURE), utf8(PAYLOAD)).isVerified())
                .isTrue();
    }

    @Test
    void shouldNameWebhookIdWhenNoIdHeaderIsPresent() {
        Headers headers = Headers.of("webhook-timestamp", Long.toString(TIMESTAMP), "webhook-signature", SIGNATURE);

        Verification verification = verifier.verify(headers, utf8(PAYLOAD));

        assertThat(reasonOf(verification)).isEqualTo(MISSING_HEADER);
        assertThat(messageOf(verification)).isEqualTo("webhook-id header is missing");
    }

    private static SignatureVerifier verifier(String... secrets) {
        return Verifiers.of(Scheme.STANDARD_WEBHOOKS, SignatureConfig.of(secrets), clockAt(TIMESTAMP));
    }

    private static Headers headers(String signature) {
        return Headers.of(
                "webhook-id", ID, "webhook-timestamp", Long.toString(TIMESTAMP), "webhook-signature", signature);
    }
}
