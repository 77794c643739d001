package dev.hookguard.core.signature;

import static dev.hookguard.core.signature.Fixtures.clockAt;
import static dev.hookguard.core.signature.Fixtures.reasonOf;
import static dev.hookguard.core.signature.Fixtures.utf8;
import static dev.hookguard.core.signature.Verification.RejectionReason.MALFORMED_HEADER;
import static dev.hookguard.core.signature.Verification.RejectionReason.MISSING_HEADER;
import static dev.hookguard.core.signature.Verification.RejectionReason.NO_MATCHING_SIGNATURE;
import static dev.hookguard.core.signature.Verification.RejectionReason.TIMESTAMP_OUT_OF_TOLERANCE;
import static dev.hookguard.core.signature.Verification.RejectionReason.UNSUPPORTED_VERSION;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * GitLab (a shared token), Zoom ({@code v0:ts:body}) and Intercom (HMAC-SHA1 of the body). None of the three
 * publishes a signature test vector (their docs show the algorithm with placeholders), so the Zoom and Intercom
 * vectors are derived from the documented algorithm with an independent tool, `openssl dgst -hmac`, as noted at
 * each; GitLab's "vector" is its documented rule: the header equals the configured token.
 */
class TokenAndSha1SchemesTest {

    // printf 'v0:1658940994:<ZOOM_BODY>' | openssl dgst -sha256 -hmac zoom-secret-token
    private static final String ZOOM_BODY = "{\"event\":\"meeting.started\",\"event_ts\":1658940994,"
            + "\"payload\":{\"account_id\":\"D8cJuqWVQ623CI4Q8yQK0Q\"}}";
    private static final String ZOOM_SIGNATURE = "v0=50b3b0ef9bf090d8d32b65fbc775c725199e2999e8966a993d7718a750b31fb3";
    private static final long ZOOM_TS = 1658940994L;
    // printf '<INTERCOM_BODY>' | openssl dgst -sha1 -hmac intercom-client-secret
    private static final String INTERCOM_BODY =
            "{\"type\":\"notification_event\",\"id\":\"notif_ccd8a4d2-3b6e-4d39-8e2a-0000000000\",\"topic\":\"ping\"}";
    private static final String INTERCOM_SIGNATURE = "sha1=1317ee93cb9aa031635110631656bbaf9579fdec";

    private final SignatureVerifier zoom =
            Verifiers.of(Scheme.ZOOM, SignatureConfig.of("zoom-secret-token"), clockAt(ZOOM_TS));
    private final SignatureVerifier intercom =
            Verifiers.of(Scheme.INTERCOM, SignatureConfig.of("intercom-client-secret"));
    private final SignatureVerifier gitlab =
            Verifiers.of(Scheme.GITLAB, SignatureConfig.of("glpat-token", "old-token"));

    @Test
    void shouldAcceptTheDerivedZoomVectorAndRejectTampering() {
        assertThat(zoom.verify(zoomHeaders(ZOOM_SIGNATURE, ZOOM_TS), utf8(ZOOM_BODY)))
                .isEqualTo(Verification.Verified.at(Instant.ofEpochSecond(ZOOM_TS)));
        assertThat(reasonOf(zoom.verify(zoomHeaders(ZOOM_SIGNATURE, ZOOM_TS), utf8(ZOOM_BODY + " "))))
                .isEqualTo(NO_MATCHING_SIGNATURE);
        SignatureVerifier wrong = Verifiers.of(Scheme.ZOOM, SignatureConfig.of("other"), clockAt(ZOOM_TS));
        assertThat(reasonOf(wrong.verify(zoomHeaders(ZOOM_SIGNATURE, ZOOM_TS), utf8(ZOOM_BODY))))
                .isEqualTo(NO_MATCHING_SIGNATURE);
        SignatureVerifier rotating =
                Verifiers.of(Scheme.ZOOM, SignatureConfig.of("new", "zoom-secret-token"), clockAt(ZOOM_TS));
        assertThat(rotating.verify(zoomHeaders(ZOOM_SIGNATURE, ZOOM_TS), utf8(ZOOM_BODY))
                        .isVerified())
                .isTrue();
    }

    @ParameterizedTest
    @ValueSource(longs = {-301, 301})
    void shouldRejectAStaleOrFutureZoomTimestamp(long offset) {
        SignatureVerifier skewed =
                Verifiers.of(Scheme.ZOOM, SignatureConfig.of("zoom-secret-token"), clockAt(ZOOM_TS + offset));

        assertThat(reasonOf(skewed.verify(zoomHeaders(ZOOM_SIGNATURE, ZOOM_TS), utf8(ZOOM_BODY))))
                .isEqualTo(TIMESTAMP_OUT_OF_TOLERANCE);
    }

