package dev.hookguard.spring.internal.autoconfigure;

import dev.hookguard.servlet.internal.config.SettingNames;
import dev.hookguard.spring.HookguardConfigurationException;
import java.util.function.Supplier;

/**
 * Failures that name their property: the settings model's names ({@link SettingNames}) become a {@link
 * HookguardConfigurationException} of the property ({@code hookguard.policy.max-attempts must be at least 1 but was
 * 0}).
 */
public final class PropertyErrors {

    /** The prefix of Hookguard's properties in the names of {@link dev.hookguard.servlet.HookguardSettings}' errors. */
    public static final String PREFIX = "hookguard.";

    private PropertyErrors() {}

    /**
     * Runs {@code build} over the settings; their {@link IllegalArgumentException}s start with the property's name
     * ({@code hookguard.endpoints.x.policy.lease must ...}) and become failures of that property.
     */
    public static <T> T settings(String prefix, Supplier<T> build) {
        try {
            return build.get();
        } catch (IllegalArgumentException e) {
            String message = e.getMessage() == null ? "" : e.getMessage();
            if (message.startsWith(PREFIX)) {
                throw renamed(e);
            }
            return named(prefix, () -> {
                throw e;
            });
        }
    }

    /**
     * Runs {@code build}; an {@link IllegalArgumentException} whose message starts with a builder field (or already
     * with a property under {@code prefix}) becomes a failure of the property {@code prefix.<field in kebab case>}.
     */
    public static <T> T named(String prefix, Supplier<T> build) {
        try {
            return SettingNames.named(prefix, build);
        } catch (IllegalArgumentException e) {
            throw renamed(e);
        }
    }

    private static HookguardConfigurationException renamed(IllegalArgumentException e) {
        String message = e.getMessage() == null ? "hookguard is invalid" : e.getMessage();
        int space = message.indexOf(' ');
        return space < 0
                ? HookguardConfigurationException.property(message, "is invalid")
                : HookguardConfigurationException.property(message.substring(0, space), message.substring(space + 1));
    }
}
