package dev.hookguard.redis;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

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
 * @param durabilityReplicas how many replicas must acknowledge each write an answer depends on ({@code WAIT}) before
 *     the store reports it; 0, the default, waits for none (durability {@code none})
 * @param durabilityTimeout how long one {@code WAIT} may take; fewer acknowledgements by then is an unrecorded write
 *     ({@link dev.hookguard.core.StoreUnavailableException}). Below {@code commandTimeout} when replicas are waited for
 * @param durabilityAofFsync also wait until the write is fsynced to the append-only file of the primary and of as
 *     many replicas ({@code WAITAOF}, Redis 7.2 and later; an older server refuses the store at start-up)
 * @param acceptVolatileAsync allow async intake (a 202 as the only promise) on a Redis that has neither an append-only
 *     file nor {@code durabilityReplicas}; otherwise such a filter refuses to start
 * @param durabilityReplicasByEndpoint replicas to wait for on the writes of one endpoint, in place of {@code
 *     durabilityReplicas}: a payments endpoint may wait for a replica while an analytics one waits for none. {@code
 *     durabilityTimeout} and {@code durabilityAofFsync} hold for every endpoint that waits
 * @param slotPerEndpoint name an event's hash {@code <prefix>:{<endpoint>}:<eventId>} instead of {@code
 *     <prefix>:{<endpoint>:<eventId>}}, so that on a Redis Cluster every key of an endpoint (its records and its
 *     indexes) hashes to one slot: the claim and the completion then keep the open index in the same script, one
 *     command each, as on one server, at the price of one master holding all of an endpoint's keys. Decide it before
 *     the first record is written: like {@code keyPrefix}, changing it later hides the records written before
 */
