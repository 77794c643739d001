package dev.hookguard.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class HeaderRedactionTest {

    @Test
    void shouldRedactSignaturesCredentialsCookiesAndTokensIgnoringCase() {
        Map<String, List<String>> shown = HeaderRedaction.ofDefaults()
                .apply(Map.of(
                        "Stripe-Signature", List.of("t=1,v1=abc"),
                        "x-hub-signature-256", List.of("sha256=abc"),
                        "AUTHORIZATION", List.of("Bearer abc"),
                        "Cookie", List.of("session=abc"),
                        "X-Shopify-Hmac-Sha256", List.of("abc"),
                        "Content-Type", List.of("application/json")));

        assertThat(shown)
                .containsEntry("Stripe-Signature", List.of("[redacted]"))
                .containsEntry("x-hub-signature-256", List.of("[redacted]"))
                .containsEntry("AUTHORIZATION", List.of("[redacted]"))
                .containsEntry("Cookie", List.of("[redacted]"))
                .containsEntry("X-Shopify-Hmac-Sha256", List.of("[redacted]"))
                .containsEntry("Content-Type", List.of("application/json"));
    }

    @Test
    void shouldRedactTheConfiguredExtraHeaders() {
        HeaderRedaction redaction = HeaderRedaction.defaultsPlus(Set.of("X-Customer-Email"));

        assertThat(redaction.denies("x-customer-email")).isTrue();
        assertThat(redaction.denies("X-Request-Id")).isFalse();
    }
}
