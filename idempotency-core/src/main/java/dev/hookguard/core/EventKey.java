package dev.hookguard.core;

import java.nio.charset.StandardCharsets;

/**
 * The identity of one event: the endpoint (namespace) it arrived on and the sender's event id.
 *
 * <p>Both parts are printable ASCII without spaces ({@code 0x21..0x7E}) and together, as
 * {@code endpoint:eventId}, at most {@value #MAX_BYTES} bytes. Keys of different endpoints never collide,
 * because an endpoint name may not contain {@code ':'}.
 *
 * @param endpoint the webhook source, for example {@code stripe}
 * @param eventId the sender's id of the event
 */
public record EventKey(String endpoint, String eventId) {

    /** The longest allowed {@code endpoint:eventId}, in bytes. */
    public static final int MAX_BYTES = 255;

    /** Validates both parts; a bad one is an {@link IllegalArgumentException} that names it. */
    public EventKey {
        requirePrintable("endpoint", endpoint);
        requirePrintable("eventId", eventId);
        if (endpoint.indexOf(':') >= 0) {
            throw new IllegalArgumentException("endpoint must not contain ':' but was '" + endpoint + "'");
        }
        int length = endpoint.length() + 1 + eventId.length();
        if (length > MAX_BYTES) {
            throw new IllegalArgumentException("endpoint:eventId must be at most " + MAX_BYTES + " bytes but was "
                    + length + " bytes for event id '" + abbreviate(eventId) + "'");
        }
    }

    /** Shorthand for {@code new EventKey(endpoint, eventId)}. */
    public static EventKey of(String endpoint, String eventId) {
        return new EventKey(endpoint, eventId);
    }

    /** {@code endpoint:eventId}, the form stores use in their keys. */
    public String asString() {
        return endpoint + ':' + eventId;
    }

    /** {@link #asString()} as US-ASCII bytes. */
    public byte[] asBytes() {
        return asString().getBytes(StandardCharsets.US_ASCII);
    }

    @Override
    public String toString() {
        return asString();
    }

    private static void requirePrintable(String name, String value) {
        if (value == null || value.isEmpty()) {
            throw new IllegalArgumentException(name + " must not be empty");
        }
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c < 0x21 || c > 0x7E) {
                throw new IllegalArgumentException(name + " must be printable ASCII without spaces, but '"
                        + abbreviate(printable(value)) + "' has " + describe(c) + " at index " + i);
            }
        }
    }

    private static String describe(char c) {
        return c == ' ' ? "a space" : String.format("character U+%04X", (int) c);
    }

    private static String printable(String value) {
        StringBuilder out = new StringBuilder(value.length());
        value.chars().forEach(c -> out.append(c >= 0x20 && c <= 0x7E ? (char) c : '?'));
        return out.toString();
    }

    private static String abbreviate(String value) {
        return value.length() <= 64 ? value : value.substring(0, 61) + "...";
    }
}
