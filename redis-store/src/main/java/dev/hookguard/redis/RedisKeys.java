package dev.hookguard.redis;

import dev.hookguard.core.EventKey;

/**
 * The store's key layout. An event's hash is {@code <prefix>:{<endpoint>:<eventId>}}: the braces make the
 * whole event id a cluster hash tag, so everything about one event sits in one slot. An endpoint's
 * dead-letter index is {@code <prefix>:dlq:{<endpoint>}}, a single key in its own slot.
 *
 * @param prefix the configured key prefix
 */
record RedisKeys(String prefix) {

    /** The key of the event's hash. */
    String event(EventKey key) {
        return prefix + ":{" + key.asString() + "}";
    }

    /**
     * The key of the endpoint's dead-letter index (a sorted set). The endpoint must be a valid {@link
     * EventKey#endpoint()}; anything else is an {@link IllegalArgumentException}.
     */
    String deadLetters(String endpoint) {
        boolean valid = !endpoint.isEmpty() && endpoint.length() < EventKey.MAX_BYTES;
        for (int i = 0; valid && i < endpoint.length(); i++) {
            char c = endpoint.charAt(i);
            valid = c >= 0x21 && c <= 0x7E && c != ':';
        }
        if (!valid) {
            throw new IllegalArgumentException(
                    "endpoint must be printable ASCII without spaces or ':' but was '" + endpoint + "'");
        }
        return prefix + ":dlq:{" + endpoint + "}";
    }
}
