package dev.hookguard.redis;

import java.time.Duration;

/**
 * How a {@link RedisIdempotencyStore} names its keys and how long it waits for Redis. Immutable; build with
 * {@link #custom()} or take {@link #ofDefaults()}. Leases and retention are not here: they come with each
 * call, in the endpoint's {@link dev.hookguard.core.IdempotencyPolicy}.
 *
 * @param keyPrefix the first part of every key, before {@code ':'}; printable ASCII without spaces, braces
 *     or {@code ':'}, so that it never moves a key's cluster hash tag
 * @param commandTimeout how long one Redis command may take before the store gives up with {@link
 *     dev.hookguard.core.StoreUnavailableException}
 * @param connectTimeout how long opening a connection may take
 */
public record RedisStoreConfig(String keyPrefix, Duration commandTimeout, Duration connectTimeout) {

    /** Default key prefix: {@code hookguard}. */
    public static final String DEFAULT_KEY_PREFIX = "hookguard";
    /** Default command timeout: 2 seconds. */
    public static final Duration DEFAULT_COMMAND_TIMEOUT = Duration.ofSeconds(2);
    /** Default connect timeout: 2 seconds. */
    public static final Duration DEFAULT_CONNECT_TIMEOUT = Duration.ofSeconds(2);

    private static final int MAX_PREFIX_LENGTH = 64;

    /** Validates every field; a bad one is an {@link IllegalArgumentException} naming field and value. */
    public RedisStoreConfig {
        requirePrefix(keyPrefix);
        requirePositive("commandTimeout", commandTimeout);
        requirePositive("connectTimeout", connectTimeout);
    }

    /** The defaults: prefix {@code hookguard}, 2 s command and connect timeouts. */
    public static RedisStoreConfig ofDefaults() {
        return custom().build();
    }

    /** A builder that starts from the defaults. */
    public static Builder custom() {
        return new Builder();
    }

    /** A builder that starts from this configuration. */
    public static Builder from(RedisStoreConfig config) {
        return new Builder()
                .keyPrefix(config.keyPrefix)
                .commandTimeout(config.commandTimeout)
                .connectTimeout(config.connectTimeout);
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

    /** Builds a {@link RedisStoreConfig}; names equal the record's components. */
    public static final class Builder {
        private String keyPrefix = DEFAULT_KEY_PREFIX;
        private Duration commandTimeout = DEFAULT_COMMAND_TIMEOUT;
        private Duration connectTimeout = DEFAULT_CONNECT_TIMEOUT;

        private Builder() {}

        /** See {@link RedisStoreConfig#keyPrefix()}. */
        public Builder keyPrefix(String keyPrefix) {
            this.keyPrefix = keyPrefix;
            return this;
        }

        /** See {@link RedisStoreConfig#commandTimeout()}. */
        public Builder commandTimeout(Duration commandTimeout) {
            this.commandTimeout = commandTimeout;
            return this;
        }

        /** See {@link RedisStoreConfig#connectTimeout()}. */
        public Builder connectTimeout(Duration connectTimeout) {
            this.connectTimeout = connectTimeout;
            return this;
        }

        /** The configuration; throws {@link IllegalArgumentException} naming the first bad field. */
        public RedisStoreConfig build() {
            return new RedisStoreConfig(keyPrefix, commandTimeout, connectTimeout);
        }
    }
}
