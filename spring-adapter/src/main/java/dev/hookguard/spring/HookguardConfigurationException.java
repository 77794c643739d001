package dev.hookguard.spring;

/**
 * Hookguard's Spring configuration cannot work: a property is missing or invalid, or an annotated handler names an
 * endpoint that does not exist. Thrown at start-up, so that the application never runs unguarded; Spring Boot's
 * failure analysis prints {@link #getMessage()} and {@link #action()}. Messages name the property (such as {@code
 * hookguard.endpoints.stripe.secrets}) and never a secret.
 */
public class HookguardConfigurationException extends IllegalStateException {

    private final String action;

    /**
     * A failure with a description and what to do about it.
     *
     * @param description what is wrong, naming the property or handler
     * @param action what to change
     */
    public HookguardConfigurationException(String description, String action) {
        super(description);
        this.action = action;
    }

    /** A failure of one property: {@code "<property> <problem>"}, and the advice to fix that property. */
    public static HookguardConfigurationException property(String property, String problem) {
        return new HookguardConfigurationException(
                property + " " + problem, "Fix the property " + property + " in the application's configuration.");
    }

    /** What to change. */
    public String action() {
        return action;
    }
}
