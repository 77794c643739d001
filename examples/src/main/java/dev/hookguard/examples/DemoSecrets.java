package dev.hookguard.examples;

import java.security.SecureRandom;
import java.util.Base64;
import java.util.Map;

/**
 * The signing secret of each demo endpoint, shared by the receiver and the sender. Fresh random secrets per
 * run unless {@code HOOKGUARD_DEMO_STRIPE_SECRET} or {@code HOOKGUARD_DEMO_STANDARD_SECRET} name them (so that
 * you can sign your own requests to a receiver kept running with {@code --serve}). Never printed.
 *
 * @param stripe the Stripe endpoint's secret
 * @param standard the Standard Webhooks endpoint's secret: {@code whsec_} followed by base64
 */
record DemoSecrets(String stripe, String standard) {

    private static final SecureRandom RANDOM = new SecureRandom();

    /** Fresh random secrets, each overridden by its environment variable when set. */
    static DemoSecrets fromEnv(Map<String, String> env) {
        return new DemoSecrets(
                env.getOrDefault("HOOKGUARD_DEMO_STRIPE_SECRET", random()),
                env.getOrDefault("HOOKGUARD_DEMO_STANDARD_SECRET", random()));
    }

    /** A random secret in the {@code whsec_} + base64 form that both schemes accept. */
    static String random() {
        byte[] key = new byte[24];
        RANDOM.nextBytes(key);
        return "whsec_" + Base64.getEncoder().encodeToString(key);
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
