package dev.hookguard.servlet;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/** {@link Hardening#storedHeaderDenyList()} compiled: exact names and {@code *} patterns, ignoring case. */
final class HeaderDenyList {

    private final List<Pattern> patterns;

    HeaderDenyList(List<String> entries) {
        this.patterns = entries.stream().map(HeaderDenyList::compile).toList();
    }

    /** Whether a header of this name must not be stored. */
    boolean denies(String header) {
        String name = header.toLowerCase(Locale.ROOT);
        return patterns.stream().anyMatch(p -> p.matcher(name).matches());
    }

    private static Pattern compile(String entry) {
        String[] parts = entry.trim().toLowerCase(Locale.ROOT).split("\\*", -1);
        return Pattern.compile(Arrays.stream(parts).map(Pattern::quote).collect(Collectors.joining(".*")));
    }
}
