package dev.hookguard.servlet.internal.body;

import dev.hookguard.core.signature.Headers;
import dev.hookguard.core.signature.WebhookRequest;
import jakarta.servlet.http.HttpServletRequest;

/**
 * The verifiers' view of a servlet request: method, the URL as the container received it (raw path and query,
 * never decoded), headers and the body the filter has read. Schemes that sign the URL turn it into the public URL
 * with their {@link dev.hookguard.core.signature.SignatureConfig.PublicUrl}.
 */
public final class RequestViews {

    private RequestViews() {}

    public static WebhookRequest of(HttpServletRequest request, Headers headers, byte[] body) {
        return new WebhookRequest(
                request.getMethod(),
                request.getScheme(),
                request.getServerName(),
                request.getServerPort(),
                request.getRequestURI(),
                request.getQueryString(),
                headers,
                body);
    }
}
