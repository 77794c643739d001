package dev.hookguard.spring.autoconfigure;

import dev.hookguard.servlet.Intake;
import dev.hookguard.servlet.RecoveryConfig;
import dev.hookguard.servlet.Retries;
import dev.hookguard.servlet.internal.dispatch.DispatchSigning;
import dev.hookguard.spring.internal.autoconfigure.StoreType;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.NestedConfigurationProperty;
import org.springframework.util.unit.DataSize;

/**
 * Hookguard's configuration properties, {@code hookguard.*}. Names equal the builder names of the library ({@code
 * hookguard.policy.max-attempts} is {@code IdempotencyPolicy.Builder.maxAttempts}, {@code
 * hookguard.in-progress-status} is {@code HookguardFilterConfig.Builder.inProgressStatus}); defaults equal their
 * {@code DEFAULT_*} constants.
 */
@ConfigurationProperties("hookguard")
public class HookguardProperties {

    /** Whether Hookguard is auto-configured. */
    private boolean enabled = true;

    /** Status answered while another delivery of the event holds its lease: 409, 429 or 503. */
    private int inProgressStatus = 409;

    /** Status answered for a dead event, and to the delivery whose failure made it dead: a 2xx. */
    private int deadStatus = 202;

    /** Whether to hand deliveries to the handler without a claim while the store is unreachable. */
    private boolean failOpen = false;

    /** Retry-After of the 503 answered while the store is unreachable. */
    private Duration unavailableRetryAfter = Duration.ofSeconds(5);

    /** Longest a claim may take before the delivery is answered 503, whatever the store's own timeouts. */
    private Duration storeTimeout = Duration.ofSeconds(1);

    /** Largest request body of every endpoint; a larger one is answered 413 unread. */
    private DataSize maxBodyBytes = DataSize.ofMegabytes(1);

    /** How records are held and kept, for every endpoint. */
    private final Policy policy = new Policy();

    /** Where records are kept. */
    private final Store store = new Store();

    /** The webhook endpoints, by name. */
    private final Map<String, Endpoint> endpoints = new LinkedHashMap<>();

    /** Checks before and while a request body is read, and the request headers never stored. */
    private final Hardening hardening = new Hardening();

    /** The start-up check that the application's Spring Security lets senders through to every guarded path. */
    private final SecurityCheck securityCheck = new SecurityCheck();

    /** The dispatcher: the worker pool that redelivers queued, retried and replayed events to their endpoint. */
    @NestedConfigurationProperty
    private final DispatcherProperties dispatcher = new DispatcherProperties();

    public DispatcherProperties getDispatcher() {
        return dispatcher;
    }

    public Hardening getHardening() {
        return hardening;
    }

    public SecurityCheck getSecurityCheck() {
        return securityCheck;
    }

    /** {@code hookguard.security-check.*}: the start-up check of the application's {@code SecurityFilterChain}s. */
    public static class SecurityCheck {

        /** Default of {@code hookguard.security-check.enabled}. */
        public static final boolean DEFAULT_ENABLED = true;

        /**
         * Whether start-up fails when the application's SecurityFilterChain would refuse a sender's anonymous POST
         * (no session, no CSRF token) to a guarded webhook path; checked only with Spring Security on the class path.
         */
        private boolean enabled = DEFAULT_ENABLED;

        public boolean isEnabled() {
            return enabled;
        }

        public void setEnabled(boolean enabled) {
            this.enabled = enabled;
        }
    }

    /** {@code hookguard.hardening.*}: the filter's {@code Hardening}; unset values keep its defaults. */
    public static class Hardening {

        /** HTTP methods a delivery may use; others are answered 405 before the body is read. */
        private @Nullable List<String> methods;

        /** Slowest body accepted after body-grace, in bytes per second; a slower one is answered 408. */
        private @Nullable Long minBodyRate;

        /** How long a body may take before min-body-rate applies. */
        private @Nullable Duration bodyGrace;

        /** Request headers never stored with a payload (names or patterns with *); replaces the default list. */
        private @Nullable List<String> storedHeaderDenyList;

        public @Nullable List<String> getMethods() {
            return methods;
        }

        public void setMethods(@Nullable List<String> methods) {
            this.methods = methods;
        }

        public @Nullable Long getMinBodyRate() {
            return minBodyRate;
        }

        public void setMinBodyRate(@Nullable Long minBodyRate) {
            this.minBodyRate = minBodyRate;
        }

