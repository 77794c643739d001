package dev.hookguard.servlet.internal.config;

import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.IdempotencyStore;
import dev.hookguard.core.memory.InMemoryStore;
import dev.hookguard.core.signature.PublicUrl;
import dev.hookguard.core.signature.Scheme;
import dev.hookguard.core.signature.SignatureConfig;
import dev.hookguard.servlet.Backoff;
import dev.hookguard.servlet.DeliveryMetrics;
import dev.hookguard.servlet.DispatcherConfig;
import dev.hookguard.servlet.EndpointConfig;
import dev.hookguard.servlet.Hardening;
import dev.hookguard.servlet.HookguardFilterConfig;
import dev.hookguard.servlet.Intake;
import dev.hookguard.servlet.RecoveryConfig;
import dev.hookguard.servlet.Retries;
import dev.hookguard.servlet.internal.dispatch.DispatchSigning;
import jakarta.servlet.FilterConfig;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a {@link HookguardFilterConfig} from a filter's {@code init-param}s, for {@code web.xml} users. The
 * names are the builders' names in kebab case:
 *
 * <table>
 *   <caption>init-params</caption>
 *   <tr><th>name</th><th>meaning</th></tr>
 *   <tr><td>{@code endpoints}</td><td>comma-separated endpoint names (required)</td></tr>
 *   <tr><td>{@code store}</td><td>{@code memory}, or the name of a {@code ServletContext} attribute holding
 *       an {@link IdempotencyStore} (default {@value #DEFAULT_STORE_ATTRIBUTE})</td></tr>
 *   <tr><td>{@code in-progress-status}, {@code dead-status}, {@code fail-open},
 *       {@code unavailable-retry-after}, {@code store-timeout}</td><td>as in {@link HookguardFilterConfig}</td></tr>
 *   <tr><td>{@code metrics}</td><td>{@code detect} (default) or {@code none}</td></tr>
 *   <tr><td>{@code methods}, {@code min-body-rate}, {@code body-grace}, {@code stored-header-deny-list}</td>
 *       <td>as in {@link Hardening}; lists comma-separated, the deny list replacing the default</td></tr>
 *   <tr><td>{@code <endpoint>.path}, {@code <endpoint>.scheme} (required)</td><td>path pattern; {@code
 *       standard-webhooks}, {@code svix}, {@code stripe}, {@code github}, {@code shopify}, {@code slack}, {@code
 *       twilio}, {@code paddle}, {@code square}, {@code sendgrid}, {@code gitlab}, {@code zoom} or {@code
 *       intercom}</td></tr>
 *   <tr><td>{@code <endpoint>.public-url}</td><td>for the schemes that sign the URL: {@code as-received}
 *       (default), {@code forwarded} (trust the proxy's {@code Forwarded} / {@code X-Forwarded-*}), or the public
 *       base URL such as {@code https://hooks.example.com}; see {@link PublicUrl}</td></tr>
 *   <tr><td>{@code <endpoint>.secrets} (required)</td><td>comma-separated; an entry {@code env:NAME} is read
 *       from the environment variable {@code NAME}</td></tr>
 *   <tr><td>{@code <endpoint>.tolerance}, {@code .max-body-bytes}, {@code .lease}, {@code .retention},
 *       {@code .dead-retention}, {@code .max-attempts}, {@code .response-body-cap}</td><td>as in {@link
 *       EndpointConfig}, {@link SignatureConfig} and {@link IdempotencyPolicy}</td></tr>
 *   <tr><td>{@code <endpoint>.intake}</td><td>{@code sync} (default) or {@code async} ({@link Intake})</td></tr>
 *   <tr><td>{@code <endpoint>.retries}</td><td>{@code sender}, {@code receiver} or {@code both}; default per
 *       scheme ({@link Retries#defaultFor})</td></tr>
 *   <tr><td>{@code <endpoint>.backoff-base}, {@code .backoff-cap}, {@code .backoff-attempts}</td><td>as in {@link
 *       Backoff}; without {@code backoff-attempts}, {@code max-attempts} counts</td></tr>
 *   <tr><td>{@code <endpoint>.stalled-after}, {@code .queue-limit}</td><td>as in {@link RecoveryConfig}</td></tr>
 *   <tr><td>{@code <endpoint>.dispatch-signing}, {@code dispatch-signing}</td><td>{@code scheme} or {@code
 *       dispatch-key} ({@link DispatchSigning}), for one endpoint or all</td></tr>
 *   <tr><td>{@code dispatcher-enabled}, {@code dispatcher-workers}, {@code dispatcher-max-in-flight}, {@code
 *       dispatcher-batch-size}, {@code dispatcher-window}, {@code dispatcher-min-poll-interval}, {@code
 *       dispatcher-max-poll-interval}, {@code dispatcher-shutdown-grace}, {@code dispatcher-request-timeout}, {@code
 *       dispatcher-sweep-interval}, {@code dispatcher-base-url}</td><td>as in {@link DispatcherConfig}</td></tr>
 *   <tr><td>{@code dispatch-keys}</td><td>comma-separated, first signs, each at least 32 characters; an entry
 *       {@code env:NAME} is read from the environment; unset for a random key per JVM</td></tr>
 *   <tr><td>{@code dispatch-tolerance}</td><td>as in {@link DispatcherConfig#dispatchTolerance()}</td></tr>
 * </table>
 *
 * <p>Durations are ISO-8601 ({@code PT30S}) or a number with {@code ms}, {@code s}, {@code m}, {@code h} or
 * {@code d}. An unknown name is an error, so that a typo does not silently fall back to a default.
 */
public final class InitParams {

    /** The {@code ServletContext} attribute read for the store when {@code store} is not given. */
    public static final String DEFAULT_STORE_ATTRIBUTE = "dev.hookguard.store";

    /** The init-param of {@link DispatcherConfig#baseUrl()}: this node's own address, where dispatches go. */
    public static final String DISPATCHER_BASE_URL = "dispatcher-base-url";

    private static final Set<String> FILTER_PARAMS = Set.of(
            "endpoints",
            "store",
            "in-progress-status",
            "dead-status",
            "fail-open",
            "unavailable-retry-after",
            "store-timeout",
            "metrics",
            "methods",
            "min-body-rate",
            "body-grace",
            "stored-header-deny-list",
            "dispatch-signing",
            "dispatch-keys",
            "dispatch-tolerance",
            "dispatcher-enabled",
            "dispatcher-workers",
            "dispatcher-max-in-flight",
            "dispatcher-batch-size",
            "dispatcher-window",
            "dispatcher-min-poll-interval",
            "dispatcher-max-poll-interval",
            "dispatcher-shutdown-grace",
            "dispatcher-request-timeout",
            "dispatcher-sweep-interval",
            "dispatcher-base-url");
    private static final Set<String> ENDPOINT_PARAMS = Set.of(
            "path",
            "scheme",
            "secrets",
            "tolerance",
            "public-url",
            "max-body-bytes",
            "lease",
            "retention",
            "dead-retention",
            "max-attempts",
            "response-body-cap",
            "intake",
            "retries",
            "backoff-base",
            "backoff-cap",
            "backoff-attempts",
            "stalled-after",
            "queue-limit",
            "dispatch-signing");
    private static final Pattern DURATION = Pattern.compile("(\\d+)\\s*(ms|s|m|h|d)");

    private final FilterConfig filter;

    private InitParams(FilterConfig filter) {
        this.filter = filter;
    }

    /**
     * The configuration in these init-params.
     *
     * @throws IllegalArgumentException naming the first bad or unknown parameter
     */
    public static HookguardFilterConfig read(FilterConfig filter) {
        return new InitParams(filter).config();
    }

    private HookguardFilterConfig config() {
        List<String> names = list(required("endpoints"));
        requireKnown(names);
        HookguardFilterConfig.Builder builder = HookguardFilterConfig.custom().store(store());
        for (String name : names) {
            builder.endpoint(endpoint(name));
        }
        optional("in-progress-status", v -> builder.inProgressStatus(integer("in-progress-status", v)));
        optional("dead-status", v -> builder.deadStatus(integer("dead-status", v)));
        optional("fail-open", v -> builder.failOpen(bool("fail-open", v)));
        optional("unavailable-retry-after", v -> builder.unavailableRetryAfter(duration("unavailable-retry-after", v)));
        optional("store-timeout", v -> builder.storeTimeout(duration("store-timeout", v)));
        optional("metrics", v -> builder.metrics(metrics(v)));
        builder.hardening(hardening());
        builder.dispatcher(dispatcher());
        return builder.build();
    }

    private DispatcherConfig dispatcher() {
        DispatcherConfig.Builder d = DispatcherConfig.custom();
        optional("dispatcher-enabled", v -> d.enabled(bool("dispatcher-enabled", v)));
        optional("dispatcher-workers", v -> d.workers(integer("dispatcher-workers", v)));
        optional("dispatcher-max-in-flight", v -> d.maxInFlight(integer("dispatcher-max-in-flight", v)));
        optional("dispatcher-batch-size", v -> d.batchSize(integer("dispatcher-batch-size", v)));
        optional("dispatcher-window", v -> d.window(duration("dispatcher-window", v)));
        optional("dispatcher-min-poll-interval", v -> d.minPollInterval(duration("dispatcher-min-poll-interval", v)));
        optional("dispatcher-max-poll-interval", v -> d.maxPollInterval(duration("dispatcher-max-poll-interval", v)));
        optional("dispatcher-shutdown-grace", v -> d.shutdownGrace(duration("dispatcher-shutdown-grace", v)));
        optional("dispatcher-request-timeout", v -> d.requestTimeout(duration("dispatcher-request-timeout", v)));
        optional("dispatcher-sweep-interval", v -> d.sweepInterval(duration("dispatcher-sweep-interval", v)));
        optional(DISPATCHER_BASE_URL, v -> d.baseUrl(uri(DISPATCHER_BASE_URL, v)));
        optional("dispatch-signing", v -> d.signing(signing("dispatch-signing", v)));
        optional("dispatch-keys", v -> d.dispatchKeys(secrets(v)));
        optional("dispatch-tolerance", v -> d.dispatchTolerance(duration("dispatch-tolerance", v)));
        return d.build();
    }

    private RecoveryConfig recovery(String prefix, int maxAttempts) {
        RecoveryConfig.Builder recovery = RecoveryConfig.custom();
        Backoff.Builder backoff = Backoff.custom().attempts(maxAttempts);
        optional(prefix + "intake", v -> recovery.intake(choice(prefix + "intake", v, Intake.class)));
        optional(prefix + "retries", v -> recovery.retries(choice(prefix + "retries", v, Retries.class)));
        optional(prefix + "backoff-base", v -> backoff.base(duration(prefix + "backoff-base", v)));
        optional(prefix + "backoff-cap", v -> backoff.cap(duration(prefix + "backoff-cap", v)));
        optional(prefix + "backoff-attempts", v -> backoff.attempts(integer(prefix + "backoff-attempts", v)));
        optional(prefix + "stalled-after", v -> recovery.stalledAfter(duration(prefix + "stalled-after", v)));
        optional(prefix + "queue-limit", v -> recovery.queueLimit(integer(prefix + "queue-limit", v)));
        optional(prefix + "dispatch-signing", v -> recovery.signing(signing(prefix + "dispatch-signing", v)));
        try {
            return recovery.backoff(backoff.build()).build();
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(prefix + e.getMessage(), e);
        }
    }

    private static DispatchSigning signing(String name, String value) {
        return choice(name, value, DispatchSigning.class);
    }

    /** An enum constant by its name in kebab or snake case, ignoring case. */
    private static <E extends Enum<E>> E choice(String name, String value, Class<E> type) {
        String key = value.trim().toUpperCase(Locale.ROOT).replace('-', '_');
        for (E constant : type.getEnumConstants()) {
            if (constant.name().equals(key)) {
                return constant;
            }
        }
        List<String> names = new ArrayList<>();
        for (E constant : type.getEnumConstants()) {
            names.add(constant.name().toLowerCase(Locale.ROOT).replace('_', '-'));
        }
        throw new IllegalArgumentException(name + " must be one of " + names + " but was '" + value + "'");
    }

    private static java.net.URI uri(String name, String value) {
        try {
            return new java.net.URI(value);
        } catch (java.net.URISyntaxException e) {
            throw new IllegalArgumentException(
                    name + " must be a URL such as http://127.0.0.1:8080 but was '" + value + "'", e);
        }
    }

    private Hardening hardening() {
        Hardening.Builder hardening = Hardening.custom();
        optional("methods", v -> hardening.methods(Set.copyOf(list(v))));
        optional("min-body-rate", v -> hardening.minBodyRate(parse("min-body-rate", v, "an integer", Long::parseLong)));
        optional("body-grace", v -> hardening.bodyGrace(duration("body-grace", v)));
        optional("stored-header-deny-list", v -> hardening.storedHeaderDenyList(list(v)));
        return hardening.build();
    }

    private EndpointConfig endpoint(String name) {
        String prefix = name + ".";
        Scheme scheme = scheme(prefix + "scheme", required(prefix + "scheme"));
        SignatureConfig.Builder signature = SignatureConfig.custom().secrets(secrets(required(prefix + "secrets")));
        optional(prefix + "tolerance", v -> signature.tolerance(duration(prefix + "tolerance", v)));
        optional(prefix + "public-url", v -> signature.publicUrl(PublicUrl.parse(v)));
        IdempotencyPolicy.Builder policy = IdempotencyPolicy.custom();
        optional(prefix + "lease", v -> policy.lease(duration(prefix + "lease", v)));
        optional(prefix + "retention", v -> policy.retention(duration(prefix + "retention", v)));
        optional(prefix + "dead-retention", v -> policy.deadRetention(duration(prefix + "dead-retention", v)));
        optional(prefix + "max-attempts", v -> policy.maxAttempts(integer(prefix + "max-attempts", v)));
        optional(prefix + "response-body-cap", v -> policy.responseBodyCap(integer(prefix + "response-body-cap", v)));
        IdempotencyPolicy built = policy.build();
        EndpointConfig.Builder endpoint = EndpointConfig.custom(name)
                .path(required(prefix + "path"))
                .policy(built)
                .recovery(recovery(prefix, built.maxAttempts()));
        try {
            endpoint.scheme(scheme, signature.build());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(prefix + e.getMessage(), e);
        }
        optional(prefix + "max-body-bytes", v -> endpoint.maxBodyBytes(integer(prefix + "max-body-bytes", v)));
        return endpoint.build();
    }

    private IdempotencyStore store() {
        String store = filter.getInitParameter("store");
        if ("memory".equals(store)) {
            return new InMemoryStore();
        }
        String attribute = store == null ? DEFAULT_STORE_ATTRIBUTE : store;
        Object value = filter.getServletContext().getAttribute(attribute);
        if (value instanceof IdempotencyStore found) {
            return found;
        }
        throw new IllegalArgumentException("store: the ServletContext attribute '" + attribute
                + "' must hold an IdempotencyStore (put one there in a ServletContextListener) but held "
                + (value == null ? "nothing" : value.getClass().getName()) + "; or set store=memory");
    }

    private void requireKnown(List<String> endpoints) {
        Set<String> known = new HashSet<>(FILTER_PARAMS);
        for (String endpoint : endpoints) {
            ENDPOINT_PARAMS.forEach(param -> known.add(endpoint + "." + param));
        }
        for (String name : Collections.list(filter.getInitParameterNames())) {
            if (!known.contains(name)) {
                throw new IllegalArgumentException("init-param '" + name + "' is unknown; known are " + FILTER_PARAMS
                        + " and <endpoint>." + ENDPOINT_PARAMS + " for endpoints " + endpoints);
            }
        }
    }

    private String required(String name) {
        String value = filter.getInitParameter(name);
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException("init-param '" + name + "' must be set");
        }
        return value.trim();
    }

    private void optional(String name, java.util.function.Consumer<String> apply) {
        String value = filter.getInitParameter(name);
        if (value != null && !value.isBlank()) {
            apply.accept(value.trim());
        }
    }

    private static List<String> list(String value) {
        return Arrays.stream(value.split(","))
                .map(String::trim)
                .filter(s -> !s.isEmpty())
                .toList();
    }

    private static Scheme scheme(String name, String value) {
        try {
            return Scheme.of(value);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(name + e.getMessage().substring("scheme".length()), e);
        }
    }

    private static List<String> secrets(String value) {
        List<String> secrets = new ArrayList<>();
        for (String entry : list(value)) {
            secrets.add(entry.startsWith("env:") ? env(entry.substring(4)) : entry);
        }
        return secrets;
    }

    private static String env(String variable) {
        String value = System.getenv(variable);
        if (value == null || value.isEmpty()) {
            throw new IllegalArgumentException("secrets: environment variable '" + variable + "' is not set");
        }
        return value;
    }

    private static DeliveryMetrics metrics(String value) {
        return switch (value.toLowerCase(Locale.ROOT)) {
            case "detect" -> DeliveryMetrics.detect();
            case "none" -> DeliveryMetrics.none();
            default -> throw new IllegalArgumentException("metrics must be detect or none but was '" + value + "'");
        };
    }

    private static int integer(String name, String value) {
        return parse(name, value, "an integer", Integer::parseInt);
    }

    private static boolean bool(String name, String value) {
        if (!value.equalsIgnoreCase("true") && !value.equalsIgnoreCase("false")) {
            throw new IllegalArgumentException(name + " must be true or false but was '" + value + "'");
        }
        return Boolean.parseBoolean(value);
    }

    /** ISO-8601 ({@code PT30S}) or a number with a unit: {@code 500ms}, {@code 30s}, {@code 5m}, {@code 2h}, {@code 7d}. */
    static Duration duration(String name, String value) {
        Matcher simple = DURATION.matcher(value.toLowerCase(Locale.ROOT));
        if (simple.matches()) {
            long amount = Long.parseLong(simple.group(1));
            return switch (simple.group(2)) {
                case "ms" -> Duration.ofMillis(amount);
                case "s" -> Duration.ofSeconds(amount);
                case "m" -> Duration.ofMinutes(amount);
                case "h" -> Duration.ofHours(amount);
                default -> Duration.ofDays(amount);
            };
        }
        return parse(name, value, "a duration such as PT30S or 30s", Duration::parse);
    }

    private static <T> T parse(String name, String value, String what, Function<String, T> parser) {
        try {
            return parser.apply(value);
        } catch (NumberFormatException | DateTimeParseException e) {
            throw new IllegalArgumentException(name + " must be " + what + " but was '" + value + "'", e);
        }
    }
}
