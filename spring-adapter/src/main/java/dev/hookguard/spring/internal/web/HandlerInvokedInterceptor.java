package dev.hookguard.spring.internal.web;

import dev.hookguard.servlet.HookguardFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.web.servlet.HandlerInterceptor;
import org.springframework.web.servlet.resource.DefaultServletHttpRequestHandler;
import org.springframework.web.servlet.resource.ResourceHttpRequestHandler;

/**
 * Marks a verified delivery ({@link HookguardFilter#HANDLER_INVOKED_ATTRIBUTE}) when Spring MVC is about to invoke its
 * handler (a handler method, a functional route, any handler but the static-resource ones): registered after every
 * other interceptor, its {@code preHandle} runs only once all of theirs let the request through, right before the
 * invocation. A response given without the mark — Spring Security's redirect or 403, the framework's 404/405, an
 * interceptor's refusal — is not the handler's verdict (DESIGN.md §1, rule 8).
 */
public final class HandlerInvokedInterceptor implements HandlerInterceptor {

    @Override
    public boolean preHandle(HttpServletRequest request, HttpServletResponse response, Object handler) {
        if (!(handler instanceof ResourceHttpRequestHandler || handler instanceof DefaultServletHttpRequestHandler)
                && request.getAttribute(HookguardFilter.EVENT_KEY_ATTRIBUTE) != null) {
            request.setAttribute(HookguardFilter.HANDLER_INVOKED_ATTRIBUTE, Boolean.TRUE);
        }
        return true;
    }
}
