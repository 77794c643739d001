package dev.hookguard.core.signature;

import static dev.hookguard.core.signature.Fixtures.clockAt;
import static dev.hookguard.core.signature.Verification.RejectionReason.MISSING_HEADER;
import static dev.hookguard.core.signature.Verification.RejectionReason.TIMESTAMP_OUT_OF_TOLERANCE;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Instant;
import java.util.Base64;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Every scheme's checks on the headers alone: what a request without its body can already fail on. */
class PrecheckTest {

    private static final long NOW = 1_700_000_000L;
    private static final Clock CLOCK = clockAt(NOW);
    private static final String WHSEC = "whsec_" + Base64.getEncoder().encodeToString(new byte[24]);
    private static final String SECRET = "a-secret-of-enough-length";
    private static final byte[] BODY = "{\"id\":\"evt_1\"}".getBytes();

    @Test
    void shouldPassEveryGenuinelySignedDeliveryOfEveryScheme() {
        for (Scheme scheme :
                new Scheme[] {Scheme.STANDARD_WEBHOOKS, Scheme.STRIPE, Scheme.GITHUB, Scheme.SHOPIFY, Scheme.SLACK}) {
            String secret = scheme == Scheme.STANDARD_WEBHOOKS ? WHSEC : SECRET;
            Headers signed = WebhookSigner.of(scheme, secret).sign("evt_1", Instant.ofEpochSecond(NOW), BODY);

            assertThat(verifier(scheme, secret).precheck(signed))
                    .as(scheme.name())
                    .isEmpty();
        }
    }

    @Test
    void shouldRefuseAMissingSignatureHeaderOfEveryScheme() {
        for (Scheme scheme :
                new Scheme[] {Scheme.STANDARD_WEBHOOKS, Scheme.STRIPE, Scheme.GITHUB, Scheme.SHOPIFY, Scheme.SLACK}) {
            String secret = scheme == Scheme.STANDARD_WEBHOOKS ? WHSEC : SECRET;
            Optional<Verification.Rejected> rejected =
                    verifier(scheme, secret).precheck(Headers.of("Content-Type", "application/json"));

            assertThat(rejected)
                    .as(scheme.name())
                    .hasValueSatisfying(r -> assertThat(r.reason()).isEqualTo(MISSING_HEADER));
        }
    }

    @Test
    void shouldRefuseAStaleTimestampOfTheTimestampedSchemes() {
        Instant stale = Instant.ofEpochSecond(NOW - 301);
        Headers standard = WebhookSigner.of(Scheme.STANDARD_WEBHOOKS, WHSEC).sign("evt_1", stale, BODY);
        Headers stripe = WebhookSigner.of(Scheme.STRIPE, SECRET).sign("evt_1", stale, BODY);
        Headers slack = WebhookSigner.of(Scheme.SLACK, SECRET).sign("evt_1", stale, BODY);

        assertThat(verifier(Scheme.STANDARD_WEBHOOKS, WHSEC).precheck(standard))
                .hasValueSatisfying(r -> assertThat(r.reason()).isEqualTo(TIMESTAMP_OUT_OF_TOLERANCE));
        assertThat(verifier(Scheme.STRIPE, SECRET).precheck(stripe))
                .hasValueSatisfying(r -> assertThat(r.reason()).isEqualTo(TIMESTAMP_OUT_OF_TOLERANCE));
        assertThat(verifier(Scheme.SLACK, SECRET).precheck(slack))
                .hasValueSatisfying(r -> assertThat(r.reason()).isEqualTo(TIMESTAMP_OUT_OF_TOLERANCE));
    }

    @Test
    void shouldCheckNothingByDefault() {
        SignatureVerifier own = (headers, body) -> Verification.Verified.untimed();

        assertThat(own.precheck(Headers.of("x", "y"))).isEmpty();
    }

    private static SignatureVerifier verifier(Scheme scheme, String secret) {
        return Verifiers.of(scheme, SignatureConfig.of(secret), CLOCK);
    }
}
