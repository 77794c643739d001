package dev.hookguard.spring.web;

import dev.hookguard.servlet.HookguardFilter;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/**
 * Runs the Hookguard filter so that a guarded handler's explicit flushes are deferred ({@link DeferredFlushResponse})
 * until the filter has recorded its verdict: the sender gets the 2xx only once the store holds SUCCEEDED. Requests
 * the filter passes through unverified (other paths) are untouched.
 */
final class RecordedBeforeAnswered implements Filter {

    private final Filter hookguard;

    RecordedBeforeAnswered(Filter hookguard) {
        this.hookguard = hookguard;
    }

    @Override
    public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        hookguard.doFilter(
                request,
                response,
                (guarded, answer) -> chain.doFilter(
                        guarded,
                        guarded.getAttribute(HookguardFilter.EVENT_KEY_ATTRIBUTE) != null
                                        && answer instanceof HttpServletResponse http
                                ? new DeferredFlushResponse(http)
                                : answer));
    }
}
