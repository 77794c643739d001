package dev.hookguard.console;

import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import org.junit.jupiter.api.Test;

/** The token specification's validation; authentication itself is tested over HTTP in ConsoleSecurityIT. */
class BearerTokenAuthorizerTest {

    @Test
    void shouldNameTheOperatorButNeverTheTokenOfABadEntry() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> BearerTokenAuthorizer.parse("alice:admin:a-token-long-enough-1234"))
                .withMessage("console access of 'alice' must be read or write but was 'admin'");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> BearerTokenAuthorizer.parse("alice:write:short"))
                .withMessage("console token of 'alice' must be at least 16 characters but has 5");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> BearerTokenAuthorizer.parse("alice-without-parts"))
                .withMessageContaining("'alice-without-parts' must be name:access:token");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> BearerTokenAuthorizer.parse(" "))
                .withMessageContaining("at least one operator");
    }
}
