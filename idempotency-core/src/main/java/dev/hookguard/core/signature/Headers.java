package dev.hookguard.core.signature;

import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The request headers a verifier reads: names are case-insensitive, and a name may carry several values (one
 * per header line, in arrival order). Immutable.
 *
 * <p>Adapt a framework's request cheaply with {@link #builder()}, adding each header line as it comes, or
 * with {@link #of(Map)}. {@link #toString()} shows only the names, since values may carry credentials.
 *
 * @param values the values by lower-case name; every list is non-empty
 */
public record Headers(Map<String, List<String>> values) {

    private static final Headers EMPTY = new Headers(Map.of());

    /**
     * Lower-cases the names, merges names that differ only in case, and copies everything; a map from {@link
     * Builder#build()} is already in that form and is kept as it is (one copy per request, not three).
     */
    public Headers {
        if (!(values instanceof Built) && !(values instanceof Lines)) {
            Map<String, List<String>> merged = new LinkedHashMap<>();
            values.forEach((name, list) -> {
                if (!list.isEmpty()) {
                    merged.computeIfAbsent(lower(name), n -> new ArrayList<>()).addAll(list);
                }
            });
            merged.replaceAll((name, list) -> List.copyOf(list));
            values = Collections.unmodifiableMap(merged);
        }
    }

    /** No headers at all. */
    public static Headers empty() {
        return EMPTY;
    }

    /** Headers from a map of name to values, as most frameworks expose them. */
    public static Headers of(Map<String, ? extends Collection<String>> values) {
        Builder builder = builder();
        values.forEach((name, list) -> list.forEach(value -> builder.add(name, value)));
        return builder.build();
    }

    /**
     * Headers from alternating names and values: {@code of("webhook-id", "msg_1", "webhook-timestamp", "1")}. The
     * array is copied once and read as it is: a lookup compares names ignoring case and collects that name's values, so
     * a request's headers cost one array, not a map of lists (a verifier reads two or three of them).
     */
    public static Headers of(String... namesAndValues) {
        if (namesAndValues.length % 2 != 0) {
            throw new IllegalArgumentException(
                    "namesAndValues must alternate names and values but had " + namesAndValues.length + " elements");
        }
        for (int i = 0; i < namesAndValues.length; i++) {
            if (namesAndValues[i] == null) {
                throw new IllegalArgumentException("namesAndValues must hold no null but element " + i + " is null");
            }
        }
        return new Headers(new Lines(namesAndValues.clone()));
    }

    /** A builder to which header lines are added one by one. */
    public static Builder builder() {
        return new Builder();
    }

    /** Every value of this header, in arrival order; empty when it is absent. */
    public List<String> all(String name) {
        return values instanceof Lines lines ? lines.all(name) : values.getOrDefault(lower(name), List.of());
    }

    /** The first value of this header, if present. */
    public Optional<String> first(String name) {
        List<String> all = all(name);
        return all.isEmpty() ? Optional.empty() : Optional.of(all.get(0));
    }

    /** Whether at least one value of this header is present. */
    public boolean contains(String name) {
        return values instanceof Lines lines ? !lines.all(name).isEmpty() : values.containsKey(lower(name));
    }

    /** These headers with {@code other}'s headers replacing those of the same name. */
    public Headers with(Headers other) {
        Map<String, List<String>> replaced = new LinkedHashMap<>(values);
        replaced.putAll(other.values);
        return new Headers(replaced);
    }

    @Override
    public String toString() {
        return "Headers" + values.keySet();
    }

    /** Checks that a configured header name is a non-empty HTTP token; {@code field} names the setting. */
    static String requireName(String field, String name) {
        if (name == null || name.isEmpty() || !name.chars().allMatch(c -> c > 0x20 && c < 0x7F && c != ':')) {
            throw new IllegalArgumentException(
                    field + " must be a header name (visible ASCII, no ':') but was '" + name + "'");
        }
        return name;
    }

    private static String lower(String name) {
        return name.toLowerCase(Locale.ROOT);
    }

    /** Collects header lines; names may come in any case. */
    public static final class Builder {
        private Map<String, List<String>> values = new LinkedHashMap<>();

        private Builder() {}

        /** Adds one header line; names are case-insensitive. */
        public Builder add(String name, String value) {
            values.computeIfAbsent(lower(name), n -> new ArrayList<>(1)).add(value);
            return this;
        }

        /** The headers collected so far; the builder starts afresh, so later lines do not change them. */
        public Headers build() {
            Map<String, List<String>> built = values;
            values = new LinkedHashMap<>();
            built.replaceAll((name, list) -> List.copyOf(list));
            return new Headers(new Built(built));
        }
    }

    /**
     * A builder's map: lower-case names, immutable non-empty lists, owned by nobody else; read-only, like every
     * {@link Headers}' values.
     */
    private static final class Built extends AbstractMap<String, List<String>> {
        private final Map<String, List<String>> values;

        Built(Map<String, List<String>> values) {
            this.values = values;
        }

        @Override
        public Set<Entry<String, List<String>>> entrySet() {
            return Collections.unmodifiableMap(values).entrySet();
        }

        @Override
        public List<String> get(Object name) {
            return values.get(name);
        }

        @Override
        public List<String> getOrDefault(Object name, List<String> fallback) {
            return values.getOrDefault(name, fallback);
        }

        @Override
        public boolean containsKey(Object name) {
            return values.containsKey(name);
        }

        @Override
        public int size() {
            return values.size();
        }
    }

    /**
     * Header lines as they came, names and values alternating, owned by nobody else; looked up by name ignoring case.
     * As a map (iteration, equality) it is the builder's: lower-case names in order of first arrival, each with its
     * values in arrival order, made on first use.
     */
    private static final class Lines extends AbstractMap<String, List<String>> {
        private final String[] namesAndValues;
        private volatile @Nullable Map<String, List<String>> built;

        Lines(String[] namesAndValues) {
            this.namesAndValues = namesAndValues;
        }

        /** Every value of the name, ignoring case; an immutable list, empty when absent. */
        List<String> all(String name) {
            String first = null;
            List<String> more = null;
            for (int i = 0; i < namesAndValues.length; i += 2) {
                if (namesAndValues[i].equalsIgnoreCase(name)) {
                    if (first == null) {
                        first = namesAndValues[i + 1];
                    } else {
                        if (more == null) {
                            more = new ArrayList<>(4);
                            more.add(first);
                        }
                        more.add(namesAndValues[i + 1]);
                    }
                }
            }
            return more != null ? List.copyOf(more) : first != null ? List.of(first) : List.of();
        }

        @Override
        public Set<Entry<String, List<String>>> entrySet() {
            Map<String, List<String>> map = built;
            if (map == null) {
                Builder builder = new Builder();
                for (int i = 0; i < namesAndValues.length; i += 2) {
                    builder.add(namesAndValues[i], namesAndValues[i + 1]);
                }
                map = builder.build().values;
                built = map;
            }
            return map.entrySet();
        }

        @Override
        public List<String> get(Object name) {
            if (!(name instanceof String key)) {
                return null;
            }
            List<String> all = all(key);
            return all.isEmpty() || !key.equals(lower(key)) ? null : all;
        }

        @Override
        public boolean containsKey(Object name) {
            return get(name) != null;
        }
    }
}
