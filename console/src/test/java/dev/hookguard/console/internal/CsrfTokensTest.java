package dev.hookguard.console.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import dev.hookguard.console.ConsoleAuthorizer.Operator;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class CsrfTokensTest {

    private static final byte[] KEY = "0123456789abcdef0123456789abcdef".getBytes(StandardCharsets.US_ASCII);
    private final Operator alice = new Operator("alice", Operator.Access.WRITE);
    private final Operator bob = new Operator("bob", Operator.Access.WRITE);

    @Test
    void shouldGiveEachOperatorTheirOwnStableToken() {
        CsrfTokens tokens = new CsrfTokens(KEY);

        assertThat(tokens.tokenFor(alice)).isEqualTo(new CsrfTokens(KEY).tokenFor(alice));
        assertThat(tokens.tokenFor(alice)).isNotEqualTo(tokens.tokenFor(bob));
        assertThat(tokens.tokenFor(alice)).isNotEqualTo(new CsrfTokens(CsrfTokens.randomKey()).tokenFor(alice));
    }

    @Test
    void shouldAcceptOnlyTheOperatorsOwnToken() {
        CsrfTokens tokens = new CsrfTokens(KEY);

        assertThat(tokens.accepts(alice, tokens.tokenFor(alice))).isTrue();
        assertThat(tokens.accepts(alice, tokens.tokenFor(bob))).isFalse();
        assertThat(tokens.accepts(alice, null)).isFalse();
        assertThat(tokens.accepts(alice, "")).isFalse();
    }

    @Test
    void shouldRefuseAShortKey() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> new CsrfTokens(new byte[16]))
                .withMessage("csrfKey must be at least 32 bytes but was 16 bytes");
    }
}
