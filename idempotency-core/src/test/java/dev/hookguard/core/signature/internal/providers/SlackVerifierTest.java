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

class SlackVerifierTest {

    // Published vector: Slack, "Verifying requests from Slack"
    // (https://api.slack.com/authentication/verifying-requests-from-slack), also used by
    // slackapi/python-slack-sdk, tests/slack_sdk/signature/test_signature_verifier.py.
    private static final String SECRET = "8f742231b10e8888abcd99yyyzzz85a5";
    private static final long TIMESTAMP = 1531420618;
    private static final String PAYLOAD = "token=xyzz0WbapA4vBCDEFasx0q6G&team_id=T1DC2JH3J&team_domain=testteamnow"
            + "&channel_id=G8PSS9T3V&channel_name=foobar&user_id=U2CERLKJA&user_name=roadrunner"
            + "&command=%2Fwebhook-collect&text=&response_url=https%3A%2F%2Fhooks.slack.com%2Fcommands%2FT1DC2JH3J"
            + "%2F397700885554%2F96rGlfmibIGlgcZRskXaIFfN&trigger_id=398738663015.47445629121"
            + ".803a0bc887a14d10d2c447fce8b6703c";
    private static final String SIGNATURE = "v0=a2114d57b48eac39b9ad189dd8316235a7b4a8d21a10bd27519666489c69b503";

    private final SignatureVerifier verifier = verifier(SECRET);

    @Test
    void shouldAcceptThePublishedVector() {
        Verification verification = verifier.verify(slack(SIGNATURE, Long.toString(TIMESTAMP)), utf8(PAYLOAD));

        assertThat(verification).isEqualTo(Verification.Verified.at(Instant.ofEpochSecond(TIMESTAMP)));
    }

    @Test
    void shouldSignThePublishedVector() {
        Headers signed =
                WebhookSigner.of(Scheme.SLACK, SECRET).sign("ignored", Instant.ofEpochSecond(TIMESTAMP), utf8(PAYLOAD));

        assertThat(signed.first("X-Slack-Signature")).contains(SIGNATURE);
        assertThat(signed.first("X-Slack-Request-Timestamp")).contains(Long.toString(TIMESTAMP));
    }

    @Test
    void shouldRejectEveryFlippedBitOfTheBody() {
        byte[] body = utf8(PAYLOAD);
        for (int bit = 0; bit < body.length * 8; bit++) {
            assertThat(verifier.verify(slack(SIGNATURE, Long.toString(TIMESTAMP)), flip(body, bit))
                            .isVerified())
                    .as("bit %d", bit)
                    .isFalse();
        }
    }

    @Test
    void shouldRejectEveryFlippedBitOfTheSignature() {
        for (int bit = 0; bit < SIGNATURE.length() * 8; bit++) {
            Headers headers = slack(flip(SIGNATURE, bit), Long.toString(TIMESTAMP));
            assertThat(verifier.verify(headers, utf8(PAYLOAD)).isVerified())
                    .as("bit %d", bit)
                    .isFalse();
        }
    }

    @Test
    void shouldRejectEveryFlippedBitOfTheTimestamp() {
        String timestamp = Long.toString(TIMESTAMP);
        for (int bit = 0; bit < timestamp.length() * 8; bit++) {
            assertThat(verifier.verify(slack(SIGNATURE, flip(timestamp, bit)), utf8(PAYLOAD))
                            .isVerified())
                    .as("bit %d", bit)
                    .isFalse();
        }
    }

    @Test
    void shouldAcceptTheOldAndTheNewSecretDuringRotation() {
        SignatureVerifier rotating = verifier("new-signing-secret", SECRET);
        Headers byNew = sign("new-signing-secret", TIMESTAMP);

        assertThat(rotating.verify(slack(SIGNATURE, Long.toString(TIMESTAMP)), utf8(PAYLOAD))
                        .isVerified())
                .isTrue();
        assertThat(rotating.verify(byNew, utf8(PAYLOAD)).isVerified()).isTrue();
        assertThat(reasonOf(verifier.verify(byNew, utf8(PAYLOAD)))).isEqualTo(NO_MATCHING_SIGNATURE);
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
    void shouldRejectMissingHeaders() {
        Verification noSignature =
                verifier.verify(Headers.of("X-Slack-Request-Timestamp", Long.toString(TIMESTAMP)), utf8(PAYLOAD));
        Verification noTimestamp = verifier.verify(Headers.of("X-Slack-Signature", SIGNATURE), utf8(PAYLOAD));

        assertThat(reasonOf(noSignature)).isEqualTo(MISSING_HEADER);
        assertThat(messageOf(noSignature)).contains("X-Slack-Signature");
        assertThat(reasonOf(noTimestamp)).isEqualTo(MISSING_HEADER);
        assertThat(messageOf(noTimestamp)).contains("X-Slack-Request-Timestamp");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "abc", "-1", "1531420618 "})
    void shouldRejectAMalformedTimestamp(String timestamp) {
        assertThat(reasonOf(verifier.verify(slack(SIGNATURE, timestamp), utf8(PAYLOAD))))
                .isEqualTo(MALFORMED_HEADER);
    }

    @Test
    void shouldRejectAnAbsurdlyLargeTimestampAsOutOfTolerance() {
        assertThat(reasonOf(verifier.verify(slack(SIGNATURE, "99999999999999999999"), utf8(PAYLOAD))))
                .isEqualTo(TIMESTAMP_OUT_OF_TOLERANCE);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "a2114d57b48eac39b9ad189dd8316235a7b4a8d21a10bd27519666489c69b503", "v0=", "v0=zz"})
    void shouldRejectAMalformedSignature(String signature) {
        assertThat(reasonOf(verifier.verify(slack(signature, Long.toString(TIMESTAMP)), utf8(PAYLOAD))))
                .isEqualTo(MALFORMED_HEADER);
    }

    @Test
    void shouldRejectAnotherVersionAsUnsupported() {
        String v1 = "v1=a2114d57b48eac39b9ad189dd8316235a7b4a8d21a10bd27519666489c69b503";

        assertThat(reasonOf(verifier.verify(slack(v1, Long.toString(TIMESTAMP)), utf8(PAYLOAD))))
                .isEqualTo(UNSUPPORTED_VERSION);
    }

    @Test
    void shouldRejectAWrongSignatureWithoutRevealingTheExpectedOne() {
        Verification verification =
                verifier("wrong-secret").verify(slack(SIGNATURE, Long.toString(TIMESTAMP)), utf8(PAYLOAD));

        assertThat(reasonOf(verification)).isEqualTo(NO_MATCHING_SIGNATURE);
        assertThat(messageOf(verification))
                .doesNotContain(SIGNATURE.substring(3))
                .doesNotContain("wrong-secret");
    }

    private static SignatureVerifier verifier(String... secrets) {
        return new SlackVerifier(SignatureConfig.of(secrets), clockAt(TIMESTAMP));
    }

    private static Headers slack(String signature, String timestamp) {
        return Headers.of("X-Slack-Signature", signature, "X-Slack-Request-Timestamp", timestamp);
    }

    private static Headers sign(String secret, long timestamp) {
        return WebhookSigner.of(Scheme.SLACK, secret).sign("ignored", Instant.ofEpochSecond(timestamp), utf8(PAYLOAD));
    }
}
