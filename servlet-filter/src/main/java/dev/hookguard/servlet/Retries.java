package dev.hookguard.servlet;

import dev.hookguard.core.signature.Scheme;
import dev.hookguard.servlet.internal.dispatch.Dispatcher;
import org.jspecify.annotations.Nullable;

/**
 * Who tries a failed event again (DESIGN.md §8). Set per endpoint with {@link RecoveryConfig#retries()};
 * init-param {@code <endpoint>.retries}. The claim keeps a sender's redelivery and a receiver retry from running
 * the handler twice, so {@link #BOTH} is safe.
 */
public enum Retries {
    /** Only the sender's redeliveries try again: a failure is recorded FAILED, out of the due queue. */
    SENDER,
    /**
     * The receiver schedules each retryable failure with the endpoint's {@link Backoff} and its {@link Dispatcher}
     * redelivers it; the event turns DEAD after the backoff's attempts.
     */
    RECEIVER,
    /** Both: the receiver schedules a retry, and a sender's redelivery that comes first takes it over. */
    BOTH;

    /** Whether the receiver schedules retries ({@link #RECEIVER} or {@link #BOTH}). */
    public boolean receiver() {
        return this != SENDER;
    }

    /**
     * The default of a scheme (the table in the servlet-filter README): {@link #RECEIVER} where the sender never
     * retries (GitHub, GitLab, Twilio, the generic scheme and custom verifiers, {@code null}); {@link #BOTH} where it
     * retries a few times within minutes (Slack, Zoom, Intercom); {@link #SENDER} where it retries for hours or days
     * (Stripe, Standard Webhooks/Svix, Shopify, Paddle, Square, SendGrid).
     */
    public static Retries defaultFor(@Nullable Scheme scheme) {
        if (scheme == null) {
            return RECEIVER;
        }
        return switch (scheme) {
            case GITHUB, GITLAB, TWILIO, GENERIC -> RECEIVER;
            case SLACK, ZOOM, INTERCOM -> BOTH;
            case STRIPE, STANDARD_WEBHOOKS, SHOPIFY, PADDLE, SQUARE, SENDGRID -> SENDER;
        };
    }
}
