package dev.hookguard.servlet.internal.config;

import java.util.function.Supplier;

/**
 * How a setting's name reaches its error: the builders' {@link IllegalArgumentException}s start with their field
 * ({@code maxAttempts must be at least 1 but was 0}), which maps one to one onto a setting in kebab case under a
 * prefix ({@code endpoints.stripe.policy.max-attempts must be at least 1 but was 0}).
 */
public final class SettingNames {

    private SettingNames() {}

    /**
     * Runs {@code build}; an {@link IllegalArgumentException} whose message starts with a builder field is rethrown
     * naming the setting {@code prefix.<field in kebab case>}; one that already names a setting under {@code prefix}
     * is rethrown as it is.
     */
    public static <T> T named(String prefix, Supplier<T> build) {
        try {
            return build.get();
        } catch (IllegalArgumentException e) {
            String message = e.getMessage() == null ? "is invalid" : e.getMessage();
            if (message.startsWith(prefix)) {
                throw e;
            }
            int space = message.indexOf(' ');
            String field = space < 0 ? message : message.substring(0, space);
            if (!field.matches("[a-z][A-Za-z]*(\\[\\d+])?")) {
                throw new IllegalArgumentException(prefix + " is invalid: " + message, e);
            }
            throw new IllegalArgumentException(
                    prefix + "." + kebab(field) + (space < 0 ? " is invalid" : message.substring(space)), e);
        }
    }

    /** {@code maxAttempts} as {@code max-attempts}. */
    public static String kebab(String camel) {
        StringBuilder kebab = new StringBuilder();
        for (char c : camel.toCharArray()) {
            if (Character.isUpperCase(c)) {
                kebab.append('-').append(Character.toLowerCase(c));
            } else {
                kebab.append(c);
            }
        }
        return kebab.toString();
    }
}
