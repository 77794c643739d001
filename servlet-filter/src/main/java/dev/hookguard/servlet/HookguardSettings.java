package dev.hookguard.servlet;

import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.memory.InMemoryStore;
import dev.hookguard.core.signature.EventIdConfig;
import dev.hookguard.core.signature.EventIdConfig.EventIdSource;
import dev.hookguard.core.signature.GenericHmacConfig;
import dev.hookguard.core.signature.GenericHmacConfig.HmacAlgorithm;
import dev.hookguard.core.signature.GenericHmacConfig.SignatureEncoding;
import dev.hookguard.core.signature.Scheme;
import dev.hookguard.core.signature.SecretRules;
import dev.hookguard.core.signature.SignatureConfig;
import dev.hookguard.core.signature.SignatureConfig.PublicUrl;
import dev.hookguard.core.signature.Verifiers;
import dev.hookguard.core.signature.WebhookSigner;
import dev.hookguard.servlet.RecoveryConfig.DispatchSigning;
import dev.hookguard.servlet.internal.config.SettingNames;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * Hookguard's settings, framework-neutral: the filter, every endpoint, the dispatcher and the hardening, as a
 * mutable bean of nullable values with no defaults of its own. Servlet {@code init-param}s ({@code InitParams}) and
 * Spring's {@code hookguard.*} properties bind to it with the same names (Spring's with the {@code hookguard.}
 * prefix); {@link #applyTo} writes only the values that are set onto the configuration builders, which own every
 * default ({@code DEFAULT_*}). Every invalid value fails with an {@link IllegalArgumentException} whose message starts
 * with the property's name, such as {@code endpoints.stripe.policy.lease must not be negative but was PT-1S}.
 */
public class HookguardSettings {

    private static final Pattern SIZE = Pattern.compile("(\\d+)\\s*(b|kb|mb|gb)?");

    /** Status answered while another delivery of the event holds its lease: 409, 429 or 503. */
    private @Nullable Integer inProgressStatus;

    /** Status answered for a dead event, and to the delivery whose failure made it dead: a 2xx. */
    private @Nullable Integer deadStatus;

    /** Whether to hand deliveries to the handler without a claim while the store is unreachable. */
    private @Nullable Boolean failOpen;

    /** Retry-After of the 503 answered while the store is unreachable. */
    private @Nullable Duration unavailableRetryAfter;

    /** Longest a claim may take before the delivery is answered 503, whatever the store's own timeouts. */
    private @Nullable Duration storeTimeout;

    /** Largest request body of every endpoint, in bytes or with a unit (KB, MB: 1024-based); a larger one is answered
     * 413 unread.
     */
    private @Nullable String maxBodyBytes;

    public @Nullable Integer getInProgressStatus() {
        return inProgressStatus;
    }

    public void setInProgressStatus(@Nullable Integer inProgressStatus) {
        this.inProgressStatus = inProgressStatus;
    }

    public @Nullable Integer getDeadStatus() {
        return deadStatus;
    }

    public void setDeadStatus(@Nullable Integer deadStatus) {
        this.deadStatus = deadStatus;
    }

    public @Nullable Boolean getFailOpen() {
        return failOpen;
    }

    public void setFailOpen(@Nullable Boolean failOpen) {
        this.failOpen = failOpen;
    }

    public @Nullable Duration getUnavailableRetryAfter() {
        return unavailableRetryAfter;
    }

    public void setUnavailableRetryAfter(@Nullable Duration unavailableRetryAfter) {
        this.unavailableRetryAfter = unavailableRetryAfter;
    }

    public @Nullable Duration getStoreTimeout() {
        return storeTimeout;
    }

    public void setStoreTimeout(@Nullable Duration storeTimeout) {
        this.storeTimeout = storeTimeout;
    }

    public @Nullable String getMaxBodyBytes() {
        return maxBodyBytes;
    }

    public void setMaxBodyBytes(@Nullable String maxBodyBytes) {
        this.maxBodyBytes = maxBodyBytes;
    }

    /** How records are held and kept, for every endpoint. */
    private final Policy policy = new Policy();

    /** The webhook endpoints, by name. */
    private final Map<String, Endpoint> endpoints = new LinkedHashMap<>();

    /** Checks before and while a request body is read, and the request headers never stored. */
    private final HardeningSettings hardening = new HardeningSettings();

    /** The dispatcher: the worker pool that redelivers queued, retried and replayed events to their endpoint. */
    private final DispatcherSettings dispatcher = new DispatcherSettings();

    public Policy getPolicy() {
        return policy;
    }

    public Map<String, Endpoint> getEndpoints() {
        return endpoints;
    }

    public HardeningSettings getHardening() {
        return hardening;
    }

    public DispatcherSettings getDispatcher() {
        return dispatcher;
    }

    /** Archive before purge: dead letters written to gzipped JSON Lines files before they are deleted. */
    private final ArchiveSettings archive = new ArchiveSettings();

    public ArchiveSettings getArchive() {
        return archive;
    }

    /** Whether Spring Boot auto-configures Hookguard (default true); the plain filter has no such switch. */
    private @Nullable Boolean enabled;

    /** Spring Boot's start-up check that the application's security lets senders through to every guarded path. */
    private final SecurityCheckSettings securityCheck = new SecurityCheckSettings();

    public @Nullable Boolean getEnabled() {
        return enabled;
    }

    public void setEnabled(@Nullable Boolean enabled) {
        this.enabled = enabled;
    }

    public SecurityCheckSettings getSecurityCheck() {
        return securityCheck;
    }

    /** Which store keeps the records, and the stores' Hookguard-side settings (Spring Boot builds the store). */
    private final StoreSettings store = new StoreSettings();

    /** The operator console: where it is mounted, who may read and act, what it shows. */
    private final ConsoleSettings console = new ConsoleSettings();

    public StoreSettings getStore() {
        return store;
    }

    public ConsoleSettings getConsole() {
        return console;
    }

    /**
     * Writes the set filter-wide values, the hardening and the dispatcher onto {@code builder} (endpoints aside: see
     * {@link #endpoint}); names in errors start with {@code prefix} ({@code ""} or {@code "hookguard."}).
     */
    public HookguardFilterConfig.Builder applyTo(HookguardFilterConfig.Builder builder, String prefix) {
        set(inProgressStatus, builder::inProgressStatus);
        set(deadStatus, builder::deadStatus);
        set(failOpen, builder::failOpen);
        set(unavailableRetryAfter, builder::unavailableRetryAfter);
        set(storeTimeout, builder::storeTimeout);
        builder.hardening(named(prefix + "hardening", hardening::toHardening));
        builder.dispatcher(named(prefix + "dispatcher", dispatcher::toDispatcherConfig));
        builder.archive(named(prefix + "archive", archive::toArchiveConfig));
        return builder;
    }

    /**
     * A builder of the filter's configuration with the set filter-wide values, the hardening and the dispatcher
     * applied ({@link #applyTo}): where the servlet init-params and the Spring adapter start, before they add the
     * endpoints and the runtime parts (store, metrics, error classifier).
     *
     * @throws IllegalArgumentException naming the first bad setting and its value
     */
    public HookguardFilterConfig.Builder filterConfig(String prefix) {
        return applyTo(HookguardFilterConfig.custom(), prefix);
    }

    /**
     * Checks every set filter-wide value, the hardening and the dispatcher with the builders' own validation, so that
     * start-up fails naming the first bad one (the endpoints are checked as they are built).
     *
     * @throws IllegalArgumentException naming the first bad setting and its value
     */
    public void check(String prefix) {
        filterConfig(prefix)
                .endpoint(EndpointConfig.custom("probe")
                        .path("/probe")
                        .verifier((headers, body) -> {
                            throw new UnsupportedOperationException("never called");
                        })
                        .eventIds(EventIdConfig.forScheme(Scheme.GITHUB))
                        .build())
                .store(new InMemoryStore())
                .metrics(DeliveryMetrics.none())
                .build();
    }

    /** {@link #filterConfig} with every endpoint added, reading schemas with {@code schemas}. */
    public HookguardFilterConfig.Builder toFilterConfig(String prefix, Function<String, PayloadSchema> schemas) {
        HookguardFilterConfig.Builder builder = filterConfig(prefix);
        for (String name : endpoints.keySet()) {
            builder.endpoint(named(
                    prefix + "endpoints." + name,
                    () -> endpoint(name, prefix, schemas).build()));
        }
        return builder;
    }

    /** The policy of every endpoint: {@code policy.*} onto the defaults. */
    public IdempotencyPolicy policy(String prefix) {
        IdempotencyPolicy.Builder builder = IdempotencyPolicy.custom();
        policy.applyTo(builder, prefix + "policy.");
        return named(prefix + "policy", builder::build);
    }

    /**
     * The builder of endpoint {@code name} with its set values, {@code policy.*} and {@code max-body-bytes} under its
     * own; the path is left unset when none is given (Spring takes it from the handlers).
     *
     * @throws IllegalArgumentException naming the first bad property
     */
    public EndpointConfig.Builder endpoint(String name, String prefix, Function<String, PayloadSchema> schemas) {
        Endpoint endpoint = endpoints.get(name);
        if (endpoint == null) {
            throw new IllegalArgumentException(prefix + "endpoints." + name + " is not configured");
        }
        return endpoint.toBuilder(name, this, prefix + "endpoints." + name + ".", schemas);
    }

    /**
     * The event-id rule of endpoint {@code name}: its scheme's (or the generic format's), with {@code event-id.*}
     * over it; the same rule {@link #endpoint} sets.
     */
    public EventIdConfig eventIds(String name, String prefix) {
        Endpoint endpoint = endpoints.get(name);
        if (endpoint == null) {
            throw new IllegalArgumentException(prefix + "endpoints." + name + " is not configured");
        }
        String at = prefix + "endpoints." + name + ".";
        Scheme parsed = endpoint.scheme(at);
        EventIdConfig base = parsed == Scheme.GENERIC
                ? EventIdConfig.forGeneric(endpoint.generic.toConfig(
                        at, endpoint.secrets == null ? List.of() : endpoint.secrets, endpoint.tolerance))
                : EventIdConfig.forScheme(parsed);
        return endpoint.eventId.toConfig(at + "event-id", base);
    }

    private static <T> void set(@Nullable T value, java.util.function.Consumer<T> setter) {
        if (value != null) {
            setter.accept(value);
        }
    }

    /** See {@link SettingNames#named}. */
    static <T> T named(String prefix, Supplier<T> build) {
        return SettingNames.named(prefix, build);
    }

    /** A size in bytes: a number, or one with B, KB, MB or GB (1024-based), any case. */
    static int bytes(String property, String value) {
        Matcher matcher = SIZE.matcher(value.trim().toLowerCase(Locale.ROOT));
        if (matcher.matches()) {
            long amount = Long.parseLong(matcher.group(1));
            String unit = matcher.group(2) == null ? "b" : matcher.group(2);
            long bytes = switch (unit) {
                case "kb" -> amount * 1024;
                case "mb" -> amount * 1024 * 1024;
                case "gb" -> amount * 1024 * 1024 * 1024;
                default -> amount;
            };
            if (bytes <= Integer.MAX_VALUE) {
                return (int) bytes;
            }
        }
        throw new IllegalArgumentException(property + " must be a size between 0 and " + Integer.MAX_VALUE
                + " bytes (such as 1MB) but was '" + value + "'");
    }

    static <E extends Enum<E>> E enumOf(Class<E> type, String property, String value) {
        String constant = value.trim().toUpperCase(Locale.ROOT).replace('-', '_');
        for (E candidate : type.getEnumConstants()) {
            if (candidate.name().equals(constant)) {
                return candidate;
            }
        }
        List<String> allowed = new ArrayList<>();
        for (E candidate : type.getEnumConstants()) {
            allowed.add(candidate.name().toLowerCase(Locale.ROOT).replace('_', '-'));
        }
        throw new IllegalArgumentException(
                property + " must be one of " + String.join(", ", allowed) + " but was '" + value + "'");
    }

    static EventIdSource source(String property, String source) {
        try {
            if (source.startsWith("header:")) {
                return EventIdSource.header(source.substring("header:".length()));
            }
            if (source.startsWith("json-pointer:")) {
                return EventIdSource.jsonPointer(source.substring("json-pointer:".length()));
            }
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(property + " is invalid: " + e.getMessage(), e);
        }
        throw new IllegalArgumentException(
                property + " must be header:<name> or json-pointer:</pointer> but was '" + source + "'");
    }

    /**
     * {@code policy.*}: the {@code IdempotencyPolicy} of every endpoint; also {@code endpoints.<name>.policy.*}, one
     * endpoint's overrides, whose unset fields take {@code policy.*}.
     */
    public static class Policy {

        /** How long a claim holds an event before another delivery may take it over; renewed while it runs. */
        private @Nullable Duration lease;

        /** How long SUCCEEDED, REJECTED and FAILED records are kept for deduplication. */
        private @Nullable Duration retention;

        /** How long DEAD records (dead letters) are kept for operators. */
        private @Nullable Duration deadRetention;

        /** How many handler runs an event gets before it turns DEAD (also the receiver's retry schedule's attempts). */
        private @Nullable Integer maxAttempts;

        /** Largest response body stored for replay to duplicates, in bytes or with a unit (KB, MB); a larger one is
         * stored without its body.
         */
        private @Nullable String responseBodyCap;

        /** How many of its newest attempts (time, source, status, exception, stack trace) a record keeps; 0 for none. */
        private @Nullable Integer attemptLog;

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

        public @Nullable String getResponseBodyCap() {
            return responseBodyCap;
        }

        public void setResponseBodyCap(@Nullable String responseBodyCap) {
            this.responseBodyCap = responseBodyCap;
        }

        public @Nullable Integer getAttemptLog() {
            return attemptLog;
        }

        public void setAttemptLog(@Nullable Integer attemptLog) {
            this.attemptLog = attemptLog;
        }

        void applyTo(IdempotencyPolicy.Builder builder, String prefix) {
            set(attemptLog, builder::attemptLog);
            set(lease, builder::lease);
            set(retention, builder::retention);
            set(deadRetention, builder::deadRetention);
            set(maxAttempts, builder::maxAttempts);
            if (responseBodyCap != null) {
                builder.responseBodyCap(bytes(prefix + "response-body-cap", responseBodyCap));
            }
        }
    }

    /** {@code endpoints.<name>.*}: one webhook endpoint. */
    public static class Endpoint {

        /** Guarded path, exact or ending in /*; unset in Spring takes it from the @IdempotentWebhook handlers. */
        private @Nullable String path;

        /** Signature scheme: standard-webhooks (or svix), stripe, github, shopify, slack, twilio, paddle, square,
         * sendgrid, gitlab, zoom, intercom or generic.
         */
        private @Nullable String scheme;

        /** Signing secrets (public keys for sendgrid and standard-webhooks whpk_), current first; several while
         * rotating.
         */
        private @Nullable List<String> secrets;

        /** For schemes that sign the URL: as-received, forwarded (trust X-Forwarded-*), or the public base URL. */
        private @Nullable String publicUrl;

        /** How far a signed timestamp may lie from the clock, either way. */
        private @Nullable Duration tolerance;

        /** Largest request body of this endpoint; unset takes max-body-bytes. */
        private @Nullable String maxBodyBytes;

        /** JSON Schema (draft 2020-12) every verified body must match, such as classpath:schemas/stripe.json. */
        private @Nullable String schema;

        /** Whether this endpoint hands deliveries on without a claim while the store is down; unset takes fail-open. */
        private @Nullable Boolean failOpen;

        /** sync: the handler runs in the sender's request and its verdict is the answer; async: the delivery is
         * verified, stored QUEUED and answered 202 at once, and the dispatcher runs the handler.
         */
        private @Nullable Intake intake;

        /** Who tries a failed event again: sender, receiver (the dispatcher, with the backoff) or both; unset takes the
         * scheme's default (receiver for github, gitlab, twilio, generic; both for slack, zoom, intercom; sender for
         * the others).
         */
        private @Nullable Retries retries;

        /** How long a FAILED record out of the due queue may stay unchanged before it counts as stalled (for the
         * Sweeper, the Actuator and the console).
         */
        private @Nullable Duration stalledAfter;

        /** Most records the endpoint's due queue may hold; beyond it async intake answers 429 with Retry-After. */
        private @Nullable Integer queueLimit;

        /** How dispatches to this endpoint are signed: scheme (re-signed with the current secret) or dispatch-key;
         * unset takes dispatcher.signing, else the scheme's.
         */
        private @Nullable DispatchSigning dispatchSigning;

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

        public @Nullable List<String> getSecrets() {
            return secrets;
        }

        public void setSecrets(@Nullable List<String> secrets) {
            this.secrets = secrets;
        }

        public @Nullable String getPublicUrl() {
            return publicUrl;
        }

        public void setPublicUrl(@Nullable String publicUrl) {
            this.publicUrl = publicUrl;
        }

        public @Nullable Duration getTolerance() {
            return tolerance;
        }

        public void setTolerance(@Nullable Duration tolerance) {
            this.tolerance = tolerance;
        }

        public @Nullable String getMaxBodyBytes() {
            return maxBodyBytes;
        }

        public void setMaxBodyBytes(@Nullable String maxBodyBytes) {
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

        public @Nullable Intake getIntake() {
            return intake;
        }

        public void setIntake(@Nullable Intake intake) {
            this.intake = intake;
        }

        public @Nullable Retries getRetries() {
            return retries;
        }

        public void setRetries(@Nullable Retries retries) {
            this.retries = retries;
        }

        public @Nullable Duration getStalledAfter() {
            return stalledAfter;
        }

        public void setStalledAfter(@Nullable Duration stalledAfter) {
            this.stalledAfter = stalledAfter;
        }

        public @Nullable Integer getQueueLimit() {
            return queueLimit;
        }

        public void setQueueLimit(@Nullable Integer queueLimit) {
            this.queueLimit = queueLimit;
        }

        public @Nullable DispatchSigning getDispatchSigning() {
            return dispatchSigning;
        }

        public void setDispatchSigning(@Nullable DispatchSigning dispatchSigning) {
            this.dispatchSigning = dispatchSigning;
        }

        /** Overrides of policy for this endpoint. */
        private final Policy policy = new Policy();

        /** Where the event id is found; unset parts take the scheme's rule. */
        private final EventId eventId = new EventId();

        /** The signature format of the generic scheme. */
        private final Generic generic = new Generic();

        /** The receiver's retry schedule; its attempts are policy.max-attempts. */
        private final BackoffSettings backoff = new BackoffSettings();

        /** The dispatcher's controls of this endpoint: delivery rate and circuit breaker. */
        private final DispatchSettings dispatch = new DispatchSettings();

        public Policy getPolicy() {
            return policy;
        }

        public EventId getEventId() {
            return eventId;
        }

        public Generic getGeneric() {
            return generic;
        }

        public BackoffSettings getBackoff() {
            return backoff;
        }

        public DispatchSettings getDispatch() {
            return dispatch;
        }

        EndpointConfig.Builder toBuilder(
                String name, HookguardSettings root, String prefix, Function<String, PayloadSchema> schemas) {
            Scheme parsed = scheme(prefix);
            List<String> keys = secrets == null ? List.of() : secrets;
            EndpointConfig.Builder builder = EndpointConfig.custom(name);
            EventIdConfig base;
            if (parsed == Scheme.GENERIC) {
                GenericHmacConfig config = generic.toConfig(prefix, keys, tolerance);
                SecretRules.require(parsed, config.secrets());
                builder.verifier(Verifiers.generic(config))
                        .signer(WebhookSigner.generic(config, config.secrets().get(0)));
                base = EventIdConfig.forGeneric(config);
            } else {
                SignatureConfig.Builder signature = SignatureConfig.custom().secrets(keys);
                set(tolerance, signature::tolerance);
                if (publicUrl != null) {
                    signature.publicUrl(
                            named(prefix.substring(0, prefix.length() - 1), () -> PublicUrl.parse(publicUrl)));
                }
                SignatureConfig config = named(prefix.substring(0, prefix.length() - 1), signature::build);
                named(prefix.substring(0, prefix.length() - 1), () -> builder.scheme(parsed, config));
                base = EventIdConfig.forScheme(parsed);
            }
            builder.eventIds(eventId.toConfig(prefix + "event-id", base));
            String rootPrefix = prefix.substring(0, prefix.lastIndexOf("endpoints."));
            IdempotencyPolicy.Builder policyBuilder = IdempotencyPolicy.from(root.policy(rootPrefix));
            policy.applyTo(policyBuilder, prefix + "policy.");
            IdempotencyPolicy chosen = named(prefix + "policy", policyBuilder::build);
            builder.policy(chosen);
            String size = maxBodyBytes != null ? maxBodyBytes : root.maxBodyBytes;
            if (size != null) {
                builder.maxBodyBytes(
                        bytes(maxBodyBytes != null ? prefix + "max-body-bytes" : rootPrefix + "max-body-bytes", size));
            }
            builder.failOpen(failOpen);
            if (schema != null && !schema.isBlank()) {
                builder.schema(schemas.apply(schema));
            }
            Backoff.Builder schedule = Backoff.custom().attempts(chosen.maxAttempts());
            set(backoff.base, schedule::base);
            set(backoff.cap, schedule::cap);
            RecoveryConfig.Builder recovery =
                    RecoveryConfig.custom().backoff(named(prefix + "backoff", schedule::build));
            set(intake, recovery::intake);
            recovery.retries(retries);
            set(stalledAfter, recovery::stalledAfter);
            set(queueLimit, recovery::queueLimit);
            recovery.signing(dispatchSigning);
            recovery.dispatch(dispatch.toDispatch(prefix + "dispatch."));
            builder.recovery(named(prefix.substring(0, prefix.length() - 1), recovery::build));
            if (path != null) {
                builder.path(path);
            }
            return builder;
        }

        private Scheme scheme(String prefix) {
            if (scheme == null || scheme.isBlank()) {
                throw new IllegalArgumentException(prefix + "scheme must be set: one of " + Scheme.names());
            }
            try {
                return Scheme.of(scheme);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(
                        prefix + "scheme must be one of " + Scheme.names() + " but was '" + scheme + "'", e);
            }
        }
    }

    /** {@code endpoints.<name>.event-id.*}: the {@code EventIdConfig}. */
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

        EventIdConfig toConfig(String prefix, EventIdConfig base) {
            EventIdConfig.Builder builder = EventIdConfig.from(base);
            if (sources != null) {
                List<EventIdSource> parsed = new ArrayList<>();
                for (int i = 0; i < sources.size(); i++) {
                    parsed.add(source(prefix + ".sources[" + i + "]", sources.get(i)));
                }
                builder.sources(parsed);
            }
            set(bodyHashFallback, builder::bodyHashFallback);
            set(bodyHashKey, builder::bodyHashKey);
            return named(prefix, builder::build);
        }
    }

    /** {@code endpoints.<name>.generic.*}: the {@code GenericHmacConfig} (secrets and tolerance are the endpoint's). */
    public static class Generic {

        /** Header that carries the signature. */
        private @Nullable String signatureHeader;

        /** Text before the encoded signature in the header, such as sha256=. */
        private @Nullable String prefix;

        /** How the signature is encoded: hex or base64. */
        private @Nullable String encoding;

        /** The MAC: hmac-sha256 or hmac-sha512. */
        private @Nullable String algorithm;

        /** The signed content: literal text with {id}, {timestamp} and {body} (exactly once). */
        private @Nullable String template;

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

        public @Nullable String getPrefix() {
            return prefix;
        }

        public void setPrefix(@Nullable String prefix) {
            this.prefix = prefix;
        }

        public @Nullable String getEncoding() {
            return encoding;
        }

        public void setEncoding(@Nullable String encoding) {
            this.encoding = encoding;
        }

        public @Nullable String getAlgorithm() {
            return algorithm;
        }

        public void setAlgorithm(@Nullable String algorithm) {
            this.algorithm = algorithm;
        }

        public @Nullable String getTemplate() {
            return template;
        }

        public void setTemplate(@Nullable String template) {
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

        GenericHmacConfig toConfig(String endpointPrefix, List<String> secrets, @Nullable Duration tolerance) {
            String prefix = endpointPrefix + "generic";
            if (signatureHeader == null) {
                throw new IllegalArgumentException(prefix + ".signature-header must be set for scheme generic");
            }
            GenericHmacConfig.Builder builder =
                    GenericHmacConfig.custom().secrets(secrets).signatureHeader(signatureHeader);
            set(tolerance, builder::tolerance);
            set(this.prefix, builder::prefix);
            if (encoding != null) {
                builder.encoding(enumOf(SignatureEncoding.class, prefix + ".encoding", encoding));
            }
            if (algorithm != null) {
                builder.algorithm(enumOf(HmacAlgorithm.class, prefix + ".algorithm", algorithm));
            }
            set(template, builder::template);
            builder.timestampHeader(timestampHeader);
            if (idSource != null) {
                builder.idSource(source(prefix + ".id-source", idSource));
            }
            try {
                return builder.build();
            } catch (IllegalArgumentException e) {
                String message = String.valueOf(e.getMessage());
                boolean endpointLevel = message.startsWith("secrets") || message.startsWith("tolerance");
                String at = endpointLevel ? endpointPrefix.substring(0, endpointPrefix.length() - 1) : prefix;
                return named(at, () -> {
                    throw e;
                });
            }
        }
    }

    /** {@code endpoints.<name>.backoff.*}: the receiver's retry schedule (full-jitter exponential backoff). */
    public static class BackoffSettings {

        /** Scale of the first retry's delay: the delay after attempt n lies in [0, min(cap, base * 2^n)]. */
        private @Nullable Duration base;

        /** Longest delay between two attempts (a handler's Retry-After may still ask for more). */
        private @Nullable Duration cap;

        public @Nullable Duration getBase() {
            return base;
        }

        public void setBase(@Nullable Duration base) {
            this.base = base;
        }

        public @Nullable Duration getCap() {
            return cap;
        }

        public void setCap(@Nullable Duration cap) {
            this.cap = cap;
        }
    }

    /** {@code endpoints.<name>.dispatch.*}: the endpoint's {@code RecoveryConfig.Dispatch}; unset values keep its defaults. */
    public static class DispatchSettings {

        /** Most dispatches per second or minute over all nodes, such as 50/s or 6000/min; unset for no limit. */
        private @Nullable String rate;

        /** How many nodes dispatch this endpoint; each one dispatches at most rate / nodes. */
        private @Nullable Integer nodes;

        /** The circuit breaker on this endpoint's dispatches. */
        private final BreakerSettings breaker = new BreakerSettings();

        public @Nullable String getRate() {
            return rate;
        }

        public void setRate(@Nullable String rate) {
            this.rate = rate;
        }

        public @Nullable Integer getNodes() {
            return nodes;
        }

        public void setNodes(@Nullable Integer nodes) {
            this.nodes = nodes;
        }

        public BreakerSettings getBreaker() {
            return breaker;
        }

        RecoveryConfig.Dispatch toDispatch(String prefix) {
            String at = prefix.substring(0, prefix.length() - 1);
            RecoveryConfig.Dispatch built = RecoveryConfig.Dispatch.ofDefaults();
            if (rate != null) {
                built = built.rate(named(at, () -> RecoveryConfig.Rate.parse(rate)));
            }
            if (nodes != null) {
                RecoveryConfig.Dispatch base = built;
                built = named(at, () -> base.nodes(nodes));
            }
            return built.breaker(breaker.toBreaker(prefix + "breaker"));
        }
    }

    /** {@code endpoints.<name>.dispatch.breaker.*}: the endpoint's circuit breaker; unset values keep its defaults. */
    public static class BreakerSettings {

        /** Whether the dispatcher backs this endpoint off when its dispatches fail (timeout, network, 5xx, 429). */
        private @Nullable Boolean enabled;

        /** Failure rate in percent over the window that opens the breaker. */
        private @Nullable Integer failureRate;

        /** Fewest dispatches in the window before the failure rate counts. */
        private @Nullable Integer minimumCalls;

        /** The sliding window the failure rate is taken over. */
        private @Nullable Duration window;

        /** How long the breaker stays open before it probes. */
        private @Nullable Duration waitInOpen;

        /** How many records the half-open breaker dispatches as probes. */
        private @Nullable Integer probes;

        public @Nullable Boolean getEnabled() {
            return enabled;
        }

        public void setEnabled(@Nullable Boolean enabled) {
            this.enabled = enabled;
        }

        public @Nullable Integer getFailureRate() {
            return failureRate;
        }

        public void setFailureRate(@Nullable Integer failureRate) {
            this.failureRate = failureRate;
        }

        public @Nullable Integer getMinimumCalls() {
            return minimumCalls;
        }

        public void setMinimumCalls(@Nullable Integer minimumCalls) {
            this.minimumCalls = minimumCalls;
        }

        public @Nullable Duration getWindow() {
            return window;
        }

        public void setWindow(@Nullable Duration window) {
            this.window = window;
        }

        public @Nullable Duration getWaitInOpen() {
            return waitInOpen;
        }

        public void setWaitInOpen(@Nullable Duration waitInOpen) {
            this.waitInOpen = waitInOpen;
        }

        public @Nullable Integer getProbes() {
            return probes;
        }

        public void setProbes(@Nullable Integer probes) {
            this.probes = probes;
        }

        RecoveryConfig.Breaker toBreaker(String prefix) {
            RecoveryConfig.BreakerBuilder builder = RecoveryConfig.Breaker.custom();
            set(enabled, builder::enabled);
            if (failureRate != null) {
                builder.failureRate(failureRate);
            }
            set(minimumCalls, builder::minimumCalls);
            set(window, builder::window);
            set(waitInOpen, builder::waitInOpen);
            set(probes, builder::probes);
            return named(prefix, builder::build);
        }
    }

    /** {@code hardening.*}: the filter's {@code Hardening}; unset values keep its defaults. */
    public static class HardeningSettings {

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

        Hardening toHardening() {
            Hardening.Builder builder = Hardening.custom();
            if (methods != null) {
                builder.methods(new LinkedHashSet<>(methods));
            }
            set(minBodyRate, builder::minBodyRate);
            set(bodyGrace, builder::bodyGrace);
            set(storedHeaderDenyList, builder::storedHeaderDenyList);
            return builder.build();
        }
    }

    /** {@code dispatcher.*}: the filter's {@code DispatcherConfig}; unset values keep its defaults. */
    public static class DispatcherSettings {

        /** Whether this application runs a dispatcher; off, other nodes' dispatchers (or none) redeliver. */
        private @Nullable Boolean enabled;

        /** Dispatch threads started with the dispatcher; more start on demand up to max-in-flight. */
        private @Nullable Integer workers;

        /** Most dispatches under way at once (handlers running, each holding a thread), over all endpoints. */
        private @Nullable Integer maxInFlight;

        /** Most records one pick reserves. */
        private @Nullable Integer batchSize;

        /** How long a pick reserves its records; a node that dies mid-dispatch lets them come due again after it. */
        private @Nullable Duration window;

        /** Pause between polls while there is work. */
        private @Nullable Duration minPollInterval;

        /** Pause the polling backs off to while the queues are empty. */
        private @Nullable Duration maxPollInterval;

        /** How long shutdown waits for dispatches in flight; what is left comes due again after its window. */
        private @Nullable Duration shutdownGrace;

        /** Longest a dispatch's HTTP request may take. */
        private @Nullable Duration requestTimeout;

        /** How often stalled records are swept and the queue gauges sampled. */
        private @Nullable Duration sweepInterval;

        /** Where dispatches are sent, such as http://127.0.0.1:8080; unset in Spring takes the embedded server's local
         * port.
         */
        private @Nullable URI baseUrl;

        /** Default dispatch signing of endpoints that set none: scheme or dispatch-key; unset takes each scheme's. */
        private @Nullable DispatchSigning signing;

        /** Dispatch keys (32+ characters each), the first signing, all accepted; the same on every node. Unset: a
         * random key per JVM, which accepts only this node's own dispatches. Take them from the environment.
         */
        private @Nullable List<String> dispatchKeys;

        /** How far a dispatch header's timestamp may lie from this node's clock. */
        private @Nullable Duration dispatchTolerance;

        public @Nullable Boolean getEnabled() {
            return enabled;
        }

        public void setEnabled(@Nullable Boolean enabled) {
            this.enabled = enabled;
        }

        public @Nullable Integer getWorkers() {
            return workers;
        }

        public void setWorkers(@Nullable Integer workers) {
            this.workers = workers;
        }

        public @Nullable Integer getMaxInFlight() {
            return maxInFlight;
        }

        public void setMaxInFlight(@Nullable Integer maxInFlight) {
            this.maxInFlight = maxInFlight;
        }

        public @Nullable Integer getBatchSize() {
            return batchSize;
        }

        public void setBatchSize(@Nullable Integer batchSize) {
            this.batchSize = batchSize;
        }

        public @Nullable Duration getWindow() {
            return window;
        }

        public void setWindow(@Nullable Duration window) {
            this.window = window;
        }

        public @Nullable Duration getMinPollInterval() {
            return minPollInterval;
        }

        public void setMinPollInterval(@Nullable Duration minPollInterval) {
            this.minPollInterval = minPollInterval;
        }

        public @Nullable Duration getMaxPollInterval() {
            return maxPollInterval;
        }

        public void setMaxPollInterval(@Nullable Duration maxPollInterval) {
            this.maxPollInterval = maxPollInterval;
        }

        public @Nullable Duration getShutdownGrace() {
            return shutdownGrace;
        }

        public void setShutdownGrace(@Nullable Duration shutdownGrace) {
            this.shutdownGrace = shutdownGrace;
        }

        public @Nullable Duration getRequestTimeout() {
            return requestTimeout;
        }

        public void setRequestTimeout(@Nullable Duration requestTimeout) {
            this.requestTimeout = requestTimeout;
        }

        public @Nullable Duration getSweepInterval() {
            return sweepInterval;
        }

        public void setSweepInterval(@Nullable Duration sweepInterval) {
            this.sweepInterval = sweepInterval;
        }

        public @Nullable URI getBaseUrl() {
            return baseUrl;
        }

        public void setBaseUrl(@Nullable URI baseUrl) {
            this.baseUrl = baseUrl;
        }

        public @Nullable DispatchSigning getSigning() {
            return signing;
        }

        public void setSigning(@Nullable DispatchSigning signing) {
            this.signing = signing;
        }

        public @Nullable List<String> getDispatchKeys() {
            return dispatchKeys;
        }

        public void setDispatchKeys(@Nullable List<String> dispatchKeys) {
            this.dispatchKeys = dispatchKeys;
        }

        public @Nullable Duration getDispatchTolerance() {
            return dispatchTolerance;
        }

        public void setDispatchTolerance(@Nullable Duration dispatchTolerance) {
            this.dispatchTolerance = dispatchTolerance;
        }

        /** The configuration of the set values over the defaults. */
        public DispatcherConfig toDispatcherConfig() {
            DispatcherConfig.Builder builder = DispatcherConfig.custom();
            set(enabled, builder::enabled);
            set(workers, builder::workers);
            set(maxInFlight, builder::maxInFlight);
            set(batchSize, builder::batchSize);
            set(window, builder::window);
            set(minPollInterval, builder::minPollInterval);
            set(maxPollInterval, builder::maxPollInterval);
            set(shutdownGrace, builder::shutdownGrace);
            set(requestTimeout, builder::requestTimeout);
            set(sweepInterval, builder::sweepInterval);
            builder.baseUrl(baseUrl);
            builder.signing(signing);
            set(dispatchKeys, builder::dispatchKeys);
            set(dispatchTolerance, builder::dispatchTolerance);
            return builder.build();
        }
    }

    /** {@code archive.*}: the filter's {@code ArchiveConfig}; unset values keep its defaults, no directory no archive. */
    public static class ArchiveSettings {

        /** Directory the dead letters are archived to, one gzipped JSON Lines file per endpoint and hour; unset: no
         * archiving.
         */
        private @Nullable String directory;

        /** How old a dead letter's last change must be before it is archived; shorter than every dead retention. */
        private @Nullable Duration after;

        /** How often the archiver runs. */
        private @Nullable Duration interval;

        public @Nullable String getDirectory() {
            return directory;
        }

        public void setDirectory(@Nullable String directory) {
            this.directory = directory;
        }

        public @Nullable Duration getAfter() {
            return after;
        }

        public void setAfter(@Nullable Duration after) {
            this.after = after;
        }

        public @Nullable Duration getInterval() {
            return interval;
        }

        public void setInterval(@Nullable Duration interval) {
            this.interval = interval;
        }

        /** The configuration of the set values over the defaults. */
        public ArchiveConfig toArchiveConfig() {
            ArchiveConfig.Builder builder = ArchiveConfig.custom();
            if (directory != null && !directory.isBlank()) {
                builder.directory(java.nio.file.Path.of(directory.strip()));
            }
            set(after, builder::after);
            set(interval, builder::interval);
            return builder.build();
        }
    }

    /** The stores {@code store.type} can name. */
    public enum StoreType {
        /** The in-memory store: one JVM only, for tests, demos and single-node services. */
        MEMORY,
        /** {@code redis-store}, on {@code store.redis.uri}, a Lettuce client or Spring Data Redis. */
        REDIS,
        /** {@code jdbc-store}, on the application's {@code DataSource}. */
        JDBC,
        /** {@code tiered-store}: the JDBC store on the {@code DataSource}, Redis (as for REDIS) caching verdicts. */
        TIERED
    }

    /**
     * {@code store.*}: which store keeps the records and the stores' settings. Spring Boot builds the store from them;
     * the plain filter takes a store built in code (its {@code store} init-param names the context attribute).
     */
    public static class StoreSettings {

        /** Which store keeps the records; unset picks it from what is present (see the Spring adapter's README). */
        private @Nullable StoreType type;

        /** Settings of the Redis store. */
        private final RedisSettings redis = new RedisSettings();

        /** Settings of the JDBC store. */
        private final JdbcSettings jdbc = new JdbcSettings();

        /** Settings of the in-memory store. */
        private final MemorySettings memory = new MemorySettings();

        /** Settings of the tiered store's cache (its records are the JDBC store's, set under jdbc). */
        private final TieredSettings tiered = new TieredSettings();

        public @Nullable StoreType getType() {
            return type;
        }

        public void setType(@Nullable StoreType type) {
            this.type = type;
        }

        public RedisSettings getRedis() {
            return redis;
        }

        public JdbcSettings getJdbc() {
            return jdbc;
        }

        public MemorySettings getMemory() {
            return memory;
        }

        public TieredSettings getTiered() {
            return tiered;
        }
    }

    /** {@code store.tiered.*}: the tiered store's {@code TieredStoreConfig}; Redis is found as for the Redis store. */
    public static class TieredSettings {

        /** First part of every cache key; keep it apart from the Redis store's prefix. */
        private @Nullable String keyPrefix;

        /** Longest wait for one cache command before the database answers alone. */
        private @Nullable Duration commandTimeout;

        /** Longest wait for the cache's connection to open (connections opened from store.redis.uri). */
        private @Nullable Duration connectTimeout;

        /** How long the circuit breaker keeps a failing cache out of the path before it tries again. */
        private @Nullable Duration openFor;

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

        public @Nullable Duration getOpenFor() {
            return openFor;
        }

        public void setOpenFor(@Nullable Duration openFor) {
            this.openFor = openFor;
        }
    }

    /** {@code store.memory.*}: the in-memory store's upkeep. */
    public static class MemorySettings {

        /** How often records past their retention are dropped; zero turns it off. */
        private @Nullable Duration purgeInterval;

        public @Nullable Duration getPurgeInterval() {
            return purgeInterval;
        }

        public void setPurgeInterval(@Nullable Duration purgeInterval) {
            this.purgeInterval = purgeInterval;
        }
    }

    /** {@code store.redis.*}: the Redis store's {@code RedisStoreConfig}, and where to connect. */
    public static class RedisSettings {

        /**
         * Redis to connect to (standalone, redis-sentinel:// or comma-separated cluster seeds); unset uses the
         * application's Lettuce client.
         */
        private @Nullable String uri;

        /** First part of every key. */
        private @Nullable String keyPrefix;

        /** Longest wait for one Redis command. */
        private @Nullable Duration commandTimeout;

        /** Longest wait for a connection to open (connections opened from store.redis.uri). */
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

        /** {@code store.redis.durability.*}: replicas to wait for after each write ({@code WAIT}). */
        private final DurabilitySettings durability = new DurabilitySettings();

        public @Nullable Boolean getAcceptVolatileAsync() {
            return acceptVolatileAsync;
        }

        public void setAcceptVolatileAsync(@Nullable Boolean acceptVolatileAsync) {
            this.acceptVolatileAsync = acceptVolatileAsync;
        }

        public DurabilitySettings getDurability() {
            return durability;
        }

        /**
         * Put every key of an endpoint in one Redis Cluster slot, so a claim and its completion are one script each on a
         * cluster too; decide before the first record is written (changing it hides earlier records).
         */
        private @Nullable Boolean slotPerEndpoint;

        public @Nullable Boolean getSlotPerEndpoint() {
            return slotPerEndpoint;
        }

        public void setSlotPerEndpoint(@Nullable Boolean slotPerEndpoint) {
            this.slotPerEndpoint = slotPerEndpoint;
        }
    }

    /** {@code store.redis.durability.*}: {@code none} (replicas 0) or {@code replicas(n, timeout)}. */
    public static class DurabilitySettings {

        /** Replicas that must acknowledge each write an answer depends on (WAIT); 0 waits for none. */
        private @Nullable Integer replicas;

        /** Longest WAIT; fewer acknowledgements by then answer 503 (an unrecorded write). */
        private @Nullable Duration timeout;

        /** Also wait for the append-only files' fsync (WAITAOF, Redis 7.2 and later). */
        private @Nullable Boolean aofFsync;

        /** {@code store.redis.durability.endpoints.<endpoint>.*}: an endpoint's own replicas, in place of the store's. */
        private final Map<String, EndpointDurabilitySettings> endpoints = new LinkedHashMap<>();

        public Map<String, EndpointDurabilitySettings> getEndpoints() {
            return endpoints;
        }

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

    /** {@code store.redis.durability.endpoints.<endpoint>.*}: one endpoint's durability. */
    public static class EndpointDurabilitySettings {

        /** Replicas that must acknowledge each write of this endpoint (WAIT); 0 waits for none. */
        private @Nullable Integer replicas;

        public @Nullable Integer getReplicas() {
            return replicas;
        }

        public void setReplicas(@Nullable Integer replicas) {
            this.replicas = replicas;
        }
    }

    /** {@code store.jdbc.*}: the JDBC store's {@code JdbcStoreConfig}, its purge schedule and the transactional mode. */
    public static class JdbcSettings {

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
         * seconds, at least one). Keep it below store-timeout, or the wait is answered 503.
         */
        private @Nullable Duration lockWait;

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

        public @Nullable Duration getLockWait() {
            return lockWait;
        }

        public void setLockWait(@Nullable Duration lockWait) {
            this.lockWait = lockWait;
        }
    }

    /**
     * {@code console.*}: the operator console's {@code ConsoleConfig} and where it is mounted. The console module applies
     * them ({@code ConsoleConfig.Builder#settings}); the console servlet reads them from its init-params, Spring Boot from
     * {@code hookguard.console.*}. The stalled period the console shows is each endpoint's own {@code stalled-after}.
     */
    public static class ConsoleSettings {

        /** Whether Spring Boot registers the console servlet. Off unless set: the console is never open by accident. */
        private @Nullable Boolean enabled;

        /** The path the console is mounted at; the page is at {@code <path>/}, the JSON API at {@code <path>/api/}. */
        private @Nullable String path;

        /** The role that may list, inspect and export records (as HttpServletRequest.isUserInRole sees it). */
        private @Nullable String readRole;

        /** The role that may also replay, requeue, resolve and skip. */
        private @Nullable String writeRole;

        /**
         * Bearer tokens as name:access:token entries, comma-separated (access read or write); when set they replace
         * the role check. Take them from the environment, never from a file.
         */
        private @Nullable String tokens;

        /** The endpoints the console shows; unset or empty = every endpoint Hookguard guards. */
        private @Nullable List<String> endpoints;

        /** The key of the console's CSRF tokens (at least 32 characters); set the same one on every instance. */
        private @Nullable String csrfKey;

        /** Header name fragments redacted in payload views and exports, on top of the default deny list. */
        private @Nullable List<String> redactHeaders;

        /** Records per page when a request names no limit. */
        private @Nullable Integer pageSize;

        /** The most records a request may ask for per page. */
        private @Nullable Integer maxPageSize;

        /**
         * How long each endpoint's audit trail (who did what, when, why, across records) keeps a line; 90 days unless
         * set.
         */
        private @Nullable Duration auditRetention;

        /**
         * Per action (replay, requeue, resolve, skip, pause, resume): the role that may take it and the fields it
         * requires (reason, ticketId, fixSummary); unset actions keep the console's defaults (any operator, a reason
         * to resolve).
         */
        private final Map<String, ActionSettings> actions = new LinkedHashMap<>();

        public @Nullable Duration getAuditRetention() {
            return auditRetention;
        }

        public void setAuditRetention(@Nullable Duration auditRetention) {
            this.auditRetention = auditRetention;
        }

        public Map<String, ActionSettings> getActions() {
            return actions;
        }

        public @Nullable Boolean getEnabled() {
            return enabled;
        }

        public void setEnabled(@Nullable Boolean enabled) {
            this.enabled = enabled;
        }

        public @Nullable String getPath() {
            return path;
        }

        public void setPath(@Nullable String path) {
            this.path = path;
        }

        public @Nullable String getReadRole() {
            return readRole;
        }

        public void setReadRole(@Nullable String readRole) {
            this.readRole = readRole;
        }

        public @Nullable String getWriteRole() {
            return writeRole;
        }

        public void setWriteRole(@Nullable String writeRole) {
            this.writeRole = writeRole;
        }

        public @Nullable String getTokens() {
            return tokens;
        }

        public void setTokens(@Nullable String tokens) {
            this.tokens = tokens;
        }

        public @Nullable List<String> getEndpoints() {
            return endpoints;
        }

        public void setEndpoints(@Nullable List<String> endpoints) {
            this.endpoints = endpoints;
        }

        public @Nullable String getCsrfKey() {
            return csrfKey;
        }

        public void setCsrfKey(@Nullable String csrfKey) {
            this.csrfKey = csrfKey;
        }

        public @Nullable List<String> getRedactHeaders() {
            return redactHeaders;
        }

        public void setRedactHeaders(@Nullable List<String> redactHeaders) {
            this.redactHeaders = redactHeaders;
        }

        public @Nullable Integer getPageSize() {
            return pageSize;
        }

        public void setPageSize(@Nullable Integer pageSize) {
            this.pageSize = pageSize;
        }

        public @Nullable Integer getMaxPageSize() {
            return maxPageSize;
        }

        public void setMaxPageSize(@Nullable Integer maxPageSize) {
            this.maxPageSize = maxPageSize;
        }
    }

    /** {@code security-check.*}: Spring Boot's start-up check of the application's {@code SecurityFilterChain}s. */
    public static class SecurityCheckSettings {

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

    /** {@code console.actions.<action>.*}: who may take one action and what it requires. */
    public static class ActionSettings {

        /** The role that may take the action; unset is operator, any operator with write access. */
        private @Nullable String role;

        /** The fields the action requires: reason, ticketId, fixSummary. */
        private @Nullable List<String> requires;

        public @Nullable String getRole() {
            return role;
        }

        public void setRole(@Nullable String role) {
            this.role = role;
        }

        public @Nullable List<String> getRequires() {
            return requires;
        }

        public void setRequires(@Nullable List<String> requires) {
            this.requires = requires;
        }
    }
}