        public @Nullable Duration getBodyGrace() {
            return bodyGrace;
        }

        public void setBodyGrace(@Nullable Duration bodyGrace) {
            this.bodyGrace = bodyGrace;
        }

        public @Nullable List<String> getStoredHeaderDenyList() {
            return storedHeaderDenyList;
        }

        public void setStoredHeaderDenyList(@Nullable List<String> storedHeaderDenyList) {
            this.storedHeaderDenyList = storedHeaderDenyList;
        }
    }

    public boolean isEnabled() {
        return enabled;
    }

    public void setEnabled(boolean enabled) {
        this.enabled = enabled;
    }

    public int getInProgressStatus() {
        return inProgressStatus;
    }

    public void setInProgressStatus(int inProgressStatus) {
        this.inProgressStatus = inProgressStatus;
    }

    public int getDeadStatus() {
        return deadStatus;
    }

    public void setDeadStatus(int deadStatus) {
        this.deadStatus = deadStatus;
    }

    public boolean isFailOpen() {
        return failOpen;
    }

    public void setFailOpen(boolean failOpen) {
        this.failOpen = failOpen;
    }

    public Duration getUnavailableRetryAfter() {
        return unavailableRetryAfter;
    }

    public void setUnavailableRetryAfter(Duration unavailableRetryAfter) {
        this.unavailableRetryAfter = unavailableRetryAfter;
    }

    public Duration getStoreTimeout() {
        return storeTimeout;
    }

    public void setStoreTimeout(Duration storeTimeout) {
        this.storeTimeout = storeTimeout;
    }

    public DataSize getMaxBodyBytes() {
        return maxBodyBytes;
    }

    public void setMaxBodyBytes(DataSize maxBodyBytes) {
        this.maxBodyBytes = maxBodyBytes;
    }

    public Policy getPolicy() {
        return policy;
    }

    public Store getStore() {
        return store;
    }

    public Map<String, Endpoint> getEndpoints() {
        return endpoints;
    }

    /** {@code hookguard.policy.*}: the {@code IdempotencyPolicy} of every endpoint. */
    public static class Policy {

        /** How long a claim holds an event before another delivery may take it over; renewed while it runs. */
        private Duration lease = Duration.ofSeconds(30);

        /** How long SUCCEEDED, REJECTED and FAILED records are kept for deduplication. */
        private Duration retention = Duration.ofDays(7);

        /** How long DEAD records (dead letters) are kept for operators. */
        private Duration deadRetention = Duration.ofDays(30);

        /** How many handler runs an event gets before it turns DEAD. */
        private int maxAttempts = 5;

        /** Largest response body stored for replay to duplicates; a larger one is stored without its body. */
        private DataSize responseBodyCap = DataSize.ofKilobytes(64);

        public Duration getLease() {
            return lease;
        }

        public void setLease(Duration lease) {
            this.lease = lease;
        }

        public Duration getRetention() {
            return retention;
        }

        public void setRetention(Duration retention) {
            this.retention = retention;
        }

        public Duration getDeadRetention() {
            return deadRetention;
        }

        public void setDeadRetention(Duration deadRetention) {
            this.deadRetention = deadRetention;
        }

        public int getMaxAttempts() {
            return maxAttempts;
        }

        public void setMaxAttempts(int maxAttempts) {
            this.maxAttempts = maxAttempts;
        }

        public DataSize getResponseBodyCap() {
            return responseBodyCap;
        }

        public void setResponseBodyCap(DataSize responseBodyCap) {
            this.responseBodyCap = responseBodyCap;
        }
    }

    /** {@code hookguard.endpoints.<name>.policy.*}: overrides of {@code hookguard.policy.*} for one endpoint. */
    public static class EndpointPolicy {

        /** Lease of this endpoint; unset takes hookguard.policy.lease. */
        private @Nullable Duration lease;

        /** Retention of this endpoint; unset takes hookguard.policy.retention. */
        private @Nullable Duration retention;

        /** Dead-letter retention of this endpoint; unset takes hookguard.policy.dead-retention. */
        private @Nullable Duration deadRetention;

        /** Attempts of this endpoint; unset takes hookguard.policy.max-attempts. */
        private @Nullable Integer maxAttempts;

        /** Response body cap of this endpoint; unset takes hookguard.policy.response-body-cap. */
        private @Nullable DataSize responseBodyCap;

