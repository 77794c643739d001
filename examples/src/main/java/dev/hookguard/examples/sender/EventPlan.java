package dev.hookguard.examples.sender;

import static java.nio.charset.StandardCharsets.UTF_8;

import dev.hookguard.examples.receiver.DemoEndpoint;
import org.jspecify.annotations.Nullable;

/**
 * One event of the storm and the chaos planned for it.
 *
 * @param index the event's number in the storm, from 0
 * @param id the event id, unique per run (records of earlier runs stay in the store)
 * @param endpoint where it is delivered
 * @param failure how the handler treats it
 * @param tampering the forged delivery sent alongside the genuine copies, or null for none
 * @param stale whether a stale replay of it is sent alongside the genuine copies
 */
public record EventPlan(
        int index,
        String id,
        DemoEndpoint endpoint,
        FailureMode failure,
        @Nullable DeliveryKind tampering,
        boolean stale) {

    /**
     * The body of a delivery of this kind: a Stripe-like event whose {@code demo} object tells the handler how to
     * behave. Attacks carry their {@code chaos} marker; {@link DeliveryKind#TAMPERED_BODY} is signed over the
     * genuine body and sent with this one.
     */
    byte[] body(DeliveryKind kind) {
        String marker = kind.marker();
        String chaos = marker == null ? "" : ",\"chaos\":\"" + marker + '"';
        return ("{\"id\":\"" + id + "\",\"object\":\"event\",\"type\":\"invoice.paid\",\"data\":{\"object\":"
                        + "{\"id\":\"in_" + index + "\",\"amount_due\":" + (100 + index % 9_900)
                        + ",\"currency\":\"eur\"}},"
                        + "\"demo\":{\"fail\":\"" + failure.wire() + '"' + chaos + "}}")
                .getBytes(UTF_8);
    }

    /** How many requests of the storm belong to this event besides its genuine copies. */
    int attacks() {
        return (tampering == null ? 0 : 1) + (stale ? 1 : 0);
    }
}
