package dev.hookguard.examples.sender;

import org.jspecify.annotations.Nullable;

/**
 * What one request of the sender is: a genuine delivery, or one of the attacks that Hookguard must refuse
 * before it writes anything. Every attack carries a {@code demo.chaos} marker in its body, so that the handler
 * would notice if one ever got through.
 */
public enum DeliveryKind {
    /** Signed correctly, now. */
    GENUINE(null),
    /** Signed correctly, then the body was changed. */
    TAMPERED_BODY("tampered"),
    /** Signed with a secret the receiver does not know. */
    WRONG_SECRET("tampered"),
    /** Signed correctly, then one character of the signature was changed. */
    BROKEN_SIGNATURE("tampered"),
    /** Signed correctly, ten minutes ago: outside the receiver's 300 s tolerance. A replay. */
    STALE_TIMESTAMP("stale");

    private final @Nullable String marker;

    DeliveryKind(@Nullable String marker) {
        this.marker = marker;
    }

    /** The {@code demo.chaos} marker of the body, null for a genuine delivery. */
    @Nullable
    String marker() {
        return marker;
    }

    /** The three ways of forging a signature, picked in turn. */
    static DeliveryKind tampering(int index) {
        return switch (Math.floorMod(index, 3)) {
            case 0 -> TAMPERED_BODY;
            case 1 -> WRONG_SECRET;
            default -> BROKEN_SIGNATURE;
        };
    }
}
