package dev.hookguard.core.signature;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.Test;

class SecretRulesTest {

    private static final String WHSEC = "whsec_" + Base64.getEncoder().encodeToString(new byte[24]);

    @Test
    void shouldAcceptSecretsShapedAsTheProvidersIssueThem() {
        assertThatCode(() -> SecretRules.require(Scheme.STANDARD_WEBHOOKS, List.of(WHSEC)))
                .doesNotThrowAnyException();
        assertThatCode(() -> SecretRules.require(Scheme.STRIPE, List.of("whsec_0123456789abcdefghij")))
                .doesNotThrowAnyException();
        assertThatCode(() -> SecretRules.require(Scheme.GITHUB, List.of("0123456789abcdef")))
                .doesNotThrowAnyException();
    }

    @Test
    void shouldRefuseAnUnresolvedPlaceholderNamingItsVariableButNoTextAroundIt() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> SecretRules.require(Scheme.STRIPE, List.of("${STRIPE_WEBHOOK_SECRET}")))
                .withMessageStartingWith("secrets[0] holds an unresolved placeholder")
                .withMessageContaining("set the environment variable or property STRIPE_WEBHOOK_SECRET");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> SecretRules.require(Scheme.GITHUB, List.of("k3y-part-${HOOK_SECRET:fallback}")))
                .withMessageContaining("'${HOOK_SECRET}'")
                .withMessageNotContaining("k3y-part")
                .withMessageNotContaining("fallback");
    }

    @Test
    void shouldRefuseAKeyShorterThan16Bytes() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> SecretRules.require(Scheme.GITHUB, List.of("0123456789abcdef", "s3cr3t")))
                .withMessage("secrets[1] is too short: 6 bytes of key, at least 16 expected; use the secret the sender"
                        + " issued");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> SecretRules.require(Scheme.STANDARD_WEBHOOKS, List.of("whsec_AAAA")))
                .withMessageStartingWith("secrets[0] is too short: 3 bytes of key");
    }

    @Test
    void shouldRefuseASecretWithoutItsProvidersShape() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> SecretRules.require(Scheme.STRIPE, List.of("sk_live_0123456789abcdefghij")))
                .withMessage("secrets[0] must start with 'whsec_', as Stripe endpoint secrets do");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> SecretRules.require(Scheme.STANDARD_WEBHOOKS, List.of("whsec_not base64!!")))
                .withMessage(
                        "secrets[0] must be 'whsec_' followed by non-empty base64, or bare base64, as Standard Webhooks"
                                + " secrets are");
    }

    @Test
    void shouldRefuseAnEmptyList() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> SecretRules.require(Scheme.SLACK, List.of()))
                .withMessage("secrets must hold at least one secret but was empty");
    }
}
