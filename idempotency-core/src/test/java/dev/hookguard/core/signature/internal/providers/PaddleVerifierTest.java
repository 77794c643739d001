package dev.hookguard.core.signature.internal.providers;

import static dev.hookguard.core.signature.Fixtures.clockAt;
import static dev.hookguard.core.signature.Fixtures.reasonOf;
import static dev.hookguard.core.signature.Fixtures.utf8;
import static dev.hookguard.core.signature.Verification.RejectionReason.MALFORMED_HEADER;
import static dev.hookguard.core.signature.Verification.RejectionReason.MISSING_HEADER;
import static dev.hookguard.core.signature.Verification.RejectionReason.NO_MATCHING_SIGNATURE;
import static dev.hookguard.core.signature.Verification.RejectionReason.TIMESTAMP_OUT_OF_TOLERANCE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.hookguard.core.signature.Headers;
import dev.hookguard.core.signature.Scheme;
import dev.hookguard.core.signature.SignatureConfig;
import dev.hookguard.core.signature.SignatureVerifier;
import dev.hookguard.core.signature.Verification;
import dev.hookguard.core.signature.Verifiers;
import dev.hookguard.core.signature.WebhookSigner;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class PaddleVerifierTest {

    // Published vector: PaddleHQ/paddle-python-sdk, tests/Unit/Notification/test_Verifier.py
    // (test_validate_paddle_signature_header_integrity): body "hello-world", three secrets of which the third
    // signed; the header carries a non-hex "h1=dummy" before the real one. Checked independently with
    // `printf '1696195954:hello-world' | openssl dgst -sha256 -hmac <third secret>`.
    private static final long TS = 1696195954L;
    private static final String HEADER_VALUE =
            "ts=1696195954;h1=dummy;h1=d96299976a6eb066f484d7fde011ac56fc32b38fc9940bc419d6e537fdc6ef02";
    private static final String BODY = "hello-world";
    private static final String WRONG_1 = "pdl_ntf_01hbpjmytsa32fhr36nqgc3kgb_TjIG2BXbm83HPXqNfziwe506sBEdqL/4";
    private static final String WRONG_2 = "pdl_ntf_01hbpjmytsa32fhr36nqgc3kgb_vB/yIOnTOCWIvpBadM5jzBZPHc7OmdSo";
    private static final String SECRET = "pdl_ntf_01hbpjmytsa32fhr36nqgc3kgb_WvRO0eL4Bj9rgYYIBZY6wZhG4EHy9jzh";

    private final SignatureVerifier verifier =
            Verifiers.of(Scheme.PADDLE, SignatureConfig.of(WRONG_1, WRONG_2, SECRET), clockAt(TS));

    @Test
    void shouldAcceptThePublishedVectorUnderTheThirdOfThreeSecrets() {
        assertThat(verifier.verify(Headers.of(PaddleVerifier.HEADER, HEADER_VALUE), utf8(BODY)))
                .isEqualTo(Verification.Verified.at(Instant.ofEpochSecond(TS)));
    }

    @Test
    void shouldRejectATamperedBodyOrAWrongSecret() {
        assertThat(reasonOf(verifier.verify(Headers.of(PaddleVerifier.HEADER, HEADER_VALUE), utf8("hello-world!"))))
                .isEqualTo(NO_MATCHING_SIGNATURE);
        SignatureVerifier wrong = Verifiers.of(Scheme.PADDLE, SignatureConfig.of(WRONG_1, WRONG_2), clockAt(TS));
        assertThat(reasonOf(wrong.verify(Headers.of(PaddleVerifier.HEADER, HEADER_VALUE), utf8(BODY))))
                .isEqualTo(NO_MATCHING_SIGNATURE);
    }

    @ParameterizedTest
    @ValueSource(longs = {-301, 301})
    void shouldRejectAStaleOrFutureTimestamp(long offset) {
        SignatureVerifier skewed = Verifiers.of(Scheme.PADDLE, SignatureConfig.of(SECRET), clockAt(TS + offset));

        assertThat(reasonOf(skewed.verify(Headers.of(PaddleVerifier.HEADER, HEADER_VALUE), utf8(BODY))))
                .isEqualTo(TIMESTAMP_OUT_OF_TOLERANCE);
    }

    @ParameterizedTest
    @ValueSource(strings = {"h1=abc", "ts=1696195954", "ts=x;h1=00", "ts=1;ts=2;h1=00", ""})
    void shouldRejectAMalformedHeader(String value) {
        assertThat(reasonOf(verifier.verify(Headers.of(PaddleVerifier.HEADER, value), utf8(BODY))))
                .isEqualTo(MALFORMED_HEADER);
    }

    @Test
    void shouldRejectAMissingHeader() {
        assertThat(reasonOf(verifier.verify(Headers.empty(), utf8(BODY)))).isEqualTo(MISSING_HEADER);
    }

    @Test
    void shouldSignAsItVerifies() {
        Headers signed = WebhookSigner.of(Scheme.PADDLE, SECRET).sign("ignored", Instant.ofEpochSecond(TS), utf8(BODY));

        assertThat(signed.first(PaddleVerifier.HEADER)).contains(HEADER_VALUE.replace("h1=dummy;", ""));
    }
}
