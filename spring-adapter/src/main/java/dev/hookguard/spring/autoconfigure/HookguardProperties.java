package dev.hookguard.spring.autoconfigure;

import dev.hookguard.servlet.HookguardSettings;
import java.time.Duration;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Hookguard's configuration properties, {@code hookguard.*}: the framework-neutral {@link HookguardSettings} (the
 * filter, the endpoints, the dispatcher, the hardening; the same names as the servlet filter's init-params), plus
 * the sections only Spring has: {@code enabled}, {@code store.*} (which store and where to connect) and {@code
 * security-check.*}. No value has a default here: unset values keep the builders' {@code DEFAULT_*} (the stores'
 * for {@code store.*}), and the configuration metadata shows them (see {@code
 * META-INF/additional-spring-configuration-metadata.json}).
 */
@ConfigurationProperties("hookguard")
public class HookguardProperties extends HookguardSettings {

    /** Whether Hookguard is auto-configured (default true). */
    private @Nullable Boolean enabled;

    /** Where records are kept. */
    private final Store store = new Store();

    /** The start-up check that the application's Spring Security lets senders through to every guarded path. */
    private final SecurityCheck securityCheck = new SecurityCheck();

    public @Nullable Boolean getEnabled() {
        return enabled;
    }

    public void setEnabled(@Nullable Boolean enabled) {
        this.enabled = enabled;
    }

    public Store getStore() {
        return store;
    }

    public SecurityCheck getSecurityCheck() {
        return securityCheck;
    }

    /** {@code hookguard.security-check.*}: the start-up check of the application's {@code SecurityFilterChain}s. */
    public static class SecurityCheck {

        /**
         * Whether start-up fails when the application's SecurityFilterChain would refuse a sender's anonymous POST
         * (no session, no CSRF token) to a guarded webhook path; checked only with Spring Security on the class path.
         */
        private @Nullable Boolean enabled;

        public @Nullable Boolean getEnabled() {
            return enabled;
        }

        public void setEnabled(@Nullable Boolean enabled) {
            this.enabled = enabled;
        }
    }

    /** The stores {@code hookguard.store.type} can name. */
    public enum StoreType {
        /** {@link dev.hookguard.core.memory.InMemoryStore}: one JVM only, for tests, demos and single-node services. */
        MEMORY,
        /** {@code redis-store}, on {@code hookguard.store.redis.uri}, a Lettuce client bean or Spring Data Redis. */
        REDIS,
        /** {@code jdbc-store}, on the application's {@code DataSource}. */
        JDBC
    }

    /** {@code hookguard.store.*}: which store, and its settings. */
    public static class Store {

        /** Which store keeps the records; unset picks it from the beans present (see the module README). */
        private @Nullable StoreType type;

        /** Settings of the Redis store. */
        private final Redis redis = new Redis();

        /** Settings of the JDBC store. */
        private final Jdbc jdbc = new Jdbc();

        /** Settings of the in-memory store. */
        private final Memory memory = new Memory();

        public @Nullable StoreType getType() {
            return type;
        }

        public void setType(@Nullable StoreType type) {
            this.type = type;
        }

        public Redis getRedis() {
            return redis;
        }

        public Jdbc getJdbc() {
            return jdbc;
        }

        public Memory getMemory() {
            return memory;
        }
    }

    /** {@code hookguard.store.memory.*}: the in-memory store's upkeep. */
    public static class Memory {

        /** How often records past their retention are dropped; zero turns it off. */
        private @Nullable Duration purgeInterval;

        public @Nullable Duration getPurgeInterval() {
            return purgeInterval;
        }

        public void setPurgeInterval(@Nullable Duration purgeInterval) {
            this.purgeInterval = purgeInterval;
        }
    }

    /** {@code hookguard.store.redis.*}: the {@code RedisStoreConfig}, and where to connect. */
    public static class Redis {

        /**
         * Redis to connect to (standalone, redis-sentinel:// or comma-separated cluster seeds); unset uses the
         * application's Lettuce client.
         */
        private @Nullable String uri;

        /** First part of every key. */
        private @Nullable String keyPrefix;

        /** Longest wait for one Redis command. */
        private @Nullable Duration commandTimeout;

        /** Longest wait for a connection to open (connections opened from hookguard.store.redis.uri). */
        private @Nullable Duration connectTimeout;

        public @Nullable String getUri() {
            return uri;
        }

        public void setUri(@Nullable String uri) {
            this.uri = uri;
        }

        public @Nullable String getKeyPrefix() {
            return keyPrefix;
        }

