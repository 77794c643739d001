package dev.hookguard.core;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Which stored request headers operators see redacted: a header whose name contains one of these fragments
 * (ignoring case) is shown and exported as {@value #REDACTED}. The defaults cover signatures, credentials,
 * cookies and tokens. One list for every view of a payload: the console and the Actuator endpoint.
 */
public final class HeaderRedaction {

    /** What a denied header's values are replaced with. */
    public static final String REDACTED = "[redacted]";
    /** Default fragments of denied header names. */
    public static final Set<String> DEFAULT_DENIED =
            Set.of("signature", "hmac", "authorization", "cookie", "secret", "token", "api-key", "apikey");

    private final Set<String> denied;

    private HeaderRedaction(Set<String> denied) {
        this.denied = denied.stream().map(f -> f.toLowerCase(Locale.ROOT)).collect(Collectors.toUnmodifiableSet());
    }

    /** The default deny list. */
    public static HeaderRedaction ofDefaults() {
        return new HeaderRedaction(DEFAULT_DENIED);
    }

    /** The default deny list plus these fragments. */
    public static HeaderRedaction defaultsPlus(Set<String> more) {
        return new HeaderRedaction(
                Stream.concat(DEFAULT_DENIED.stream(), more.stream()).collect(Collectors.toSet()));
    }

    /** True when the header's values must not be shown. */
    public boolean denies(String header) {
        String name = header.toLowerCase(Locale.ROOT);
        return denied.stream().anyMatch(name::contains);
    }

    /** The headers with denied values replaced. */
    public Map<String, List<String>> apply(Map<String, List<String>> headers) {
        Map<String, List<String>> shown = new LinkedHashMap<>();
        headers.forEach((name, values) -> shown.put(name, denies(name) ? List.of(REDACTED) : values));
        return shown;
    }
}