    @Test
    void shouldRejectMalformedZoomHeaders() {
        assertThat(reasonOf(zoom.verify(zoomHeaders("v0=XYZ", ZOOM_TS), utf8(ZOOM_BODY))))
                .isEqualTo(MALFORMED_HEADER);
        assertThat(reasonOf(zoom.verify(Headers.of("x-zm-signature", ZOOM_SIGNATURE), utf8(ZOOM_BODY))))
                .isEqualTo(MISSING_HEADER);
    }

    @Test
    void shouldAcceptTheDerivedIntercomVectorAndRejectTampering() {
        assertThat(intercom.verify(Headers.of("X-Hub-Signature", INTERCOM_SIGNATURE), utf8(INTERCOM_BODY))
                        .isVerified())
                .isTrue();
        assertThat(reasonOf(intercom.verify(Headers.of("X-Hub-Signature", INTERCOM_SIGNATURE), utf8("{}"))))
                .isEqualTo(NO_MATCHING_SIGNATURE);
        assertThat(reasonOf(intercom.verify(Headers.of("X-Hub-Signature", "sha256=00"), utf8(INTERCOM_BODY))))
                .isEqualTo(UNSUPPORTED_VERSION);
        assertThat(reasonOf(intercom.verify(Headers.of("X-Hub-Signature", "sha1=zz"), utf8(INTERCOM_BODY))))
                .isEqualTo(MALFORMED_HEADER);
        SignatureVerifier rotating = Verifiers.of(Scheme.INTERCOM, SignatureConfig.of("new", "intercom-client-secret"));
        assertThat(rotating.verify(Headers.of("X-Hub-Signature", INTERCOM_SIGNATURE), utf8(INTERCOM_BODY))
                        .isVerified())
                .isTrue();
    }

    @Test
    void shouldCompareTheGitLabTokenWithEveryConfiguredToken() {
        assertThat(gitlab.verify(Headers.of("X-Gitlab-Token", "glpat-token"), utf8("{}"))
                        .isVerified())
                .isTrue();
        assertThat(gitlab.verify(Headers.of("X-Gitlab-Token", "old-token"), utf8("{}"))
                        .isVerified())
                .isTrue();
        assertThat(reasonOf(gitlab.verify(Headers.of("X-Gitlab-Token", "glpat-token2"), utf8("{}"))))
                .isEqualTo(NO_MATCHING_SIGNATURE);
        assertThat(reasonOf(gitlab.verify(Headers.empty(), utf8("{}")))).isEqualTo(MISSING_HEADER);
        assertThat(reasonOf(gitlab.verify(Headers.of("X-Gitlab-Token", "a", "X-Gitlab-Token", "b"), utf8("{}"))))
                .isEqualTo(MALFORMED_HEADER);
    }

    @Test
    void shouldSignAsTheyVerify() {
        Instant at = Instant.ofEpochSecond(ZOOM_TS);
        assertThat(zoom.verify(
                                WebhookSigner.of(Scheme.ZOOM, "zoom-secret-token")
                                        .sign("x", at, utf8(ZOOM_BODY)),
                                utf8(ZOOM_BODY))
                        .isVerified())
                .isTrue();
        assertThat(WebhookSigner.of(Scheme.INTERCOM, "intercom-client-secret")
                        .sign("x", at, utf8(INTERCOM_BODY))
                        .first("X-Hub-Signature"))
                .contains(INTERCOM_SIGNATURE);
        Headers gitlabHeaders = WebhookSigner.of(Scheme.GITLAB, "glpat-token").sign("uuid-1", at, utf8("{}"));
        assertThat(gitlab.verify(gitlabHeaders, utf8("{}")).isVerified()).isTrue();
        assertThat(EventIdExtractor.forScheme("gitlab", Scheme.GITLAB).extract(gitlabHeaders, utf8("{}")))
                .isInstanceOfSatisfying(
                        EventIdResult.Found.class,
                        found -> assertThat(found.eventId()).isEqualTo("uuid-1"));
    }

    private static Headers zoomHeaders(String signature, long timestamp) {
        return Headers.of("x-zm-signature", signature, "x-zm-request-timestamp", Long.toString(timestamp));
    }
}
