package dev.hookguard.servlet.internal.config;

import dev.hookguard.servlet.Hardening;
import java.util.List;
import java.util.Locale;

/**
 * {@link Hardening#storedHeaderDenyList()} compiled: exact names and {@code *} patterns, ignoring case. Matched
 * without regular expressions (each pattern is its literal parts in order), as it runs for every header an async
 * intake or a failure stores.
 */
public final class HeaderDenyList {

    private final List<String[]> patterns;

    public HeaderDenyList(List<String> entries) {
        this.patterns = entries.stream().map(HeaderDenyList::compile).toList();
    }

    /** Whether a header of this name must not be stored. */
    public boolean denies(String header) {
        String name = header.toLowerCase(Locale.ROOT);
        for (String[] parts : patterns) {
            if (matches(parts, name)) {
                return true;
            }
        }
        return false;
    }

    /** The entry's literal parts, split at each {@code *}: {@code "*token*"} is {@code ["", "token", ""]}. */
    private static String[] compile(String entry) {
        return entry.trim().toLowerCase(Locale.ROOT).split("\\*", -1);
    }

    /** Whether {@code name} is {@code parts} joined by runs of any characters. */
    private static boolean matches(String[] parts, String name) {
        if (parts.length == 1) {
            return name.equals(parts[0]);
        }
        String first = parts[0];
        String last = parts[parts.length - 1];
        if (name.length() < first.length() + last.length() || !name.startsWith(first) || !name.endsWith(last)) {
            return false;
        }
        int from = first.length();
        int end = name.length() - last.length();
        for (int i = 1; i < parts.length - 1; i++) {
            int at = name.indexOf(parts[i], from);
            if (at < 0 || at + parts[i].length() > end) {
                return false;
            }
            from = at + parts[i].length();
        }
        return true;
    }
}
