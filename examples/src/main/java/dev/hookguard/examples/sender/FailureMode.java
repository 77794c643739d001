package dev.hookguard.examples.sender;

/** How the demo handler treats an event, as its body's {@code demo.fail} field says. */
public enum FailureMode {
    /** The handler succeeds. */
    NONE("none"),
    /** The handler fails on the event's first attempt (503 with {@code Retry-After: 1}), then succeeds. */
    ONCE("once"),
    /** The handler fails on every attempt (500): the event ends as a dead letter. */
    ALWAYS("always");

    private final String wire;

    FailureMode(String wire) {
        this.wire = wire;
    }

    /** The value in the body. */
    String wire() {
        return wire;
    }

    /** The mode of a body value; an unknown one is {@link #NONE}. */
    static FailureMode ofWire(String value) {
        for (FailureMode mode : values()) {
            if (mode.wire.equals(value)) {
                return mode;
            }
        }
        return NONE;
    }
}
