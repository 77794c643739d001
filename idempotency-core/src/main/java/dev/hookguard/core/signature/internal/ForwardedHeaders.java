package dev.hookguard.core.signature.internal;

import dev.hookguard.core.signature.Headers;
import dev.hookguard.core.signature.SignatureConfig.PublicUrl;
import dev.hookguard.core.signature.WebhookRequest;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * Reads the public scheme, host and port from a proxy's headers: the first element of {@code Forwarded} (RFC
 * 7239) when present, else {@code X-Forwarded-Proto}, {@code X-Forwarded-Host} and {@code X-Forwarded-Port}
 * (their first comma-separated value); whatever is absent keeps the received value.
 */
public record ForwardedHeaders(
        String scheme,
        String host,
        int port,
        String path,
        @Nullable String rawQuery) {

    public static ForwardedHeaders of(WebhookRequest request) {
        Headers headers = request.headers();
        String scheme = request.scheme();
        String host = request.host();
        int port = request.port();
        String forwarded = headers.first("Forwarded").orElse(null);
        if (forwarded != null) {
            String first = firstElement(forwarded, ',');
            scheme = parameter(first, "proto", scheme);
            String forwardedHost = parameter(first, "host", null);
            if (forwardedHost != null) {
                host = forwardedHost;
                port = -1;
            }
        } else {
            scheme = headers.first("X-Forwarded-Proto")
                    .map(v -> firstElement(v, ','))
                    .orElse(scheme);
            String forwardedHost = headers.first("X-Forwarded-Host")
                    .map(v -> firstElement(v, ','))
                    .orElse(null);
            if (forwardedHost != null) {
                host = forwardedHost;
                port = -1;
            }
            port = headers.first("X-Forwarded-Port")
                    .map(v -> port(firstElement(v, ',')))
                    .orElse(port);
        }
        return new ForwardedHeaders(scheme.toLowerCase(Locale.ROOT), host, port, request.path(), request.rawQuery());
    }

    public String url() {
        return PublicUrl.join(scheme, host, port, path, rawQuery);
    }

    private static String firstElement(String value, char separator) {
        int end = value.indexOf(separator);
        return (end < 0 ? value : value.substring(0, end)).strip();
    }

    private static @Nullable String parameter(String element, String name, @Nullable String fallback) {
        for (String pair : element.split(";")) {
            int equals = pair.indexOf('=');
            if (equals > 0 && pair.substring(0, equals).strip().equalsIgnoreCase(name)) {
                String value = pair.substring(equals + 1).strip();
                return value.length() >= 2 && value.startsWith("\"") && value.endsWith("\"")
                        ? value.substring(1, value.length() - 1)
                        : value;
            }
        }
        return fallback;
    }

    private static int port(String value) {
        return value.length() > 0 && value.length() <= 5 && value.chars().allMatch(Character::isDigit)
                ? Integer.parseInt(value)
                : -1;
    }
}
