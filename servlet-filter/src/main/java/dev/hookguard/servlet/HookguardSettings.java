package dev.hookguard.servlet;

import dev.hookguard.core.IdempotencyPolicy;
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
import dev.hookguard.servlet.internal.dispatch.DispatchSigning;
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
        return builder;
    }

    /** {@link #applyTo} with every endpoint added, reading schemas with {@code schemas}. */
    public HookguardFilterConfig.Builder toFilterConfig(
            HookguardFilterConfig.Builder builder, String prefix, Function<String, PayloadSchema> schemas) {
        applyTo(builder, prefix);
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

    /**
     * Runs {@code build}; an {@link IllegalArgumentException} whose message starts with a builder field ({@code
     * maxAttempts must be ...}) is rethrown naming the property {@code prefix.<field in kebab case>}.
     */
    static <T> T named(String prefix, Supplier<T> build) {
        try {
            return build.get();
        } catch (IllegalArgumentException e) {
            String message = e.getMessage() == null ? "is invalid" : e.getMessage();
            if (message.startsWith(prefix)) {
                throw e;
            }
            int space = message.indexOf(' ');
            String field = space < 0 ? message : message.substring(0, space);
            if (!field.matches("[a-z][A-Za-z]*(\\[\\d+])?")) {
                throw new IllegalArgumentException(prefix + " is invalid: " + message, e);
            }
            throw new IllegalArgumentException(
                    prefix + "." + kebab(field) + (space < 0 ? " is invalid" : message.substring(space)), e);
        }
    }

    static String kebab(String camel) {
        StringBuilder kebab = new StringBuilder();
        for (char c : camel.toCharArray()) {
            if (Character.isUpperCase(c)) {
                kebab.append('-').append(Character.toLowerCase(c));
            } else {
                kebab.append(c);
            }
        }
        return kebab.toString();
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

        void applyTo(IdempotencyPolicy.Builder builder, String prefix) {
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
}
