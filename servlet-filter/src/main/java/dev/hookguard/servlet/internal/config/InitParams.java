package dev.hookguard.servlet.internal.config;

import dev.hookguard.core.IdempotencyStore;
import dev.hookguard.core.memory.InMemoryStore;
import dev.hookguard.servlet.DeliveryMetrics;
import dev.hookguard.servlet.DispatcherConfig;
import dev.hookguard.servlet.HookguardFilterConfig;
import dev.hookguard.servlet.HookguardSettings;
import dev.hookguard.servlet.PayloadSchema;
import jakarta.servlet.FilterConfig;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * Reads a {@link HookguardFilterConfig} from a filter's {@code init-param}s, for {@code web.xml} users. The names
 * are those of the Spring properties without their {@code hookguard.} prefix: each binds to a property of {@link
 * HookguardSettings} ({@code endpoints.stripe.policy.lease}, {@code endpoints.stripe.backoff.base}, {@code
 * dispatcher.workers}, {@code hardening.methods}), and the settings write the set values onto the builders, which
 * own the defaults. Two init-params exist only here:
 *
 * <ul>
 *   <li>{@code store}: {@code memory}, or the name of a {@code ServletContext} attribute holding an {@link
 *       IdempotencyStore} (default {@value #DEFAULT_STORE_ATTRIBUTE});
 *   <li>{@code metrics}: {@code detect} (default) or {@code none}.
 * </ul>
 *
 * <p>An endpoint exists by its {@code endpoints.<name>.*} init-params (a name holding a dot is written {@code
 * endpoints[my.name].path}); {@code path}, {@code scheme} and {@code secrets} are required. Lists are
 * comma-separated; an entry {@code env:NAME} of {@code secrets} or {@code dispatcher.dispatch-keys} is read from the
 * environment variable {@code NAME}. Durations are ISO-8601 ({@code PT30S}) or a number with {@code ms}, {@code s},
 * {@code m}, {@code h} or {@code d}; sizes a number of bytes or one with {@code KB}, {@code MB}. A schema is a class
 * path resource ({@code classpath:schemas/stripe.json}, or a plain resource name). An unknown name is an error, so
 * that a typo does not silently fall back to a default; a bad value fails naming the init-param and the value.
 */
public final class InitParams {

    /** The {@code ServletContext} attribute read for the store when {@code store} is not given. */
    public static final String DEFAULT_STORE_ATTRIBUTE = "dev.hookguard.store";

    /** The init-param of {@link DispatcherConfig#baseUrl()}: this node's own address, where dispatches go. */
    public static final String DISPATCHER_BASE_URL = "dispatcher.base-url";

    private static final List<String> SERVLET_ONLY = List.of("store", "metrics");
    private static final Pattern DURATION = Pattern.compile("(\\d+)\\s*(ms|s|m|h|d)");
    private static final Pattern BRACKET = Pattern.compile("\\[([^\\]]+)]\\.?(.*)");

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

    /**
     * The settings these init-params describe (servlet-only {@code store} and {@code metrics} aside).
     *
     * @throws IllegalArgumentException naming the first bad or unknown parameter and its value
     */
    public static HookguardSettings settings(FilterConfig filter) {
        Map<String, String> params = new LinkedHashMap<>();
        for (String name : Collections.list(filter.getInitParameterNames())) {
            if (SERVLET_ONLY.contains(name)) {
                continue;
            }
            if (name.startsWith("console.")) {
                throw new IllegalArgumentException(
                        "init-param '" + name + "' belongs on the ConsoleServlet, not on" + " the filter");
            }
            if (name.equals("enabled") || name.startsWith("security-check.")) {
                throw new IllegalArgumentException("init-param '" + name + "' is a Spring Boot property: the plain"
                        + " filter is on when it is declared");
            }
            if (name.startsWith("store.")) {
                throw new IllegalArgumentException(
                        "init-param '" + name + "' is read by Spring Boot only: the plain"
                                + " filter takes a store built in code from the context attribute its 'store' init-param names");
            }
            params.put(name, filter.getInitParameter(name));
        }
        return settings(params);
    }

    /**
     * The settings these name-value pairs describe, bound with the same names and conversions as the filter's
     * init-params (the console servlet's {@code console.*} too); blank values are ignored.
     *
     * @throws IllegalArgumentException naming the first bad or unknown name and its value
     */
    public static HookguardSettings settings(Map<String, String> params) {
        HookguardSettings settings = new HookguardSettings();
        params.forEach((name, value) -> {
            if (value != null && !value.isBlank()) {
                bind(settings, name, name, value.trim());
            }
        });
        return settings;
    }

    private HookguardFilterConfig config() {
        HookguardSettings settings = settings(filter);
        if (settings.getEndpoints().isEmpty()) {
            throw new IllegalArgumentException(
                    "init-params must configure at least one endpoint: endpoints.<name>.path, .scheme and .secrets");
        }
        settings.getEndpoints().forEach((name, endpoint) -> {
            String prefix = "endpoints." + name + ".";
            required(prefix + "path", endpoint.getPath());
            required(prefix + "scheme", endpoint.getScheme());
            required(prefix + "secrets", endpoint.getSecrets());
        });
        HookguardFilterConfig.Builder builder =
                settings.toFilterConfig("", InitParams::schema).store(store());
        optional("metrics", v -> builder.metrics(metrics(v)));
        return builder.build();
    }

    private static void required(String name, @Nullable Object value) {
        if (value == null || (value instanceof List<?> list && list.isEmpty())) {
            throw new IllegalArgumentException("init-param '" + name + "' must be set");
        }
    }

    /** Sets the property at {@code path} (kebab case, dots between levels) of {@code bean} to {@code value}. */
    private static void bind(Object bean, String path, String name, String value) {
        int split = path.length();
        for (int i = 0; i < path.length(); i++) {
            if (path.charAt(i) == '.' || path.charAt(i) == '[') {
                split = i;
                break;
            }
        }
        String head = path.substring(0, split);
        String rest = split == path.length() ? "" : path.substring(path.charAt(split) == '.' ? split + 1 : split);
        String property = camel(head);
        Method getter = method(bean.getClass(), "get" + property);
        if (getter == null) {
            throw unknown(name);
        }
        Object current = invoke(getter, bean);
        Method setter = method(bean.getClass(), "set" + property);
        if (setter == null) {
            if (current == null || rest.isEmpty()) {
                throw unknown(name);
            }
            if (current instanceof Map<?, ?> map) {
                bindEntry(map, valueType(getter), rest, name, value);
            } else {
                bind(current, rest, name, value);
            }
            return;
        }
        if (!rest.isEmpty()) {
            throw unknown(name);
        }
        invoke(setter, bean, convert(name, value, setter.getGenericParameterTypes()[0]));
    }

    /** Binds {@code path} ({@code <key>.<property>} or {@code [<key>].<property>}) into an entry of a settings map. */
    private static void bindEntry(Map<?, ?> map, Class<?> valueType, String path, String name, String value) {
        String key;
        String rest;
        Matcher bracket = BRACKET.matcher(path);
        if (bracket.matches()) {
            key = bracket.group(1);
            rest = bracket.group(2);
        } else {
            int dot = path.indexOf('.');
            key = dot < 0 ? path : path.substring(0, dot);
            rest = dot < 0 ? "" : path.substring(dot + 1);
        }
        if (rest.isEmpty()) {
            throw unknown(name);
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> entries = (Map<String, Object>) map;
        bind(entries.computeIfAbsent(key, k -> instantiate(valueType)), rest, name, value);
    }

    private static Class<?> valueType(Method getter) {
        if (getter.getGenericReturnType() instanceof ParameterizedType type
                && type.getActualTypeArguments()[1] instanceof Class<?> value) {
            return value;
        }
        throw new IllegalStateException("no value type of " + getter);
    }

    private static Object instantiate(Class<?> type) {
        try {
            return type.getConstructor().newInstance();
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot create a " + type.getName(), e);
        }
    }

    private static Object convert(String name, String value, Type type) {
        if (type instanceof ParameterizedType list && list.getRawType() == List.class) {
            List<String> entries = list(value);
            return name.endsWith("secrets") || name.endsWith("dispatch-keys") ? resolve(name, entries) : entries;
        }
        Class<?> raw = (Class<?>) type;
        if (raw == String.class) {
            return value;
        }
        if (raw == Integer.class) {
            return parse(name, value, "an integer", Integer::valueOf);
        }
        if (raw == Long.class) {
            return parse(name, value, "an integer", Long::valueOf);
        }
        if (raw == Boolean.class) {
            return bool(name, value);
        }
        if (raw == Duration.class) {
            return duration(name, value);
        }
        if (raw == URI.class) {
            return uri(name, value);
        }
        if (raw.isEnum()) {
            return choice(name, value, raw.asSubclass(Enum.class));
        }
        throw new IllegalStateException("no conversion of init-param '" + name + "' to " + type);
    }

    private static Method method(Class<?> type, String name) {
        for (Method method : type.getMethods()) {
            if (method.getName().equals(name) && method.getParameterCount() == (name.startsWith("set") ? 1 : 0)) {
                return method;
            }
        }
        return null;
    }

    private static Object invoke(Method method, Object bean, Object... args) {
        try {
            return method.invoke(bean, args);
        } catch (IllegalAccessException | InvocationTargetException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String camel(String kebab) {
        StringBuilder camel = new StringBuilder();
        boolean upper = true;
        for (char c : kebab.toCharArray()) {
            if (c == '-') {
                upper = true;
            } else {
                camel.append(upper ? Character.toUpperCase(c) : c);
                upper = false;
            }
        }
        return camel.toString();
    }

    private static IllegalArgumentException unknown(String name) {
        return new IllegalArgumentException("init-param '" + name + "' is unknown; the names are those of the Spring"
                + " properties without 'hookguard.' (such as endpoints.<name>.policy.lease, dispatcher.workers),"
                + " plus store and metrics");
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

    private static URI uri(String name, String value) {
        try {
            return new URI(value);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException(
                    name + " must be a URL such as http://127.0.0.1:8080 but was '" + value + "'", e);
        }
    }

    /** A JSON Schema on the class path: {@code classpath:schemas/stripe.json} or {@code schemas/stripe.json}. */
    private static PayloadSchema schema(String location) {
        String resource = location.startsWith("classpath:") ? location.substring("classpath:".length()) : location;
        resource = resource.startsWith("/") ? resource.substring(1) : resource;
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        InputStream in = (loader != null ? loader : InitParams.class.getClassLoader()).getResourceAsStream(resource);
        if (in == null) {
            throw new IllegalArgumentException(
                    "schema names no readable JSON Schema on the class path: '" + location + "'");
        }
        try (in) {
            return PayloadSchema.jsonSchema(in, location);
        } catch (IOException e) {
            throw new IllegalArgumentException("schema cannot be read: '" + location + "': " + e.getMessage(), e);
        }
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

    private static List<String> resolve(String name, List<String> entries) {
        List<String> secrets = new ArrayList<>();
        for (String entry : entries) {
            secrets.add(entry.startsWith("env:") ? env(name, entry.substring(4)) : entry);
        }
        return secrets;
    }

    private static String env(String name, String variable) {
        String value = System.getenv(variable);
        if (value == null || value.isEmpty()) {
            throw new IllegalArgumentException(name + ": environment variable '" + variable + "' is not set");
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
