package dev.hookguard.spring.internal.web;

import org.jspecify.annotations.Nullable;

/**
 * A path pattern as the Hookguard filter matches it: exact ({@code /webhooks/stripe}) or a prefix ({@code
 * /webhooks/*}, which matches {@code /webhooks} and everything below it), against the request's path inside the
 * application. Also translates Spring MVC mapping patterns into such patterns, where that is exact.
 *
 * @param pattern the pattern
 */
public record GuardedPath(String pattern) {

    private static final String WILDCARD = "/*";
    private static final String MVC_WILDCARD = "/**";

    /**
     * The guarded path that matches exactly the requests of a Spring MVC mapping pattern: the pattern itself when it
     * is literal, the prefix when it is a literal followed by {@code /**}; null when it has variables or other
     * wildcards, which no guarded path expresses exactly.
     */
    static @Nullable GuardedPath ofMapping(String mapping) {
        if (mapping.endsWith(MVC_WILDCARD)) {
            String base = mapping.substring(0, mapping.length() - MVC_WILDCARD.length());
            return isLiteral(base) ? new GuardedPath(base + WILDCARD) : null;
        }
        return isLiteral(mapping) && mapping.startsWith("/") ? new GuardedPath(mapping) : null;
    }

    boolean isPrefix() {
        return pattern.endsWith(WILDCARD);
    }

    /** The path before {@code /*}, or the whole pattern when exact. */
    String base() {
        return isPrefix() ? pattern.substring(0, pattern.length() - WILDCARD.length()) : pattern;
    }

    /** Whether a request to this path (inside the application) is guarded by this pattern. */
    boolean matches(String path) {
        return isPrefix() ? path.equals(base()) || path.startsWith(base() + "/") : pattern.equals(path);
    }

    /** How specific the pattern is: an exact path beats any prefix, a longer prefix a shorter one. */
    int specificity() {
        return isPrefix() ? pattern.length() : Integer.MAX_VALUE;
    }

    /** Whether every request that a Spring MVC mapping pattern can match is guarded by this pattern. */
    boolean covers(String mapping) {
        GuardedPath exact = ofMapping(mapping);
        if (exact != null && !exact.isPrefix()) {
            return matches(exact.pattern());
        }
        String literal = exact != null ? exact.base() : literalPrefix(mapping);
        return isPrefix() && (literal.equals(base()) || literal.startsWith(base() + "/"));
    }

    @Override
    public String toString() {
        return pattern;
    }

    /** The leading segments of a mapping that hold no variable or wildcard, such as {@code /a} of {@code /a/{b}/c}. */
    static String literalPrefix(String mapping) {
        StringBuilder prefix = new StringBuilder();
        for (String segment : mapping.split("/")) {
            if (segment.isEmpty()) {
                continue;
            }
            if (!isLiteral(segment)) {
                break;
            }
            prefix.append('/').append(segment);
        }
        return prefix.toString();
    }

    private static boolean isLiteral(String path) {
        return path.chars().noneMatch(c -> c == '{' || c == '}' || c == '*' || c == '?');
    }
}
