package dev.hookguard.spring.internal.web;

import jakarta.servlet.ServletContext;
import jakarta.servlet.ServletRegistration;
import jakarta.servlet.http.HttpServletMapping;
import jakarta.servlet.http.HttpServletRequest;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.util.ClassUtils;
import org.springframework.web.servlet.DispatcherServlet;

/**
 * Tells whether the container routes a request to a {@link DispatcherServlet}, whose handlers {@link
 * HandlerInvokedInterceptor} marks; looked up once per servlet name.
 */
public final class MvcServlets {

    private final Map<String, Boolean> dispatchers = new ConcurrentHashMap<>();

    /** Whether the servlet the container picked for the request is a {@code DispatcherServlet}. */
    boolean servesMvc(HttpServletRequest request) {
        HttpServletMapping mapping = request.getHttpServletMapping();
        String name = mapping == null ? null : mapping.getServletName();
        if (name == null || name.isEmpty()) {
            return false;
        }
        return dispatchers.computeIfAbsent(name, n -> isDispatcher(request.getServletContext(), n));
    }

    private static boolean isDispatcher(ServletContext context, String name) {
        try {
            ServletRegistration registration = context.getServletRegistration(name);
            String className = registration == null ? null : registration.getClassName();
            return className != null
                    && DispatcherServlet.class.isAssignableFrom(
                            ClassUtils.forName(className, MvcServlets.class.getClassLoader()));
        } catch (ClassNotFoundException | LinkageError | RuntimeException unknown) {
            return false;
        }
    }
}
