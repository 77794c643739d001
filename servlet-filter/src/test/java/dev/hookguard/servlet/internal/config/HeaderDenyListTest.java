package dev.hookguard.servlet.internal.config;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hookguard.servlet.Hardening;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Exact names and {@code *} patterns, ignoring case, matched without regular expressions. */
class HeaderDenyListTest {

    private final HeaderDenyList defaults = new HeaderDenyList(Hardening.DEFAULT_STORED_HEADER_DENY_LIST);

    @Test
    void exactNamesIgnoreCase() {
        assertThat(defaults.denies("authorization")).isTrue();
        assertThat(defaults.denies("COOKIE")).isTrue();
        assertThat(defaults.denies("Cookies")).isFalse();
        assertThat(defaults.denies("X-GitHub-Delivery")).isFalse();
    }

    @Test
    void starMatchesAnyRunOfCharacters() {
        assertThat(defaults.denies("X-Auth-Token")).isTrue();
        assertThat(defaults.denies("token")).isTrue();
        assertThat(defaults.denies("X-Client-Secret-Id")).isTrue();
        assertThat(defaults.denies("X-Tok-en")).isFalse();
    }

    @Test
    void patternsWithPrefixSuffixAndMiddleParts() {
        HeaderDenyList list = new HeaderDenyList(List.of("x-*", "*-key", "a*b*c", "a*a"));
        assertThat(list.denies("X-Anything")).isTrue();
        assertThat(list.denies("Api-Key")).isTrue();
        assertThat(list.denies("abc")).isTrue();
        assertThat(list.denies("a--b--c")).isTrue();
        assertThat(list.denies("acb")).isFalse();
        assertThat(list.denies("a")).isFalse();
        assertThat(list.denies("aa")).isTrue();
        assertThat(list.denies("key")).isFalse();
    }

    @Test
    void regexCharactersAreLiteral() {
        HeaderDenyList list = new HeaderDenyList(List.of("x.y", "a+b*"));
        assertThat(list.denies("x.y")).isTrue();
        assertThat(list.denies("xzy")).isFalse();
        assertThat(list.denies("a+bc")).isTrue();
        assertThat(list.denies("aabc")).isFalse();
    }

    // Exact names and patterns, ignoring case, as the regular expressions they replaced matched them.
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

    @Test
    void shouldAnswerAlikeFromItsKeptAnswersAndPastThem() {
        for (int round = 0; round < 2; round++) { // the second round reads the kept answers
            assertThat(denied.denies("X-Access-Token")).isTrue();
            assertThat(denied.denies("Content-Type")).isFalse();
        }
        for (int i = 0; i < HeaderDenyList.KEPT_ANSWERS + 10; i++) { // a sender of many names fills what is kept
            assertThat(denied.denies("X-Name-" + i)).isFalse();
            assertThat(denied.denies("X-Token-" + i)).isTrue();
        }
        assertThat(denied.denies("X-Secret-Late")).isTrue(); // past the kept answers, still matched
        assertThat(denied.denies("X-Late")).isFalse();
    }
}
