package dev.hookguard.spring.internal.web;

import dev.hookguard.core.EventKey;
import dev.hookguard.servlet.HookguardFilter;
import dev.hookguard.spring.WebhookEventId;
import org.jspecify.annotations.Nullable;
import org.springframework.core.MethodParameter;
import org.springframework.web.bind.support.WebDataBinderFactory;
import org.springframework.web.context.request.NativeWebRequest;
import org.springframework.web.context.request.RequestAttributes;
import org.springframework.web.method.support.HandlerMethodArgumentResolver;
import org.springframework.web.method.support.ModelAndViewContainer;

/**
 * Resolves {@link WebhookEventId} parameters of type {@code String} (the event id) or {@link EventKey} from the
 * Hookguard filter's request attribute {@link HookguardFilter#EVENT_KEY_ATTRIBUTE}.
 */
public final class WebhookEventIdArgumentResolver implements HandlerMethodArgumentResolver {

    @Override
    public boolean supportsParameter(MethodParameter parameter) {
        Class<?> type = parameter.getParameterType();
        return parameter.hasParameterAnnotation(WebhookEventId.class)
                && (type == String.class || type == EventKey.class);
    }

    @Override
    public Object resolveArgument(
            MethodParameter parameter,
            @Nullable ModelAndViewContainer mavContainer,
            NativeWebRequest request,
            @Nullable WebDataBinderFactory binderFactory) {
        Object key = request.getAttribute(HookguardFilter.EVENT_KEY_ATTRIBUTE, RequestAttributes.SCOPE_REQUEST);
        if (!(key instanceof EventKey eventKey)) {
            throw new IllegalStateException("@WebhookEventId on " + parameter.getExecutable()
                    + " has no value: the request did not pass the Hookguard filter");
        }
        return parameter.getParameterType() == EventKey.class ? eventKey : eventKey.eventId();
    }
}
