package dev.hookguard.servlet.internal.delivery;

import dev.hookguard.servlet.HookguardFilter;
import jakarta.servlet.Servlet;
import jakarta.servlet.ServletConfig;
import jakarta.servlet.ServletContext;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import java.io.IOException;

/**
 * A guarded handler servlet, as {@link HookguardFilter#handler(Servlet)} registers it: it marks each request on entry
 * ({@link HookguardFilter#HANDLER_INVOKED_ATTRIBUTE}), then runs the application's servlet, so that the filter can
 * tell the handler's response from anything else's (DESIGN.md §1, rule 8).
 */
public final class MarkedHandler implements Servlet {

    private final Servlet handler;

    public MarkedHandler(Servlet handler) {
        this.handler = handler;
    }

    /** Whether a servlet of this context is registered through {@link HookguardFilter#handler(Servlet)}. */
    public static boolean registeredIn(ServletContext context) {
        try {
            return context.getServletRegistrations().values().stream()
                    .anyMatch(r -> MarkedHandler.class.getName().equals(r.getClassName()));
        } catch (UnsupportedOperationException notAllowedHere) {
            return false;
        }
    }

    @Override
    public void init(ServletConfig config) throws ServletException {
        handler.init(config);
    }

    @Override
    public ServletConfig getServletConfig() {
        return handler.getServletConfig();
    }

    @Override
    public void service(ServletRequest request, ServletResponse response) throws ServletException, IOException {
        request.setAttribute(HookguardFilter.HANDLER_INVOKED_ATTRIBUTE, Boolean.TRUE);
        handler.service(request, response);
    }

    @Override
    public String getServletInfo() {
        return handler.getServletInfo();
    }

    @Override
    public void destroy() {
        handler.destroy();
    }
}
