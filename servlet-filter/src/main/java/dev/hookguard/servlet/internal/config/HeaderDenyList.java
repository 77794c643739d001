package dev.hookguard.servlet.internal.config;

import dev.hookguard.servlet.Hardening;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * {@link Hardening#storedHeaderDenyList()} compiled: exact names and {@code *} patterns, ignoring case. Matched
 * without regular expressions (each pattern is its literal parts in order), as it runs for every header an async
 * intake or a failure stores.
 */
public final class HeaderDenyList {

    /** How many header names' answers are kept: a sender's names are few; one that sends many finds the rest matched. */
    static final int KEPT_ANSWERS = 256;

    private final List<String[]> patterns;
    private final Map<String, Boolean> answers = new ConcurrentHashMap<>();

    public HeaderDenyList(List<String> entries) {
        this.patterns = entries.stream().map(HeaderDenyList::compile).toList();
    }

    /**
     * Whether a header of this name must not be stored. The answer for a name as it was spelled is kept (up to {@value
     * #KEPT_ANSWERS} names), since every delivery of a sender brings the same names: one lookup instead of a
     * lower-cased copy matched against every pattern.
     */
    public boolean denies(String header) {
        Boolean known = answers.get(header);
        if (known != null) {
            return known;
        }
        boolean denied = matchesAny(header);
        if (answers.size() < KEPT_ANSWERS) {
            answers.put(header, denied);
        }
        return denied;
    }

    private boolean matchesAny(String header) {
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