public record RedisStoreConfig(
        String keyPrefix,
        Duration commandTimeout,
        Duration connectTimeout,
        int durabilityReplicas,
        Duration durabilityTimeout,
        boolean durabilityAofFsync,
        boolean acceptVolatileAsync,
        Map<String, Integer> durabilityReplicasByEndpoint,
        boolean slotPerEndpoint) {

    /** Default key prefix: {@code hookguard}. */
    public static final String DEFAULT_KEY_PREFIX = "hookguard";
    /** Default command timeout: 2 seconds. */
    public static final Duration DEFAULT_COMMAND_TIMEOUT = Duration.ofSeconds(2);
    /** Default connect timeout: 2 seconds. */
    public static final Duration DEFAULT_CONNECT_TIMEOUT = Duration.ofSeconds(2);

    /** Default replicas to wait for: 0 (durability {@code none}). */
    public static final int DEFAULT_DURABILITY_REPLICAS = 0;
    /** Default longest {@code WAIT}: 1 second. */
    public static final Duration DEFAULT_DURABILITY_TIMEOUT = Duration.ofSeconds(1);
    /** Default {@code WAITAOF}: off. */
    public static final boolean DEFAULT_DURABILITY_AOF_FSYNC = false;
    /** Default: async intake on a Redis that may lose its writes is refused. */
    public static final boolean DEFAULT_ACCEPT_VOLATILE_ASYNC = false;
    /** Default key layout: a slot per event ({@code <prefix>:{<endpoint>:<eventId>}}). */
    public static final boolean DEFAULT_SLOT_PER_ENDPOINT = false;

    private static final int MAX_PREFIX_LENGTH = 64;

    /** Validates every field; a bad one is an {@link IllegalArgumentException} naming field and value. */
    public RedisStoreConfig {
        requirePrefix(keyPrefix);
        requirePositive("commandTimeout", commandTimeout);
        requirePositive("connectTimeout", connectTimeout);
        if (durabilityReplicas < 0) {
            throw new IllegalArgumentException("durabilityReplicas must be 0 or more but was " + durabilityReplicas);
        }
        durabilityReplicasByEndpoint = Map.copyOf(durabilityReplicasByEndpoint);
        durabilityReplicasByEndpoint.forEach((endpoint, replicas) -> {
            if (endpoint.isBlank() || endpoint.indexOf(':') >= 0) {
                throw new IllegalArgumentException(
                        "durabilityReplicasByEndpoint must name endpoints without ':' but named '" + endpoint + "'");
            }
            if (replicas < 0) {
                throw new IllegalArgumentException(
                        "durabilityReplicasByEndpoint of '" + endpoint + "' must be 0 or more but was " + replicas);
            }
        });
        boolean waits = durabilityReplicas > 0
                || durabilityReplicasByEndpoint.values().stream().anyMatch(r -> r > 0);
        requirePositive("durabilityTimeout", durabilityTimeout);
        if (waits && durabilityTimeout.compareTo(commandTimeout) >= 0) {
            throw new IllegalArgumentException("durabilityTimeout must be below commandTimeout (" + commandTimeout
                    + ") but was " + durabilityTimeout);
        }
        if (durabilityAofFsync && !waits) {
            throw new IllegalArgumentException("durabilityAofFsync needs durabilityReplicas of 1 or more, for the store"
                    + " or an endpoint, but durabilityReplicas was 0");
        }
    }

    /** The replicas to wait for on the writes of {@code endpoint}: its own setting, else the store's. */
    public int durabilityReplicas(String endpoint) {
        return durabilityReplicasByEndpoint.getOrDefault(endpoint, durabilityReplicas);
    }

    /**
     * The durability setting in words: {@code none}, {@code replicas(1, PT1S)}, {@code replicas(1, PT1S)+aof}, then
     * each endpoint of its own: {@code none; payments: replicas(1, PT1S)}.
     */
    public String durability() {
        if (durabilityReplicasByEndpoint.isEmpty()) {
            return inWords(durabilityReplicas);
        }
        return inWords(durabilityReplicas)
                + durabilityReplicasByEndpoint.entrySet().stream()
                        .sorted(Map.Entry.comparingByKey())
                        .map(e -> "; " + e.getKey() + ": " + inWords(e.getValue()))
                        .collect(Collectors.joining());
    }

    private String inWords(int replicas) {
        if (replicas == 0) {
            return "none";
        }
        return "replicas(" + replicas + ", " + durabilityTimeout + ")" + (durabilityAofFsync ? "+aof" : "");
    }

    /** The defaults: prefix {@code hookguard}, 2 s command and connect timeouts, durability {@code none}. */
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
                .connectTimeout(config.connectTimeout)
                .durabilityReplicas(config.durabilityReplicas)
                .durabilityTimeout(config.durabilityTimeout)
                .durabilityAofFsync(config.durabilityAofFsync)
                .acceptVolatileAsync(config.acceptVolatileAsync)
                .durabilityReplicasByEndpoint(config.durabilityReplicasByEndpoint)
                .slotPerEndpoint(config.slotPerEndpoint);
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
        private int durabilityReplicas = DEFAULT_DURABILITY_REPLICAS;
        private Duration durabilityTimeout = DEFAULT_DURABILITY_TIMEOUT;
        private boolean durabilityAofFsync = DEFAULT_DURABILITY_AOF_FSYNC;
        private boolean acceptVolatileAsync = DEFAULT_ACCEPT_VOLATILE_ASYNC;
        private final Map<String, Integer> durabilityReplicasByEndpoint = new LinkedHashMap<>();
        private boolean slotPerEndpoint = DEFAULT_SLOT_PER_ENDPOINT;

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

        /** Durability {@code replicas(n, timeout)}: sets {@link #durabilityReplicas} and {@link #durabilityTimeout}. */
        public Builder durability(int replicas, Duration timeout) {
            return durabilityReplicas(replicas).durabilityTimeout(timeout);
        }

        /** See {@link RedisStoreConfig#durabilityReplicas()}. */
        public Builder durabilityReplicas(int durabilityReplicas) {
            this.durabilityReplicas = durabilityReplicas;
            return this;
        }

        /** The replicas to wait for on one endpoint's writes, in place of {@link #durabilityReplicas(int)}. */
        public Builder durabilityReplicas(String endpoint, int replicas) {
            this.durabilityReplicasByEndpoint.put(endpoint, replicas);
            return this;
        }

        /** See {@link RedisStoreConfig#durabilityReplicasByEndpoint()}; replaces what was set. */
        public Builder durabilityReplicasByEndpoint(Map<String, Integer> byEndpoint) {
            this.durabilityReplicasByEndpoint.clear();
            this.durabilityReplicasByEndpoint.putAll(byEndpoint);
            return this;
        }

        /** See {@link RedisStoreConfig#durabilityTimeout()}. */
        public Builder durabilityTimeout(Duration durabilityTimeout) {
            this.durabilityTimeout = durabilityTimeout;
            return this;
        }

        /** See {@link RedisStoreConfig#durabilityAofFsync()}. */
        public Builder durabilityAofFsync(boolean durabilityAofFsync) {
            this.durabilityAofFsync = durabilityAofFsync;
            return this;
        }

        /** See {@link RedisStoreConfig#acceptVolatileAsync()}. */
        public Builder acceptVolatileAsync(boolean acceptVolatileAsync) {
            this.acceptVolatileAsync = acceptVolatileAsync;
            return this;
        }

        /** See {@link RedisStoreConfig#slotPerEndpoint()}. */
        public Builder slotPerEndpoint(boolean slotPerEndpoint) {
            this.slotPerEndpoint = slotPerEndpoint;
            return this;
        }

        /** The configuration; throws {@link IllegalArgumentException} naming the first bad field. */
        public RedisStoreConfig build() {
            return new RedisStoreConfig(
                    keyPrefix,
                    commandTimeout,
                    connectTimeout,
                    durabilityReplicas,
                    durabilityTimeout,
                    durabilityAofFsync,
                    acceptVolatileAsync,
                    durabilityReplicasByEndpoint,
                    slotPerEndpoint);
        }
    }
}
