package dev.hookguard.redis;

import dev.hookguard.core.EventKey;

/**
 * The store's key layout. An event's hash is {@code <prefix>:{<endpoint>:<eventId>}}: the braces make the
 * whole event id a cluster hash tag, so everything about one event sits in one slot. An endpoint's three
 * indexes, {@code <prefix>:dlq:{<endpoint>}} (dead letters), {@code <prefix>:due:{<endpoint>}} (the due
 * queue) and {@code <prefix>:open:{<endpoint>}} (records that may be PROCESSING or FAILED), share the hash
 * tag {@code {<endpoint>}}, so they sit in one slot of their own, with its control hash {@code
 * <prefix>:ctl:{<endpoint>}} and its audit trail {@code <prefix>:audit:{<endpoint>}} (a stream).
 *
 * <p>With {@code slotPerEndpoint} an event's hash is {@code <prefix>:{<endpoint>}:<eventId>} instead: its hash tag
 * is the endpoint's, so on a cluster a record and its endpoint's indexes share one slot and one script may touch
 * both ({@link RedisStoreConfig#slotPerEndpoint()}).
 *
 * @param prefix the configured key prefix
 * @param slotPerEndpoint whether an event's hash carries its endpoint's hash tag
 */
record RedisKeys(String prefix, boolean slotPerEndpoint) {

    /** The layout of {@code config}. */
    RedisKeys(RedisStoreConfig config) {
        this(config.keyPrefix(), config.slotPerEndpoint());
    }

    /** The key of the event's hash. */
    String event(EventKey key) {
        if (!slotPerEndpoint) {
            return prefix + ":{" + key.asString() + "}";
        }
        if (key.endpoint().startsWith("}")) { // an empty hash tag: Redis would hash the whole key, not the endpoint
            throw new IllegalArgumentException(
                    "with slotPerEndpoint an endpoint must not start with '}' but was '" + key.endpoint() + "'");
        }
        return prefix + ":{" + key.endpoint() + "}:" + key.eventId();
    }

    /** The key of the endpoint's dead-letter index (a sorted set). */
    String deadLetters(String endpoint) {
        return index("dlq", endpoint);
    }

    /** The key of the endpoint's due queue (a sorted set scored by due time). */
    String due(String endpoint) {
        return index("due", endpoint);
    }

    /** The key of the endpoint's open index (a sorted set scored by sequence number). */
    String open(String endpoint) {
        return index("open", endpoint);
    }

    /** The key of the endpoint's control hash (paused or not, and the last change). */
    String controls(String endpoint) {
        return index("ctl", endpoint);
    }

    /** The key of the endpoint's audit trail (a stream of operators' actions, {@link AuditStream}). */
    String audit(String endpoint) {
        return index("audit", endpoint);
    }

    /**
     * The endpoint a key of this layout belongs to: {@code <endpoint>} of {@code <prefix>:{<endpoint>:<eventId>}}, of
     * {@code <prefix>:{<endpoint>}:<eventId>} or of {@code <prefix>:<index>:{<endpoint>}}.
     */
    String endpointOf(String key) {
        int open = key.indexOf('{', prefix.length());
        if (!key.startsWith(prefix + ":") || open < 0) {
            throw new IllegalArgumentException("not a key of prefix '" + prefix + "': " + key);
        }
        int colon = key.indexOf(':', open); // an endpoint has no ':', an event id may
        if (colon < 0) { // an index: <prefix>:<index>:{<endpoint>}
            return key.substring(open + 1, key.length() - 1);
        }
        return key.substring(open + 1, slotPerEndpoint ? colon - 1 : colon); // the event's hash
    }

    /**
     * The key of one of the endpoint's indexes. The endpoint must be a valid {@link EventKey#endpoint()};
     * anything else is an {@link IllegalArgumentException}.
     */
    private String index(String name, String endpoint) {
        boolean valid = !endpoint.isEmpty() && endpoint.length() < EventKey.MAX_BYTES;
        for (int i = 0; valid && i < endpoint.length(); i++) {
            char c = endpoint.charAt(i);
            valid = c >= 0x21 && c <= 0x7E && c != ':';
        }
        if (!valid) {
            throw new IllegalArgumentException(
                    "endpoint must be printable ASCII without spaces or ':' but was '" + endpoint + "'");
        }
        return prefix + ":" + name + ":{" + endpoint + "}";
    }
}
