package dev.hookguard.servlet;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * How the filter protects itself and the store from hostile requests before and while it reads a body
 * (DESIGN.md §1, rule 7), and which request headers it never stores. Immutable; build with {@link #custom()}.
 *
 * @param methods the HTTP methods a delivery may use; any other is answered 405 before the body is read
 * @param minBodyRate the slowest a body may arrive, in bytes per second, once {@code bodyGrace} has passed: a
 *     sender that falls behind is answered 408 and its connection closed, so a trickling body cannot hold a
 *     request thread for long
 * @param bodyGrace how long a body may take before {@code minBodyRate} applies (latency, a slow start)
 * @param storedHeaderDenyList request headers never written to the store with a payload: exact names, or
 *     patterns with {@code *} for any characters ({@code *token*}); compared ignoring case
 */
public record Hardening(Set<String> methods, long minBodyRate, Duration bodyGrace, List<String> storedHeaderDenyList) {

    /** Default methods: {@code POST}, {@code PUT}, {@code PATCH}, the ones that carry a delivery's body. */
    public static final Set<String> DEFAULT_METHODS = Set.of("POST", "PUT", "PATCH");
    /** Default minimum body rate: 1024 bytes per second. */
    public static final long DEFAULT_MIN_BODY_RATE = 1024;
    /** Default grace before the minimum rate applies: 5 seconds. */
    public static final Duration DEFAULT_BODY_GRACE = Duration.ofSeconds(5);
    /** Default headers never stored: credentials of the connection and anything named like one. */
    public static final List<String> DEFAULT_STORED_HEADER_DENY_LIST = List.of(
            "Authorization",
            "Proxy-Authorization",
            "Cookie",
            "Set-Cookie",
            "X-Api-Key",
            "*token*",
            "*secret*",
            "*password*",
            "*api-key*",
            "*apikey*");

    /** Validates every field; a bad one is an {@link IllegalArgumentException} naming field and value. */
    public Hardening {
        if (methods == null || methods.isEmpty() || methods.stream().anyMatch(m -> m == null || m.isBlank())) {
            throw new IllegalArgumentException("methods must hold at least one method but was " + methods);
        }
        methods = Set.copyOf(
                methods.stream().map(m -> m.trim().toUpperCase(Locale.ROOT)).toList());
        if (minBodyRate < 1) {
            throw new IllegalArgumentException("minBodyRate must be at least 1 byte per second but was " + minBodyRate);
        }
        if (bodyGrace == null || bodyGrace.isNegative()) {
            throw new IllegalArgumentException("bodyGrace must not be negative but was " + bodyGrace);
        }
        if (storedHeaderDenyList == null || storedHeaderDenyList.stream().anyMatch(h -> h == null || h.isBlank())) {
            throw new IllegalArgumentException(
                    "storedHeaderDenyList must hold header names or patterns but was " + storedHeaderDenyList);
        }
        storedHeaderDenyList = List.copyOf(storedHeaderDenyList);
    }

    /** The defaults. */
    public static Hardening ofDefaults() {
        return custom().build();
    }

    /** A builder that starts from the defaults. */
    public static Builder custom() {
        return new Builder();
    }

    /** A builder that starts from this configuration. */
    public static Builder from(Hardening hardening) {
        return new Builder()
                .methods(hardening.methods)
                .minBodyRate(hardening.minBodyRate)
                .bodyGrace(hardening.bodyGrace)
                .storedHeaderDenyList(hardening.storedHeaderDenyList);
    }

    /** Builds a {@link Hardening}; names equal the record's components. */
    public static final class Builder {
        private Set<String> methods = DEFAULT_METHODS;
        private long minBodyRate = DEFAULT_MIN_BODY_RATE;
        private Duration bodyGrace = DEFAULT_BODY_GRACE;
        private List<String> storedHeaderDenyList = DEFAULT_STORED_HEADER_DENY_LIST;

        private Builder() {}

        /** See {@link Hardening#methods()}. */
        public Builder methods(Set<String> methods) {
            this.methods = methods;
            return this;
        }

        /** See {@link Hardening#minBodyRate()}. */
        public Builder minBodyRate(long minBodyRate) {
            this.minBodyRate = minBodyRate;
            return this;
        }

        /** See {@link Hardening#bodyGrace()}. */
        public Builder bodyGrace(Duration bodyGrace) {
            this.bodyGrace = bodyGrace;
            return this;
        }

        /** Replaces the deny list. See {@link Hardening#storedHeaderDenyList()}. */
        public Builder storedHeaderDenyList(List<String> storedHeaderDenyList) {
            this.storedHeaderDenyList = storedHeaderDenyList;
            return this;
        }

        /** Adds to the deny list (the defaults stay). */
        public Builder denyStoredHeaders(String... headers) {
            List<String> all = new ArrayList<>(storedHeaderDenyList);
            all.addAll(Arrays.asList(headers));
            return storedHeaderDenyList(all);
        }

        /** The configuration; throws {@link IllegalArgumentException} naming the first bad field. */
        public Hardening build() {
            return new Hardening(methods, minBodyRate, bodyGrace, storedHeaderDenyList);
        }
    }
}
