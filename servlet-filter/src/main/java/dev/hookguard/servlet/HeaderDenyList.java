package dev.hookguard.servlet;

import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * {@link Hardening#storedHeaderDenyList()} compiled: exact names and {@code *} patterns, ignoring case. Each entry is
 * kept as the literal parts between its stars and matched with {@link String#regionMatches(boolean, int, String, int,
 * int)}, so asking about a header allocates nothing (a regular expression's matcher per header and entry was a
 * quarter of the filter's garbage per delivery).
 */
final class HeaderDenyList {

    private final List<Glob> globs;

    HeaderDenyList(List<String> entries) {
        this.globs = entries.stream().map(Glob::of).toList();
    }

    /** Whether a header of this name must not be stored. */
    boolean denies(String header) {
        for (Glob glob : globs) {
            if (glob.matches(header)) {
                return true;
            }
        }
        return false;
    }

    /**
     * One entry: its literal parts, lower case, that a name must hold in order; the first at the start (unless the
     * entry starts with {@code *}), the last at the end (unless it ends with {@code *}).
     */
    private record Glob(String[] parts) {

        static Glob of(String entry) {
            return new Glob(entry.trim().toLowerCase(Locale.ROOT).split(Pattern.quote("*"), -1));
        }

        boolean matches(String name) {
            if (parts.length == 1) {
                return name.length() == parts[0].length()
                        && name.regionMatches(true, 0, parts[0], 0, parts[0].length());
            }
            String first = parts[0];
            String last = parts[parts.length - 1];
            if (name.length() < first.length() + last.length()
                    || !name.regionMatches(true, 0, first, 0, first.length())
                    || !name.regionMatches(true, name.length() - last.length(), last, 0, last.length())) {
                return false;
            }
            int from = first.length();
            int end = name.length() - last.length();
            for (int i = 1; i < parts.length - 1; i++) {
                from = indexOf(name, parts[i], from, end);
                if (from < 0) {
                    return false;
                }
                from += parts[i].length();
            }
            return true;
        }

        /** Where {@code part} starts in {@code name} at or after {@code from}, ending by {@code end}; -1 if nowhere. */
        private static int indexOf(String name, String part, int from, int end) {
            for (int at = from; at + part.length() <= end; at++) {
                if (name.regionMatches(true, at, part, 0, part.length())) {
                    return at;
                }
            }
            return -1;
        }
    }
}