        public @Nullable Duration getLease() {
            return lease;
        }

        public void setLease(@Nullable Duration lease) {
            this.lease = lease;
        }

        public @Nullable Duration getRetention() {
            return retention;
        }

        public void setRetention(@Nullable Duration retention) {
            this.retention = retention;
        }

        public @Nullable Duration getDeadRetention() {
            return deadRetention;
        }

        public void setDeadRetention(@Nullable Duration deadRetention) {
            this.deadRetention = deadRetention;
        }

        public @Nullable Integer getMaxAttempts() {
            return maxAttempts;
        }

        public void setMaxAttempts(@Nullable Integer maxAttempts) {
            this.maxAttempts = maxAttempts;
        }

        public @Nullable DataSize getResponseBodyCap() {
            return responseBodyCap;
        }

        public void setResponseBodyCap(@Nullable DataSize responseBodyCap) {
            this.responseBodyCap = responseBodyCap;
        }
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
        private Duration purgeInterval = Duration.ofMinutes(10);

        public Duration getPurgeInterval() {
            return purgeInterval;
        }

        public void setPurgeInterval(Duration purgeInterval) {
            this.purgeInterval = purgeInterval;
        }
    }

    /** {@code hookguard.store.redis.*}: the {@code RedisStoreConfig}, and where to connect. */
    public static class Redis {

        /** Redis to connect to (standalone, redis-sentinel:// or comma-separated cluster seeds); unset uses the application's Lettuce client. */
        private @Nullable String uri;

        /** First part of every key. */
        private String keyPrefix = "hookguard";

        /** Longest wait for one Redis command. */
        private Duration commandTimeout = Duration.ofSeconds(2);

        /** Longest wait for a connection to open (connections opened from hookguard.store.redis.uri). */
        private Duration connectTimeout = Duration.ofSeconds(2);

        public @Nullable String getUri() {
            return uri;
        }

        public void setUri(@Nullable String uri) {
            this.uri = uri;
        }

        public String getKeyPrefix() {
            return keyPrefix;
        }

        public void setKeyPrefix(String keyPrefix) {
            this.keyPrefix = keyPrefix;
        }

        public Duration getCommandTimeout() {
            return commandTimeout;
        }

        public void setCommandTimeout(Duration commandTimeout) {
            this.commandTimeout = commandTimeout;
        }

        public Duration getConnectTimeout() {
            return connectTimeout;
        }

        public void setConnectTimeout(Duration connectTimeout) {
            this.connectTimeout = connectTimeout;
        }
    }

    /** {@code hookguard.store.jdbc.*}: the {@code JdbcStoreConfig}, and the purge schedule. */
    public static class Jdbc {

        /** The table: lower-case letters, digits and _, at most 40 characters. */
        private String tableName = "hookguard_events";

        /** The database (postgresql, h2, mariadb, mysql); unset detects it from the DataSource. */
        private @Nullable String dialect;

        /** Whether to create the table (IF NOT EXISTS) at start-up. */
        private boolean createSchemaIfMissing = false;

        /** Most rows one purge statement deletes. */
        private int purgeBatchSize = 1000;

        /** How often records past their retention are deleted; zero turns the purge off. */
        private Duration purgeInterval = Duration.ofMinutes(10);

        /**
         * Transactional endpoints: how long a concurrent duplicate waits for the row lock of the delivery that holds
         * the event before it is answered 409 with Retry-After (PostgreSQL: to the millisecond; MariaDB: whole
         * seconds, at least one). Keep it below hookguard.store-timeout, or the wait is answered 503.
         */
        private Duration lockWait = Duration.ofMillis(500);

        public Duration getLockWait() {
            return lockWait;
        }

        public void setLockWait(Duration lockWait) {
            this.lockWait = lockWait;
        }

        public String getTableName() {
            return tableName;
        }

        public void setTableName(String tableName) {
            this.tableName = tableName;
        }

        public @Nullable String getDialect() {
            return dialect;
        }

        public void setDialect(@Nullable String dialect) {
            this.dialect = dialect;
        }

        public boolean isCreateSchemaIfMissing() {
            return createSchemaIfMissing;
        }

        public void setCreateSchemaIfMissing(boolean createSchemaIfMissing) {
            this.createSchemaIfMissing = createSchemaIfMissing;
        }

        public int getPurgeBatchSize() {
            return purgeBatchSize;
        }

