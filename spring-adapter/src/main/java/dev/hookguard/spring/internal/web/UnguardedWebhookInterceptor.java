package dev.hookguard.spring.internal.web;

import dev.hookguard.core.EventKey;
import dev.hookguard.servlet.HookguardFilter;
import dev.hookguard.spring.IdempotentWebhook;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.servlet.HandlerInterceptor;

/**
 * Fails closed: refuses, with 500, to run an {@link IdempotentWebhook} handler for a request that the Hookguard filter
 * did not verify for that handler's endpoint. This happens only when the filter is not registered, or when its paths
 * do not match the request's (a {@code DispatcherServlet} mapped below {@code /} without {@code
 * spring.mvc.servlet.path}, or another endpoint's prefix catching the request); the log names the handler.
 */
public final class UnguardedWebhookInterceptor implements HandlerInterceptor {

    private static final Logger log = LoggerFactory.getLogger(UnguardedWebhookInterceptor.class);

    @Override
    public boolean preHandle(HttpServletRequest request, HttpServletResponse response, Object handler)
            throws IOException {
        if (!(handler instanceof HandlerMethod method)) {
            return true;
        }
        IdempotentWebhook webhook = method.getMethodAnnotation(IdempotentWebhook.class);
        if (webhook == null) {
            return true;
        }
        Object key = request.getAttribute(HookguardFilter.EVENT_KEY_ATTRIBUTE);
        if (key instanceof EventKey eventKey && eventKey.endpoint().equals(webhook.value())) {
            return true;
        }
        log.error(
                "Refused to run {} for {}: the Hookguard filter did not verify it for endpoint '{}' ({}); check that"
                        + " the filter is registered and that its path matches the request's",
                method.getShortLogMessage(),
                request.getRequestURI(),
                webhook.value(),
                key == null ? "not verified" : "verified for " + ((EventKey) key).endpoint());
        response.setStatus(500);
        response.setContentType("text/plain;charset=UTF-8");
        response.setHeader("Cache-Control", "no-store");
        response.getOutputStream().write("The webhook endpoint is not guarded".getBytes(StandardCharsets.UTF_8));
        return false;
    }
}
