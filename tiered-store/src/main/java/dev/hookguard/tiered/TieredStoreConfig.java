package dev.hookguard.tiered;

import java.time.Duration;

/**
 * How a {@link TieredStore} names its cache keys and how long it trusts Redis. Immutable; build with {@link
 * #custom()} or take {@link #ofDefaults()}. Leases and retention are not here: they come with each call, in the
 * endpoint's {@link dev.hookguard.core.IdempotencyPolicy}, and a cached verdict lives no longer than its record.
 *
 * @param keyPrefix the first part of every cache key, before {@code ':'}; printable ASCII without spaces, braces or
 *     {@code ':'}, so that it never moves a key's cluster hash tag; keep it apart from a Redis store's prefix
 * @param commandTimeout how long one cache command may take before the store goes to the database alone for that call
 * @param connectTimeout how long opening a connection to Redis may take
 * @param openFor how long the circuit breaker keeps the cache out of the path once it opened, before it tries Redis
 *     again with a few calls
 */
public record TieredStoreConfig(String keyPrefix, Duration commandTimeout, Duration connectTimeout, Duration openFor) {

    /** Default key prefix: {@code hookguard-cache}. */
    public static final String DEFAULT_KEY_PREFIX = "hookguard-cache";
    /** Default command timeout: 200 milliseconds. */
    public static final Duration DEFAULT_COMMAND_TIMEOUT = Duration.ofMillis(200);
    /** Default connect timeout: 1 second. */
    public static final Duration DEFAULT_CONNECT_TIMEOUT = Duration.ofSeconds(1);
    /** Default time the breaker stays open: 2 seconds. */
    public static final Duration DEFAULT_OPEN_FOR = Duration.ofSeconds(2);

    private static final int MAX_PREFIX_LENGTH = 64;

    /** Validates every field; a bad one is an {@link IllegalArgumentException} naming field and value. */
    public TieredStoreConfig {
        requirePrefix(keyPrefix);
        requirePositive("commandTimeout", commandTimeout);
        requirePositive("connectTimeout", connectTimeout);
        requirePositive("openFor", openFor);
    }

    /** The defaults: prefix {@code hookguard-cache}, 200 ms commands, 1 s connect, breaker open for 2 s. */
    public static TieredStoreConfig ofDefaults() {
        return custom().build();
    }

    /** A builder that starts from the defaults. */
    public static Builder custom() {
        return new Builder();
    }

    /** A builder that starts from this configuration. */
    public static Builder from(TieredStoreConfig config) {
        return new Builder()
                .keyPrefix(config.keyPrefix)
                .commandTimeout(config.commandTimeout)
                .connectTimeout(config.connectTimeout)
                .openFor(config.openFor);
    }

    private static void requirePrefix(String prefix) {
        if (prefix == null || prefix.isEmpty() || prefix.length() > MAX_PREFIX_LENGTH) {
            throw new IllegalArgumentException(
                    "keyPrefix must be 1.." + MAX_PREFIX_LENGTH + " characters but was '" + prefix + "'");
        }
        for (int i = 0; i < prefix.length(); i++) {
            char c = prefix.charAt(i);
            if (c < 0x21 || c > 0x7E || c == '{' || c == '}' || c == ':') {
                throw new IllegalArgumentException("keyPrefix must be printable ASCII without spaces, braces or ':'"
                        + " but was '" + prefix + "'");
            }
        }
    }

    private static void requirePositive(String name, Duration value) {
        if (value == null || value.toMillis() < 1) {
            throw new IllegalArgumentException(name + " must be at least 1 ms but was " + value);
        }
    }

    /** Builds a {@link TieredStoreConfig}; names equal the record's components. */
    public static final class Builder {
        private String keyPrefix = DEFAULT_KEY_PREFIX;
        private Duration commandTimeout = DEFAULT_COMMAND_TIMEOUT;
        private Duration connectTimeout = DEFAULT_CONNECT_TIMEOUT;
        private Duration openFor = DEFAULT_OPEN_FOR;

        private Builder() {}

        /** See {@link TieredStoreConfig#keyPrefix()}. */
        public Builder keyPrefix(String keyPrefix) {
            this.keyPrefix = keyPrefix;
            return this;
        }

        /** See {@link TieredStoreConfig#commandTimeout()}. */
        public Builder commandTimeout(Duration commandTimeout) {
            this.commandTimeout = commandTimeout;
            return this;
        }

        /** See {@link TieredStoreConfig#connectTimeout()}. */
        public Builder connectTimeout(Duration connectTimeout) {
            this.connectTimeout = connectTimeout;
            return this;
        }

        /** See {@link TieredStoreConfig#openFor()}. */
        public Builder openFor(Duration openFor) {
            this.openFor = openFor;
            return this;
        }

        /** The configuration; throws {@link IllegalArgumentException} naming the first bad field. */
        public TieredStoreConfig build() {
            return new TieredStoreConfig(keyPrefix, commandTimeout, connectTimeout, openFor);
        }
    }
}
