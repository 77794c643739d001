package dev.hookguard.spring.internal.autoconfigure;

import dev.hookguard.spring.HookguardConfigurationException;
import java.util.function.Supplier;

/**
 * Failures that name their property. The library's validation messages start with the builder field ({@code
 * maxAttempts must be at least 1 but was 0}), which maps one to one onto a property in kebab case ({@code
 * hookguard.policy.max-attempts must be at least 1 but was 0}).
 */
public final class PropertyErrors {

    /** The prefix of Hookguard's properties in the names of {@link dev.hookguard.servlet.HookguardSettings}' errors. */
    static final String PREFIX = "hookguard.";

    private PropertyErrors() {}

    /**
     * Runs {@code build} over the settings; their {@link IllegalArgumentException}s start with the property's name
     * ({@code hookguard.endpoints.x.policy.lease must ...}) and become failures of that property.
     */
    static <T> T settings(String prefix, Supplier<T> build) {
        try {
            return build.get();
        } catch (IllegalArgumentException e) {
            String message = e.getMessage() == null ? "" : e.getMessage();
            int space = message.indexOf(' ');
            if (!message.startsWith(PREFIX) || space < 0) {
                throw renamed(prefix, e);
            }
            throw HookguardConfigurationException.property(message.substring(0, space), message.substring(space + 1));
        }
    }

    /**
     * Runs {@code build}; an {@link IllegalArgumentException} whose message starts with a builder field becomes a
     * failure of the property {@code prefix.<field in kebab case>}.
     */
    static <T> T named(String prefix, Supplier<T> build) {
        try {
            return build.get();
        } catch (IllegalArgumentException e) {
            throw renamed(prefix, e);
        }
    }

    static HookguardConfigurationException renamed(String prefix, IllegalArgumentException e) {
        String message = e.getMessage() == null ? "is invalid" : e.getMessage();
        int space = message.indexOf(' ');
        String field = space < 0 ? message : message.substring(0, space);
        if (!field.matches("[a-z][A-Za-z]*(\\[\\d+])?")) {
            return HookguardConfigurationException.property(prefix, "is invalid: " + message);
        }
        return HookguardConfigurationException.property(
                prefix + "." + kebab(field), space < 0 ? "is invalid" : message.substring(space + 1));
    }

    private static String kebab(String camel) {
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
