package dev.hookguard.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import dev.hookguard.core.internal.HeadersCodec;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ModelTest {

    @Test
    void shouldAcceptPrintableAsciiKey() {
        assertThat(EventKey.of("stripe", "evt_1NG8Du2eZvKYlo2CUI79vXWy").asString())
                .isEqualTo("stripe:evt_1NG8Du2eZvKYlo2CUI79vXWy");
    }

    @Test
    void shouldRejectKeyWithSpaceNamingIt() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> EventKey.of("stripe", "evt 1"))
                .withMessageContaining("eventId")
                .withMessageContaining("'evt 1'")
                .withMessageContaining("a space");
    }

    @Test
    void shouldRejectNonAsciiEmptyAndColonParts() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> EventKey.of("stripe", "\u00e9v"))
                .withMessageContaining("U+00E9");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> EventKey.of("", "x"))
                .withMessageContaining("endpoint must not be empty");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> EventKey.of("a:b", "x"))
                .withMessageContaining("':'");
    }

    @Test
    void shouldRejectKeyLongerThan255Bytes() {
        String id = "x".repeat(255 - "ep:".length());
        assertThat(EventKey.of("ep", id).asBytes()).hasSize(255);

        assertThatIllegalArgumentException()
                .isThrownBy(() -> EventKey.of("ep", id + "x"))
                .withMessageContaining("at most 255 bytes but was 256");
    }

    @Test
    void shouldFingerprintBodyAsSha256Hex() {
        assertThat(Fingerprint.of(new byte[0]).hex())
                .isEqualTo("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> new Fingerprint("ABC"))
                .withMessageContaining("'ABC'");
        String valid = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";
        assertThat(new Fingerprint(valid).hex()).isEqualTo(valid);
        assertThatIllegalArgumentException()
                .isThrownBy(() -> new Fingerprint(valid.toUpperCase(java.util.Locale.ROOT)));
        assertThatIllegalArgumentException().isThrownBy(() -> new Fingerprint(valid.substring(1) + "g"));
        assertThatIllegalArgumentException().isThrownBy(() -> new Fingerprint(valid + "0"));
        assertThatIllegalArgumentException().isThrownBy(() -> new Fingerprint(null));
    }

    @Test
    void shouldDefaultPolicyAsDesignSays() {
        IdempotencyPolicy policy = IdempotencyPolicy.ofDefaults();

        assertThat(policy.lease()).isEqualTo(Duration.ofSeconds(30));
        assertThat(policy.retention()).isEqualTo(Duration.ofDays(7));
        assertThat(policy.maxAttempts()).isEqualTo(5);
        assertThat(policy.responseBodyCap()).isEqualTo(65_536);
        assertThat(IdempotencyPolicy.from(policy).build()).isEqualTo(policy);
    }

    @Test
    void shouldRejectBadPolicyNamingFieldAndValue() {
        assertThatIllegalArgumentException()
                .isThrownBy(
                        () -> IdempotencyPolicy.custom().lease(Duration.ZERO).build())
                .withMessage("lease must be at least 1 ms but was PT0S");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> IdempotencyPolicy.custom().maxAttempts(0).build())
                .withMessage("maxAttempts must be at least 1 but was 0");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> IdempotencyPolicy.custom().responseBodyCap(-1).build())
                .withMessage("responseBodyCap must not be negative but was -1");
    }

    @Test
    void shouldCapResponseBodyButKeepStatusAndType() {
        StoredResponse response = StoredResponse.of(200, "text/plain", new byte[10]);

        assertThat(response.capped(10)).isEqualTo(response);
        assertThat(response.capped(9)).isEqualTo(new StoredResponse(200, "text/plain", new byte[0], true));
    }

    @Test
    void shouldMapStatusCodesBothWays() {
        for (RecordStatus status : RecordStatus.values()) {
            assertThat(RecordStatus.fromCode(status.code())).isEqualTo(status);
        }
        assertThatIllegalArgumentException()
                .isThrownBy(() -> RecordStatus.fromCode("Z"))
                .withMessageContaining("'Z'");
    }

    @Test
    void shouldRoundTripHeaders() {
        Map<String, List<String>> headers = Map.of("Content-Type", List.of("a/b"), "X-\u00e9", List.of("1", "\"2\""));

        assertThat(HeadersCodec.decode(HeadersCodec.encode(headers))).isEqualTo(headers);
        assertThatIllegalArgumentException().isThrownBy(() -> HeadersCodec.decode("[1]"));
    }
}