        public void setPurgeBatchSize(int purgeBatchSize) {
            this.purgeBatchSize = purgeBatchSize;
        }

        public Duration getPurgeInterval() {
            return purgeInterval;
        }

        public void setPurgeInterval(Duration purgeInterval) {
            this.purgeInterval = purgeInterval;
        }
    }

    /** {@code hookguard.endpoints.<name>.*}: one webhook endpoint. */
    public static class Endpoint {

        /** Guarded path, exact or ending in /*; unset takes it from the @IdempotentWebhook handlers. */
        private @Nullable String path;

        /**
         * Signature scheme: standard-webhooks (or svix), stripe, github, shopify, slack, twilio, paddle, square,
         * sendgrid, gitlab, zoom, intercom or generic.
         */
        private @Nullable String scheme;

        /** Signing secrets (public keys for sendgrid and standard-webhooks whpk_), current first; several while rotating. */
        private List<String> secrets = new ArrayList<>();

        /** For schemes that sign the URL: as-received, forwarded (trust X-Forwarded-*), or the public base URL. */
        private String publicUrl = "as-received";

        /** How far a signed timestamp may lie from the clock, either way. */
        private Duration tolerance = Duration.ofSeconds(300);

        /** Largest request body of this endpoint; unset takes hookguard.max-body-bytes. */
        private @Nullable DataSize maxBodyBytes;

        /** JSON Schema (draft 2020-12) every verified body must match, such as classpath:schemas/stripe.json. */
        private @Nullable String schema;

        /** Whether this endpoint hands deliveries on without a claim while the store is down; unset takes hookguard.fail-open. */
        private @Nullable Boolean failOpen;

        /** Overrides of hookguard.policy for this endpoint. */
        private final EndpointPolicy policy = new EndpointPolicy();

        /** Where the event id is found; unset parts take the scheme's rule. */
        private final EventId eventId = new EventId();

        /** The signature format of the generic scheme. */
        private final Generic generic = new Generic();

        /**
         * sync: the handler runs in the sender's request and its verdict is the answer; async: the delivery is
         * verified, stored QUEUED and answered 202 at once, and the dispatcher runs the handler.
         */
        private Intake intake = RecoveryConfig.DEFAULT_INTAKE;

        /**
         * Who tries a failed event again: sender, receiver (the dispatcher, with the backoff) or both; unset takes
         * the scheme's default (receiver for github, gitlab, twilio, generic; both for slack, zoom, intercom; sender
         * for the others).
         */
        private @Nullable Retries retries;

        /** The receiver's retry schedule. */
        @NestedConfigurationProperty
        private final BackoffProperties backoff = new BackoffProperties();

        /** How long a FAILED record out of the due queue may stay unchanged before it counts as stalled. */
        private Duration stalledAfter = RecoveryConfig.DEFAULT_STALLED_AFTER;

        /** Most records the endpoint's due queue may hold; beyond it async intake answers 429 with Retry-After. */
        private int queueLimit = RecoveryConfig.DEFAULT_QUEUE_LIMIT;

        /**
         * How dispatches to this endpoint are signed: scheme (re-signed with the current secret) or dispatch-key;
         * unset takes hookguard.dispatcher.signing, else the scheme's.
         */
        private @Nullable DispatchSigning dispatchSigning;

        public Intake getIntake() {
            return intake;
        }

        public void setIntake(Intake intake) {
            this.intake = intake;
        }

        public @Nullable Retries getRetries() {
            return retries;
        }

        public void setRetries(@Nullable Retries retries) {
            this.retries = retries;
        }

        public BackoffProperties getBackoff() {
            return backoff;
        }

        public Duration getStalledAfter() {
            return stalledAfter;
        }

        public void setStalledAfter(Duration stalledAfter) {
            this.stalledAfter = stalledAfter;
        }

        public int getQueueLimit() {
            return queueLimit;
        }

        public void setQueueLimit(int queueLimit) {
            this.queueLimit = queueLimit;
        }

        public @Nullable DispatchSigning getDispatchSigning() {
            return dispatchSigning;
        }

        public void setDispatchSigning(@Nullable DispatchSigning dispatchSigning) {
            this.dispatchSigning = dispatchSigning;
        }

        public @Nullable String getPath() {
            return path;
        }

        public void setPath(@Nullable String path) {
            this.path = path;
        }

        public @Nullable String getScheme() {
            return scheme;
        }

        public void setScheme(@Nullable String scheme) {
            this.scheme = scheme;
        }

