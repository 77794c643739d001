package dev.hookguard.servlet.internal.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import org.junit.jupiter.api.Test;

class PathPatternTest {

    @Test
    void shouldMatchAnExactPathOnly() {
        PathPattern pattern = new PathPattern("/webhooks/stripe");

        assertThat(pattern.matches("/webhooks/stripe")).isTrue();
        assertThat(pattern.matches("/webhooks/stripe/x")).isFalse();
        assertThat(pattern.matches("/webhooks/striped")).isFalse();
    }

    @Test
    void shouldMatchAPrefixItselfAndEverythingBelowIt() {
        PathPattern pattern = new PathPattern("/webhooks/github/*");

        assertThat(pattern.matches("/webhooks/github")).isTrue();
        assertThat(pattern.matches("/webhooks/github/org/repo")).isTrue();
        assertThat(pattern.matches("/webhooks/githubx")).isFalse();
    }

    @Test
    void shouldRankExactPathsAboveLongerPrefixesAboveShorterOnes() {
        assertThat(new PathPattern("/a/b").specificity()).isGreaterThan(new PathPattern("/a/b/*").specificity());
        assertThat(new PathPattern("/a/b/*").specificity()).isGreaterThan(new PathPattern("/a/*").specificity());
    }

    @Test
    void shouldRefuseAPatternThatIsNotServletStyle() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> new PathPattern("webhooks"))
                .withMessageContaining("path must start with '/'");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> new PathPattern("/a/*/b"))
                .withMessageContaining("'/a/*/b'");
        assertThatIllegalArgumentException().isThrownBy(() -> new PathPattern("*.json"));
    }
}
