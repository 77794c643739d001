package dev.hookguard.core.signature;

import dev.hookguard.core.signature.internal.ForwardedHeaders;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * How to find the URL a sender signed, for the schemes that sign it (Twilio, Square). Behind a reverse proxy or
 * a load balancer the application sees another scheme, host or port than the sender used, so the URL must
 * come from configuration or from the proxy's headers:
 *
 * <ul>
 *   <li>{@link #asReceived()} (the default): the URL as the server received it;
 *   <li>{@link #base(String)}: scheme, host, port and an optional path prefix from a configured public base URL
 *       ({@code https://hooks.example.com}), then the received path and query;
 *   <li>{@link #forwarded()}: scheme, host and port from the first element of {@code Forwarded} (RFC 7239), else
 *       from {@code X-Forwarded-Proto}, {@code X-Forwarded-Host} and {@code X-Forwarded-Port}, each falling back to
 *       the received value. Only safe where a proxy you trust sets or overwrites these headers: a client can send
 *       them too.
 * </ul>
 */
public sealed interface PublicUrl {

    /** The URL as the server received it. */
    static PublicUrl asReceived() {
        return AsReceived.INSTANCE;
    }

    /**
     * A public base URL: {@code http(s)://host[:port][/prefix]}, without query or fragment.
     *
     * @throws IllegalArgumentException naming the value when it is not such a URL
     */
    static PublicUrl base(String url) {
        return new Base(url);
    }

    /** Scheme, host and port from the proxy's {@code Forwarded} or {@code X-Forwarded-*} headers. */
    static PublicUrl forwarded() {
        return Forwarded.INSTANCE;
    }

    /** {@code as-received}, {@code forwarded}, or a base URL: the configuration-file form. */
    static PublicUrl parse(String value) {
        return switch (value.strip().toLowerCase(Locale.ROOT)) {
            case "as-received", "" -> asReceived();
            case "forwarded" -> forwarded();
            default -> base(value.strip());
        };
    }

    /** The URL the sender signed, or empty when the request does not carry its URL. */
    String resolve(WebhookRequest request);

    /** {@code scheme://host[:port]path[?query]}, the port left out when it is the scheme's default or unknown. */
    static String join(String scheme, String host, int port, String path, @Nullable String rawQuery) {
        StringBuilder url = new StringBuilder(scheme).append("://").append(host);
        if (port >= 0 && port != defaultPort(scheme)) {
            url.append(':').append(port);
        }
        url.append(path);
        if (rawQuery != null) {
            url.append('?').append(rawQuery);
        }
        return url.toString();
    }

    /** 443 for https, 80 for http, else -1. */
    static int defaultPort(String scheme) {
        return switch (scheme.toLowerCase(Locale.ROOT)) {
            case "https" -> 443;
            case "http" -> 80;
            default -> -1;
        };
    }

    /** See {@link #asReceived()}. */
    enum AsReceived implements PublicUrl {
        /** The one instance. */
        INSTANCE;

        @Override
        public String resolve(WebhookRequest request) {
            return request.receivedUrl();
        }

        @Override
        public String toString() {
            return "as-received";
        }
    }

    /** See {@link #forwarded()}. */
    enum Forwarded implements PublicUrl {
        /** The one instance. */
        INSTANCE;

        @Override
        public String resolve(WebhookRequest request) {
            return request.urlKnown() ? ForwardedHeaders.of(request).url() : "";
        }

        @Override
        public String toString() {
            return "forwarded";
        }
    }

    /**
     * See {@link #base(String)}.
     *
     * @param url the configured base URL
     */
    record Base(String url) implements PublicUrl {

        /** Checks the URL: http or https, a host, no query, no fragment; a trailing {@code /} is dropped. */
        public Base {
            URI uri;
            try {
                uri = url == null ? null : new URI(url);
            } catch (URISyntaxException e) {
                uri = null;
            }
            boolean valid = uri != null
                    && defaultPort(String.valueOf(uri.getScheme())) > 0
                    && uri.getHost() != null
                    && uri.getRawQuery() == null
                    && uri.getRawFragment() == null
                    && uri.getRawUserInfo() == null;
            if (!valid) {
                throw new IllegalArgumentException(
                        "publicUrl must be an http(s)://host[:port][/prefix] URL without query but was '" + url + "'");
            }
            url = url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
        }

        @Override
        public String resolve(WebhookRequest request) {
            if (request.path().isEmpty()) {
                return "";
            }
            String query = request.rawQuery() == null ? "" : "?" + request.rawQuery();
            return url + request.path() + query;
        }

        @Override
        public String toString() {
            return url;
        }
    }
}