        public List<String> getSecrets() {
            return secrets;
        }

        public void setSecrets(List<String> secrets) {
            this.secrets = secrets;
        }

        public Duration getTolerance() {
            return tolerance;
        }

        public String getPublicUrl() {
            return publicUrl;
        }

        public void setPublicUrl(String publicUrl) {
            this.publicUrl = publicUrl;
        }

        public void setTolerance(Duration tolerance) {
            this.tolerance = tolerance;
        }

        public @Nullable DataSize getMaxBodyBytes() {
            return maxBodyBytes;
        }

        public void setMaxBodyBytes(@Nullable DataSize maxBodyBytes) {
            this.maxBodyBytes = maxBodyBytes;
        }

        public @Nullable String getSchema() {
            return schema;
        }

        public void setSchema(@Nullable String schema) {
            this.schema = schema;
        }

        public @Nullable Boolean getFailOpen() {
            return failOpen;
        }

        public void setFailOpen(@Nullable Boolean failOpen) {
            this.failOpen = failOpen;
        }

        public EndpointPolicy getPolicy() {
            return policy;
        }

        public EventId getEventId() {
            return eventId;
        }

        public Generic getGeneric() {
            return generic;
        }
    }

    /** {@code hookguard.endpoints.<name>.event-id.*}: the {@code EventIdConfig}. */
    public static class EventId {

        /** Where to read the id, tried in order: header:<name> or json-pointer:</pointer>; unset takes the scheme's. */
        private @Nullable List<String> sources;

        /** Whether a delivery without an id is identified by the SHA-256 of its body; unset takes the scheme's. */
        private @Nullable Boolean bodyHashFallback;

        /** Whether to deduplicate on the body's SHA-256 as a second key; unset takes the scheme's. */
        private @Nullable Boolean bodyHashKey;

        public @Nullable List<String> getSources() {
            return sources;
        }

        public void setSources(@Nullable List<String> sources) {
            this.sources = sources;
        }

        public @Nullable Boolean getBodyHashFallback() {
            return bodyHashFallback;
        }

        public void setBodyHashFallback(@Nullable Boolean bodyHashFallback) {
            this.bodyHashFallback = bodyHashFallback;
        }

        public @Nullable Boolean getBodyHashKey() {
            return bodyHashKey;
        }

        public void setBodyHashKey(@Nullable Boolean bodyHashKey) {
            this.bodyHashKey = bodyHashKey;
        }
    }

    /** {@code hookguard.endpoints.<name>.generic.*}: the {@code GenericHmacConfig} (secrets and tolerance above). */
    public static class Generic {

        /** Header that carries the signature. */
        private @Nullable String signatureHeader;

        /** Text before the encoded signature in the header, such as sha256=. */
        private String prefix = "";

        /** How the signature is encoded: hex or base64. */
        private String encoding = "hex";

        /** The MAC: hmac-sha256 or hmac-sha512. */
        private String algorithm = "hmac-sha256";

        /** The signed content: literal text with {id}, {timestamp} and {body} (exactly once). */
        private String template = "{body}";

        /** Header with the signed timestamp in whole seconds since the epoch. */
        private @Nullable String timestampHeader;

        /** Where the id comes from: header:<name> or json-pointer:</pointer>. */
        private @Nullable String idSource;

        public @Nullable String getSignatureHeader() {
            return signatureHeader;
        }

        public void setSignatureHeader(@Nullable String signatureHeader) {
            this.signatureHeader = signatureHeader;
        }

        public String getPrefix() {
            return prefix;
        }

        public void setPrefix(String prefix) {
            this.prefix = prefix;
        }

        public String getEncoding() {
            return encoding;
        }

        public void setEncoding(String encoding) {
            this.encoding = encoding;
        }

        public String getAlgorithm() {
            return algorithm;
        }

        public void setAlgorithm(String algorithm) {
            this.algorithm = algorithm;
        }

        public String getTemplate() {
            return template;
        }

        public void setTemplate(String template) {
            this.template = template;
        }

        public @Nullable String getTimestampHeader() {
            return timestampHeader;
        }

        public void setTimestampHeader(@Nullable String timestampHeader) {
            this.timestampHeader = timestampHeader;
        }

        public @Nullable String getIdSource() {
            return idSource;
        }

        public void setIdSource(@Nullable String idSource) {
            this.idSource = idSource;
        }
    }
}