        public void setKeyPrefix(@Nullable String keyPrefix) {
            this.keyPrefix = keyPrefix;
        }

        public @Nullable Duration getCommandTimeout() {
            return commandTimeout;
        }

        public void setCommandTimeout(@Nullable Duration commandTimeout) {
            this.commandTimeout = commandTimeout;
        }

        public @Nullable Duration getConnectTimeout() {
            return connectTimeout;
        }

        public void setConnectTimeout(@Nullable Duration connectTimeout) {
            this.connectTimeout = connectTimeout;
        }

        /** Allow async intake on a Redis with neither an append-only file nor durability replicas (a 202 it may lose). */
        private @Nullable Boolean acceptVolatileAsync;

        /** {@code hookguard.store.redis.durability.*}: replicas to wait for after each write ({@code WAIT}). */
        private final Durability durability = new Durability();

        public @Nullable Boolean getAcceptVolatileAsync() {
            return acceptVolatileAsync;
        }

        public void setAcceptVolatileAsync(@Nullable Boolean acceptVolatileAsync) {
            this.acceptVolatileAsync = acceptVolatileAsync;
        }

        public Durability getDurability() {
            return durability;
        }

        /** {@code hookguard.store.redis.durability.*}: {@code none} (replicas 0) or {@code replicas(n, timeout)}. */
        public static class Durability {

            /** Replicas that must acknowledge each write an answer depends on (WAIT); 0 waits for none. */
            private @Nullable Integer replicas;

            /** Longest WAIT; fewer acknowledgements by then answer 503 (an unrecorded write). */
            private @Nullable Duration timeout;

            /** Also wait for the append-only files' fsync (WAITAOF, Redis 7.2 and later). */
            private @Nullable Boolean aofFsync;

            public @Nullable Integer getReplicas() {
                return replicas;
            }

            public void setReplicas(@Nullable Integer replicas) {
                this.replicas = replicas;
            }

            public @Nullable Duration getTimeout() {
                return timeout;
            }

            public void setTimeout(@Nullable Duration timeout) {
                this.timeout = timeout;
            }

            public @Nullable Boolean getAofFsync() {
                return aofFsync;
            }

            public void setAofFsync(@Nullable Boolean aofFsync) {
                this.aofFsync = aofFsync;
            }
        }
    }

    /** {@code hookguard.store.jdbc.*}: the {@code JdbcStoreConfig}, and the purge schedule. */
    public static class Jdbc {

        /** The table: lower-case letters, digits and _, at most 40 characters. */
        private @Nullable String tableName;

        /** The database (postgresql, h2, mariadb, mysql); unset detects it from the DataSource. */
        private @Nullable String dialect;

        /** Whether to create the table (IF NOT EXISTS) at start-up. */
        private @Nullable Boolean createSchemaIfMissing;

        /** Most rows one purge statement deletes. */
        private @Nullable Integer purgeBatchSize;

        /** How often records past their retention are deleted; zero turns the purge off. */
        private @Nullable Duration purgeInterval;

        /**
         * Transactional endpoints: how long a concurrent duplicate waits for the row lock of the delivery that holds
         * the event before it is answered 409 with Retry-After (PostgreSQL: to the millisecond; MariaDB: whole
         * seconds, at least one). Keep it below hookguard.store-timeout, or the wait is answered 503.
         */
        private @Nullable Duration lockWait;

        public @Nullable Duration getLockWait() {
            return lockWait;
        }

        public void setLockWait(@Nullable Duration lockWait) {
            this.lockWait = lockWait;
        }

        public @Nullable String getTableName() {
            return tableName;
        }

        public void setTableName(@Nullable String tableName) {
            this.tableName = tableName;
        }

        public @Nullable String getDialect() {
            return dialect;
        }

        public void setDialect(@Nullable String dialect) {
            this.dialect = dialect;
        }

        public @Nullable Boolean getCreateSchemaIfMissing() {
            return createSchemaIfMissing;
        }

        public void setCreateSchemaIfMissing(@Nullable Boolean createSchemaIfMissing) {
            this.createSchemaIfMissing = createSchemaIfMissing;
        }

        public @Nullable Integer getPurgeBatchSize() {
            return purgeBatchSize;
        }

        public void setPurgeBatchSize(@Nullable Integer purgeBatchSize) {
            this.purgeBatchSize = purgeBatchSize;
        }

        public @Nullable Duration getPurgeInterval() {
            return purgeInterval;
        }

        public void setPurgeInterval(@Nullable Duration purgeInterval) {
            this.purgeInterval = purgeInterval;
        }
    }
}
