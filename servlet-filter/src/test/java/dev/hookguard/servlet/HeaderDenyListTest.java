package dev.hookguard.servlet;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Exact names and {@code *} patterns, ignoring case, as the regular expressions they replaced matched them. */
class HeaderDenyListTest {

    private final HeaderDenyList denied =
            new HeaderDenyList(List.of("Authorization", "*token*", "x-secret-*", "*-key", "a*b*c", " Cookie "));

    @Test
    void shouldDenyExactNamesIgnoringCase() {
        assertThat(denied.denies("authorization")).isTrue();
        assertThat(denied.denies("AUTHORIZATION")).isTrue();
        assertThat(denied.denies("cookie")).isTrue();
        assertThat(denied.denies("Authorization2")).isFalse();
        assertThat(denied.denies("xAuthorization")).isFalse();
    }

    @Test
    void shouldDenyNamesMatchingAPatternIgnoringCase() {
        assertThat(denied.denies("X-Access-Token")).isTrue();
        assertThat(denied.denies("token")).isTrue();
        assertThat(denied.denies("X-Secret-Anything")).isTrue();
        assertThat(denied.denies("x-secret-")).isTrue();
        assertThat(denied.denies("X-Api-Key")).isTrue();
        assertThat(denied.denies("abc")).isTrue();
        assertThat(denied.denies("aXbYc")).isTrue();
    }

    @Test
    void shouldKeepNamesNoEntryMatches() {
        assertThat(denied.denies("Content-Type")).isFalse();
        assertThat(denied.denies("X-Secret")).isFalse();
        assertThat(denied.denies("X-Key-Id")).isFalse();
        assertThat(denied.denies("ac")).isFalse();
        assertThat(denied.denies("acb")).isFalse();
        assertThat(denied.denies("X-GitHub-Delivery")).isFalse();
    }
}
