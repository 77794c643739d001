package dev.hookguard.spring.internal.web;

import dev.hookguard.spring.HookguardConfigurationException;
import dev.hookguard.spring.IdempotentWebhook;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Future;
import org.springframework.beans.factory.BeanFactoryUtils;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.core.ResolvableType;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.http.HttpEntity;
import org.springframework.web.context.request.async.DeferredResult;
import org.springframework.web.context.request.async.WebAsyncTask;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.servlet.mvc.method.RequestMappingInfo;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;
import org.springframework.web.servlet.mvc.method.annotation.ResponseBodyEmitter;
import org.springframework.web.servlet.mvc.method.annotation.StreamingResponseBody;

/**
 * Finds the {@link IdempotentWebhook} handler methods in every {@link RequestMappingHandlerMapping} of the context,
 * after all singletons exist, and lists their mappings.
 */
public final class WebhookHandlerScanner {

    /** Return types with which Spring MVC finishes a request on another thread. */
    private static final List<Class<?>> ASYNC_TYPES = List.of(
            Callable.class,
            DeferredResult.class,
            WebAsyncTask.class,
            CompletionStage.class,
            Future.class,
            ResponseBodyEmitter.class,
            StreamingResponseBody.class);

    /** Return types that stream the response while the handler still works, so before its verdict exists. */
    private static final List<Class<?>> STREAMING_TYPES =
            List.of(ResponseBodyEmitter.class, StreamingResponseBody.class);

    private WebhookHandlerScanner() {}

    /**
     * The routes of every annotated handler method.
     *
     * @param servletPath the {@code DispatcherServlet}'s path ({@code spring.mvc.servlet.path}), {@code ""} for
     *     {@code /}
     * @throws HookguardConfigurationException for a handler that streams its response, or a transactional one that
     *     answers asynchronously
     */
    static List<WebhookRoute> scan(ListableBeanFactory context, String servletPath) {
        List<WebhookRoute> routes = new ArrayList<>();
        Map<String, RequestMappingHandlerMapping> mappings =
                BeanFactoryUtils.beansOfTypeIncludingAncestors(context, RequestMappingHandlerMapping.class);
        for (RequestMappingHandlerMapping mapping : mappings.values()) {
            mapping.getHandlerMethods().forEach((info, method) -> routes.addAll(routes(info, method, servletPath)));
        }
        return routes;
    }

    private static List<WebhookRoute> routes(RequestMappingInfo info, HandlerMethod method, String servletPath) {
        IdempotentWebhook webhook =
                AnnotatedElementUtils.findMergedAnnotation(method.getMethod(), IdempotentWebhook.class);
        if (webhook == null) {
            return List.of();
        }
        String handler =
                method.getBeanType().getName() + "#" + method.getMethod().getName();
        requireWholeAnswer(method, handler);
        if (webhook.transactional()) {
            requireSynchronous(method, handler);
        }
        Set<String> patterns = info.getPatternValues();
        List<WebhookRoute> routes = new ArrayList<>();
        for (String pattern : patterns) {
            routes.add(new WebhookRoute(webhook.value(), servletPath + pattern, webhook.transactional(), handler));
        }
        return routes;
    }

    /**
     * Rule 4 of DESIGN.md §1 (nothing is acknowledged before its verdict is recorded) holds for an answer that fits in
     * the response buffer; an emitter or a streaming body is sent as it is written, whatever its length, so it is
     * refused.
     */
    private static void requireWholeAnswer(HandlerMethod method, String handler) {
        ResolvableType returned = ResolvableType.forMethodReturnType(method.getMethod());
        if (HttpEntity.class.isAssignableFrom(returned.toClass())) {
            returned = returned.getGeneric(0);
        }
        Class<?> type = returned.toClass();
        if (STREAMING_TYPES.stream().anyMatch(streaming -> streaming.isAssignableFrom(type))) {
            throw new HookguardConfigurationException(
                    "@IdempotentWebhook on " + handler + " returns " + type.getSimpleName()
                            + ", which streams its response: it could be sent before its verdict is recorded",
                    "Return the whole answer from " + handler
                            + " (a ResponseEntity, Callable, DeferredResult or CompletableFuture).");
        }
    }

    private static void requireSynchronous(HandlerMethod method, String handler) {
        Class<?> returnType = method.getMethod().getReturnType();
        boolean async = ASYNC_TYPES.stream().anyMatch(type -> type.isAssignableFrom(returnType))
                || returnType.getName().startsWith("reactor.core.publisher.")
                || returnType.getName().equals("org.reactivestreams.Publisher");
        if (async) {
            throw new HookguardConfigurationException(
                    "@IdempotentWebhook(transactional = true) on " + handler + " returns " + returnType.getSimpleName()
                            + ", which answers on another thread, outside the transaction that records the verdict",
                    "Return the response synchronously from " + handler + ", or drop transactional = true.");
        }
    }
}
