package dev.hookguard.servlet.internal.config;

/**
 * A servlet-style path pattern: an exact path such as {@code /webhooks/stripe}, or a prefix such as {@code
 * /webhooks/github/*} that matches the prefix itself and everything below it. Matched against the request's
 * path inside the web application (servlet path plus path info), which the container has decoded and
 * normalised.
 *
 * @param pattern the pattern as configured
 */
public record PathPattern(String pattern) {

    private static final String WILDCARD = "/*";

    public PathPattern {
        int star = pattern == null ? -1 : pattern.indexOf('*');
        if (pattern == null
                || !pattern.startsWith("/")
                || (star >= 0 && (star != pattern.length() - 1 || !pattern.endsWith(WILDCARD)))) {
            throw new IllegalArgumentException(
                    "path must start with '/' and may hold '*' only as a trailing '/*' but was '" + pattern + "'");
        }
    }

    boolean isPrefix() {
        return pattern.endsWith(WILDCARD);
    }

    /** How specific the pattern is: an exact path beats any prefix, a longer prefix beats a shorter one. */
    int specificity() {
        return isPrefix() ? pattern.length() : Integer.MAX_VALUE;
    }

    boolean matches(String path) {
        if (!isPrefix()) {
            return pattern.equals(path);
        }
        String base = pattern.substring(0, pattern.length() - WILDCARD.length());
        return path.equals(base) || path.startsWith(base + "/");
    }

    @Override
    public String toString() {
        return pattern;
    }
}
