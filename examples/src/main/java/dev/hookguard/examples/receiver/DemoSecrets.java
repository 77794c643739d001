package dev.hookguard.examples.receiver;

import dev.hookguard.core.signature.SecretRules;
import dev.hookguard.core.signature.SignatureConfig;
import dev.hookguard.core.signature.Verifiers;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.List;
import java.util.Map;

/**
 * The signing secret of each demo endpoint, shared by the receiver and the sender. Fresh random secrets per
 * run unless {@code HOOKGUARD_DEMO_STRIPE_SECRET} or {@code HOOKGUARD_DEMO_STANDARD_SECRET} name them (so that
 * you can sign your own requests to a receiver kept running with {@code --serve}). Never printed.
 *
 * @param stripe the Stripe endpoint's secret
 * @param standard the Standard Webhooks endpoint's secret: {@code whsec_} followed by base64
 */
public record DemoSecrets(String stripe, String standard) {

    private static final SecureRandom RANDOM = new SecureRandom();

    /** Fresh random secrets, each overridden by its environment variable when set. */
    public static DemoSecrets fromEnv(Map<String, String> env) {
        return new DemoSecrets(
                env.getOrDefault(variable(DemoEndpoint.STRIPE), random()),
                env.getOrDefault(variable(DemoEndpoint.STANDARD), random()));
    }

    /** A random secret in the {@code whsec_} + base64 form that both schemes accept. */
    public static String random() {
        byte[] key = new byte[24];
        RANDOM.nextBytes(key);
        return "whsec_" + Base64.getEncoder().encodeToString(key);
    }

    /**
     * Checks every secret given in the environment as the library checks a configured one, before anything starts.
     *
     * @throws IllegalArgumentException one line naming the variable and the problem, never the value
     */
    public DemoSecrets requireValid() {
        for (DemoEndpoint endpoint : DemoEndpoint.values()) {
            try {
                SecretRules.require(endpoint.scheme(), List.of(of(endpoint)));
                Verifiers.of(endpoint.scheme(), SignatureConfig.of(of(endpoint)));
            } catch (IllegalArgumentException e) {
                String problem = String.valueOf(e.getMessage()).replaceFirst("^secrets(\\[0])? ", "");
                throw new IllegalArgumentException(variable(endpoint) + " " + problem, e);
            }
        }
        return this;
    }

    /** The environment variable that sets this endpoint's secret. */
    static String variable(DemoEndpoint endpoint) {
        return switch (endpoint) {
            case STRIPE -> "HOOKGUARD_DEMO_STRIPE_SECRET";
            case STANDARD -> "HOOKGUARD_DEMO_STANDARD_SECRET";
        };
    }

    /** The secret of this endpoint. */
    String of(DemoEndpoint endpoint) {
        return switch (endpoint) {
            case STRIPE -> stripe;
            case STANDARD -> standard;
        };
    }

    @Override
    public String toString() {
        return "DemoSecrets[hidden]";
    }
}
