package dev.hookguard.spring.internal.web;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class GuardedPathTest {

    @Test
    void shouldGuardALiteralMappingExactly() {
        GuardedPath path = GuardedPath.ofMapping("/webhooks/stripe");

        assertThat(path).isEqualTo(new GuardedPath("/webhooks/stripe"));
        assertThat(path.matches("/webhooks/stripe")).isTrue();
        assertThat(path.matches("/webhooks/stripe/x")).isFalse();
        assertThat(path.matches("/webhooks")).isFalse();
    }

    @Test
    void shouldGuardAMappingEndingInDoubleStarAsAPrefix() {
        GuardedPath path = GuardedPath.ofMapping("/webhooks/github/**");

        assertThat(path).isEqualTo(new GuardedPath("/webhooks/github/*"));
        assertThat(path.matches("/webhooks/github")).isTrue();
        assertThat(path.matches("/webhooks/github/org/repo")).isTrue();
        assertThat(path.matches("/webhooks/githubx")).isFalse();
    }

    @Test
    void shouldNotTranslateMappingsWithVariablesOrOtherWildcards() {
        assertThat(GuardedPath.ofMapping("/webhooks/{tenant}/stripe")).isNull();
        assertThat(GuardedPath.ofMapping("/webhooks/*.json")).isNull();
        assertThat(GuardedPath.ofMapping("/webhooks/stri?e")).isNull();
        assertThat(GuardedPath.ofMapping("/webhooks/{*rest}")).isNull();
    }

    @Test
    void shouldCoverAMappingWithVariablesOnlyByAPrefixAboveItsLiteralPart() {
        assertThat(new GuardedPath("/webhooks/*").covers("/webhooks/{tenant}/stripe"))
                .isTrue();
        assertThat(new GuardedPath("/webhooks/*").covers("/webhooks/{tenant}")).isTrue();
        assertThat(new GuardedPath("/hooks/*").covers("/webhooks/{tenant}")).isFalse();
        assertThat(new GuardedPath("/webhooks/tenant/*").covers("/webhooks/{tenant}/stripe"))
                .isFalse();
        assertThat(new GuardedPath("/webhooks/stripe").covers("/webhooks/{tenant}"))
                .isFalse();
    }

    @Test
    void shouldCoverLiteralAndPrefixMappingsAsTheFilterMatchesThem() {
        assertThat(new GuardedPath("/webhooks/*").covers("/webhooks/stripe")).isTrue();
        assertThat(new GuardedPath("/webhooks/stripe").covers("/webhooks/stripe"))
                .isTrue();
        assertThat(new GuardedPath("/webhooks/stripe").covers("/webhooks/other"))
                .isFalse();
        assertThat(new GuardedPath("/webhooks/*").covers("/webhooks/github/**")).isTrue();
        assertThat(new GuardedPath("/webhooks/github").covers("/webhooks/github/**"))
                .isFalse();
    }

    @Test
    void shouldPreferExactPathsThenLongerPrefixes() {
        assertThat(new GuardedPath("/a/b").specificity()).isGreaterThan(new GuardedPath("/a/b/*").specificity());
        assertThat(new GuardedPath("/a/b/*").specificity()).isGreaterThan(new GuardedPath("/a/*").specificity());
    }
}
