package dev.hookguard.examples.receiver;

import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.signature.Scheme;

/**
 * The two webhook endpoints of the demo receiver, one per signature scheme the sender speaks. Their records
 * allow three attempts, so that an event whose handler always fails becomes a dead letter quickly.
 */
public enum DemoEndpoint {
    /** Stripe: {@code Stripe-Signature: t=…,v1=…}, the event id in the body's {@code id} field. */
    STRIPE("stripe", "/webhooks/stripe", Scheme.STRIPE, "Stripe-Signature", "v1="),
    /** Standard Webhooks: {@code webhook-id}, {@code webhook-timestamp}, {@code webhook-signature: v1,…}. */
    STANDARD("standard", "/webhooks/standard", Scheme.STANDARD_WEBHOOKS, "webhook-signature", "v1,");

    /** Handler attempts before an event is DEAD. */
    public static final int MAX_ATTEMPTS = 3;
    /** The policy of both endpoints: the defaults (30 s lease, 7 days retention) with {@link #MAX_ATTEMPTS}. */
    static final IdempotencyPolicy POLICY =
            IdempotencyPolicy.custom().maxAttempts(MAX_ATTEMPTS).build();

    private final String endpointName;
    private final String path;
    private final Scheme scheme;
    private final String signatureHeader;
    private final String signaturePrefix;

    DemoEndpoint(String endpointName, String path, Scheme scheme, String signatureHeader, String signaturePrefix) {
        this.endpointName = endpointName;
        this.path = path;
        this.scheme = scheme;
        this.signatureHeader = signatureHeader;
        this.signaturePrefix = signaturePrefix;
    }

    /** The endpoint's name: the key namespace and the {@code endpoint} tag of the meters. */
    public String endpointName() {
        return endpointName;
    }

    /** The request path. */
    public String path() {
        return path;
    }

    /** The signature scheme. */
    public Scheme scheme() {
        return scheme;
    }

    /** The header that carries the signature. */
    public String signatureHeader() {
        return signatureHeader;
    }

    /** What stands in front of the first signature in that header. */
    public String signaturePrefix() {
        return signaturePrefix;
    }
}
