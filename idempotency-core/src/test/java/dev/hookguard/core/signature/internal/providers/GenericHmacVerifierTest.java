package dev.hookguard.core.signature.internal.providers;

import static dev.hookguard.core.signature.Fixtures.clockAt;
import static dev.hookguard.core.signature.Fixtures.flip;
import static dev.hookguard.core.signature.Fixtures.reasonOf;
import static dev.hookguard.core.signature.Fixtures.utf8;
import static dev.hookguard.core.signature.Verification.RejectionReason.MALFORMED_HEADER;
import static dev.hookguard.core.signature.Verification.RejectionReason.MISSING_HEADER;
import static dev.hookguard.core.signature.Verification.RejectionReason.NO_MATCHING_SIGNATURE;
import static dev.hookguard.core.signature.Verification.RejectionReason.TIMESTAMP_OUT_OF_TOLERANCE;
import static dev.hookguard.core.signature.Verification.RejectionReason.UNSUPPORTED_VERSION;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.hookguard.core.signature.EventIdConfig.EventIdSource;
import dev.hookguard.core.signature.GenericHmacConfig;
import dev.hookguard.core.signature.GenericHmacConfig.HmacAlgorithm;
import dev.hookguard.core.signature.GenericHmacConfig.SignatureEncoding;
import dev.hookguard.core.signature.Headers;
import dev.hookguard.core.signature.SignatureVerifier;
import dev.hookguard.core.signature.Verification;
import dev.hookguard.core.signature.Verifiers;
import dev.hookguard.core.signature.WebhookSigner;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class GenericHmacVerifierTest {

    private static final long NOW = 1_700_000_000L;
    private static final Clock CLOCK = clockAt(NOW);
    private static final String BODY = "{\"id\":\"evt_42\",\"data\":{\"id\":\"nested\"}}";

    private static final GenericHmacConfig SIGNED_ID = GenericHmacConfig.custom()
            .secrets("s3cr3t")
            .signatureHeader("X-Signature")
            .prefix("sha256=")
            .template("{id}.{timestamp}.{body}")
            .idSource(EventIdSource.header("X-Event-Id"))
            .timestampHeader("X-Timestamp")
            .build();

    @Test
    void shouldVerifyGitHubsPublishedVectorWhenConfiguredLikeGitHub() {
        // GitHub Docs, "Validating webhook deliveries": the documented test values
        GenericHmacConfig github = GenericHmacConfig.custom()
                .secrets("It's a Secret to Everybody")
                .signatureHeader("X-Hub-Signature-256")
                .prefix("sha256=")
                .build();
        Headers headers = Headers.of(
                "X-Hub-Signature-256", "sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17");

        assertThat(Verifiers.generic(github, CLOCK).verify(headers, utf8("Hello, World!")))
                .isEqualTo(Verification.Verified.untimed());
    }

    @Test
    void shouldVerifySlacksPublishedVectorWhenConfiguredLikeSlack() {
        // Slack, "Verifying requests from Slack": the documented example
        GenericHmacConfig slack = GenericHmacConfig.custom()
                .secrets("8f742231b10e8888abcd99yyyzzz85a5")
                .signatureHeader("X-Slack-Signature")
                .prefix("v0=")
                .template("v0:{timestamp}:{body}")
                .timestampHeader("X-Slack-Request-Timestamp")
                .build();
        Headers headers = Headers.of(
                "X-Slack-Signature", "v0=a2114d57b48eac39b9ad189dd8316235a7b4a8d21a10bd27519666489c69b503",
                "X-Slack-Request-Timestamp", "1531420618");
        String body = "token=xyzz0WbapA4vBCDEFasx0q6G&team_id=T1DC2JH3J&team_domain=testteamnow"
                + "&channel_id=G8PSS9T3V&channel_name=foobar&user_id=U2CERLKJA&user_name=roadrunner"
                + "&command=%2Fwebhook-collect&text=&response_url=https%3A%2F%2Fhooks.slack.com%2Fcommands"
                + "%2FT1DC2JH3J%2F397700885554%2F96rGlfmibIGlgcZRskXaIFfN&trigger_id=398738663015.47445629121"
                + ".803a0bc887a14d10d2c447fce8b6703c";

        Verification verification =
                Verifiers.generic(slack, clockAt(1531420618)).verify(headers, utf8(body));

        assertThat(verification).isEqualTo(Verification.Verified.at(Instant.ofEpochSecond(1531420618)));
    }

    @ParameterizedTest
    @CsvSource({"HEX, HMAC_SHA256", "HEX, HMAC_SHA512", "BASE64, HMAC_SHA256", "BASE64, HMAC_SHA512"})
    void shouldVerifyWhatItsSignerSigns(SignatureEncoding encoding, HmacAlgorithm algorithm) {
        GenericHmacConfig config = GenericHmacConfig.from(SIGNED_ID)
                .encoding(encoding)
                .algorithm(algorithm)
                .build();

        Headers signed = sign(config, "evt_42", NOW);

        assertThat(Verifiers.generic(config, CLOCK).verify(signed, utf8(BODY)))
                .isEqualTo(Verification.Verified.at(Instant.ofEpochSecond(NOW)));
        assertThat(signed.first("X-Event-Id")).contains("evt_42");
        assertThat(signed.first("X-Timestamp")).contains(Long.toString(NOW));
    }

    @Test
    void shouldRejectEveryFlippedBitOfBodySignatureIdAndTimestamp() {
        SignatureVerifier verifier = Verifiers.generic(SIGNED_ID, CLOCK);
        Headers signed = sign(SIGNED_ID, "evt_42", NOW);
        String signature = signed.first("X-Signature").orElseThrow();
        byte[] body = utf8(BODY);

        for (int bit = 0; bit < body.length * 8; bit++) {
            assertThat(verifier.verify(signed, flip(body, bit)).isVerified()).isFalse();
        }
        for (int bit = 0; bit < signature.length() * 8; bit++) {
            Headers changed = signed.with(Headers.of("X-Signature", flip(signature, bit)));
            assertThat(verifier.verify(changed, body).isVerified()).isFalse();
        }
        for (int bit = 0; bit < "evt_42".length() * 8; bit++) {
            Headers changed = signed.with(Headers.of("X-Event-Id", flip("evt_42", bit)));
            assertThat(verifier.verify(changed, body).isVerified()).isFalse();
        }
        String timestamp = Long.toString(NOW);
        for (int bit = 0; bit < timestamp.length() * 8; bit++) {
            Headers changed = signed.with(Headers.of("X-Timestamp", flip(timestamp, bit)));
            assertThat(verifier.verify(changed, body).isVerified()).isFalse();
        }
    }

    @Test
    void shouldSignTheIdReadFromTheBody() {
        GenericHmacConfig config = GenericHmacConfig.from(SIGNED_ID)
                .idSource(EventIdSource.jsonPointer("/id"))
                .build();
        SignatureVerifier verifier = Verifiers.generic(config, CLOCK);
        Headers signed = sign(config, "evt_42", NOW);

        assertThat(verifier.verify(signed, utf8(BODY)).isVerified()).isTrue();
        assertThat(signed.contains("X-Event-Id")).isFalse();
        assertThat(reasonOf(verifier.verify(sign(config, "nested", NOW), utf8(BODY))))
                .isEqualTo(NO_MATCHING_SIGNATURE);
        assertThat(reasonOf(verifier.verify(signed, utf8("{\"data\":{\"id\":\"evt_42\"}}"))))
                .isEqualTo(NO_MATCHING_SIGNATURE);
    }

    @Test
    void shouldAcceptTheOldAndTheNewSecretDuringRotation() {
        GenericHmacConfig rotating =
                GenericHmacConfig.from(SIGNED_ID).secrets("new", "s3cr3t").build();
        GenericHmacConfig newOnly =
                GenericHmacConfig.from(SIGNED_ID).secrets("new").build();

        assertThat(Verifiers.generic(rotating, CLOCK)
                        .verify(sign(SIGNED_ID, "e", NOW), utf8(BODY))
                        .isVerified())
                .isTrue();
        assertThat(Verifiers.generic(rotating, CLOCK)
                        .verify(sign(newOnly, "e", NOW), utf8(BODY))
                        .isVerified())
                .isTrue();
        assertThat(reasonOf(Verifiers.generic(SIGNED_ID, CLOCK).verify(sign(newOnly, "e", NOW), utf8(BODY))))
                .isEqualTo(NO_MATCHING_SIGNATURE);
    }

    @ParameterizedTest
    @ValueSource(longs = {-300, 300})
    void shouldAcceptTimestampsAtTheToleranceBounds(long offset) {
        Headers signed = sign(SIGNED_ID, "evt_42", NOW + offset);

        assertThat(Verifiers.generic(SIGNED_ID, CLOCK)
                        .verify(signed, utf8(BODY))
                        .isVerified())
                .isTrue();
    }

    @ParameterizedTest
    @ValueSource(longs = {-301, 301})
    void shouldRejectTimestampsBeyondTheTolerance(long offset) {
        Headers signed = sign(SIGNED_ID, "evt_42", NOW + offset);

        assertThat(reasonOf(Verifiers.generic(SIGNED_ID, CLOCK).verify(signed, utf8(BODY))))
                .isEqualTo(TIMESTAMP_OUT_OF_TOLERANCE);
    }

    @Test
    void shouldCheckTheTimestampEvenWhenTheTemplateDoesNotSignIt() {
        GenericHmacConfig config =
                GenericHmacConfig.from(SIGNED_ID).template("{id}.{body}").build();

        Headers signed = sign(config, "evt_42", NOW - 301);

        assertThat(reasonOf(Verifiers.generic(config, CLOCK).verify(signed, utf8(BODY))))
                .isEqualTo(TIMESTAMP_OUT_OF_TOLERANCE);
    }

    @ParameterizedTest
    @ValueSource(strings = {"X-Signature", "X-Timestamp", "X-Event-Id"})
    void shouldRejectAMissingHeader(String missing) {
        Headers signed = sign(SIGNED_ID, "evt_42", NOW);
        Headers.Builder without = Headers.builder();
        signed.values().forEach((name, values) -> {
            if (!name.equalsIgnoreCase(missing)) {
                values.forEach(value -> without.add(name, value));
            }
        });

        assertThat(reasonOf(Verifiers.generic(SIGNED_ID, CLOCK).verify(without.build(), utf8(BODY))))
                .isEqualTo(MISSING_HEADER);
    }

    @Test
    void shouldRejectAnotherLabelAsUnsupportedAndGarbageAsMalformed() {
        SignatureVerifier verifier = Verifiers.generic(SIGNED_ID, CLOCK);
        Headers signed = sign(SIGNED_ID, "evt_42", NOW);

        Headers sha1 = signed.with(Headers.of("X-Signature", "sha1=0123456789abcdef0123456789abcdef01234567"));
        Headers garbage = signed.with(Headers.of("X-Signature", "garbage"));
        Headers badTimestamp = signed.with(Headers.of("X-Timestamp", "soon"));

        assertThat(reasonOf(verifier.verify(sha1, utf8(BODY)))).isEqualTo(UNSUPPORTED_VERSION);
        assertThat(reasonOf(verifier.verify(garbage, utf8(BODY)))).isEqualTo(MALFORMED_HEADER);
        assertThat(reasonOf(verifier.verify(badTimestamp, utf8(BODY)))).isEqualTo(MALFORMED_HEADER);
    }

    @Test
    void shouldRejectBadConfigurationNamingTheField() {
        GenericHmacConfig.Builder valid = GenericHmacConfig.from(SIGNED_ID);

        assertThatThrownBy(() -> GenericHmacConfig.from(SIGNED_ID)
                        .template("{id}.{timestamp}")
                        .build())
                .hasMessageContaining("template must contain {body} exactly once");
        assertThatThrownBy(() -> GenericHmacConfig.from(SIGNED_ID)
                        .template("{body}{body}")
                        .build())
                .hasMessageContaining("template must contain {body} exactly once");
        assertThatThrownBy(() -> GenericHmacConfig.from(SIGNED_ID)
                        .template("{nonce}.{body}")
                        .build())
                .hasMessageContaining("'{nonce}'");
        assertThatThrownBy(() ->
                        GenericHmacConfig.from(SIGNED_ID).template("{body}.{id").build())
                .hasMessageContaining("'{id'");
        assertThatThrownBy(() ->
                        GenericHmacConfig.from(SIGNED_ID).timestampHeader(null).build())
                .hasMessage("template uses {timestamp} but timestampHeader is not set");
        assertThatThrownBy(
                        () -> GenericHmacConfig.from(SIGNED_ID).idSource(null).build())
                .hasMessage("template uses {id} but idSource is not set");
        assertThatThrownBy(() -> GenericHmacConfig.from(SIGNED_ID)
                        .signatureHeader("X Signature")
                        .build())
                .hasMessageContaining("signatureHeader");
        assertThatThrownBy(() -> GenericHmacConfig.from(SIGNED_ID).secrets().build())
                .hasMessageContaining("secrets");
        assertThatThrownBy(() -> GenericHmacConfig.from(SIGNED_ID)
                        .tolerance(Duration.ofSeconds(-1))
                        .build())
                .hasMessage("tolerance must not be negative but was PT-1S");
        assertThatThrownBy(() -> GenericHmacConfig.custom().secrets("s").build())
                .hasMessage("signatureHeader must not be null");
        assertThatThrownBy(() -> EventIdSource.jsonPointer("id")).hasMessageContaining("pointer");
        assertThat(valid.build()).isEqualTo(SIGNED_ID);
    }

    @Test
    void shouldNotShowSecretsInToString() {
        assertThat(SIGNED_ID.toString()).doesNotContain("s3cr3t").contains("1 hidden");
    }

    private static Headers sign(GenericHmacConfig config, String id, long timestamp) {
        return WebhookSigner.generic(config, config.secrets().get(0))
                .sign(id, Instant.ofEpochSecond(timestamp), utf8(BODY));
    }
}
