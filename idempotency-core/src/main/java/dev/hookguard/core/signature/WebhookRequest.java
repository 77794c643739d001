package dev.hookguard.core.signature;

import dev.hookguard.core.signature.SignatureConfig.PublicUrl;
import dev.hookguard.core.signature.internal.FormBody;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Everything a verifier may need from one delivery: the method, the URL as the receiving server saw it, the
 * headers and the raw body. Schemes that sign the URL (Twilio, Square) resolve the URL the sender signed from
 * these parts with the {@link PublicUrl} of their {@link SignatureConfig}, since a proxy in front of the
 * application usually changes scheme, host or port. Immutable apart from the body array, which is not copied
 * (verifiers only read it; the caller must not change it while a verifier runs).
 *
 * @param method the HTTP method, such as {@code POST}
 * @param scheme the scheme the server received the request on ({@code http} or {@code https}); empty when
 *     unknown
 * @param host the host the server received the request for, from the {@code Host} header; empty when unknown
 * @param port the port the server received the request on; {@code -1} when unknown or the scheme's default
 * @param path the raw (still percent-encoded) path, starting with {@code /}; empty when unknown
 * @param rawQuery the raw query string without {@code ?}, or null when the URL has none
 * @param headers the request headers
 * @param body the raw body bytes exactly as received
 */
public record WebhookRequest(
        String method,
        String scheme,
        String host,
        int port,
        String path,
        @Nullable String rawQuery,
        Headers headers,
        byte[] body) {

    /** A request of which only the headers and the body are known: URL-signing schemes reject it. */
    public static WebhookRequest of(Headers headers, byte[] body) {
        return new WebhookRequest("POST", "", "", -1, "", null, headers, body);
    }

    /** Whether the server's view of the URL is known (scheme, host and path). */
    public boolean urlKnown() {
        return !scheme.isEmpty() && !host.isEmpty() && !path.isEmpty();
    }

    /**
     * The URL as the server received it: {@code scheme://host[:port]path[?query]}, the port only when it is not
     * the scheme's default; empty when {@link #urlKnown()} is false.
     */
    public String receivedUrl() {
        return urlKnown() ? PublicUrl.join(scheme, host, port, path, rawQuery) : "";
    }

    /**
     * The parameters of an {@code application/x-www-form-urlencoded} body, decoded as UTF-8, values of a name
     * in arrival order; empty for any other content type. Parsed on each call, so call it once.
     */
    public Map<String, List<String>> formParameters() {
        return FormBody.parse(headers.first("Content-Type").orElse(null), body);
    }

    @Override
    public String toString() {
        return "WebhookRequest[" + method + " " + scheme + "://" + host + (port < 0 ? "" : ":" + port) + path + ", "
                + headers + ", " + body.length + " bytes]";
    }
}
