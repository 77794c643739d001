package dev.hookguard.spring.internal.web;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import java.util.Collections;
import java.util.Enumeration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * A request whose attribute writes stay in the wrapper, so that asking the handler mappings ahead of the {@code
 * DispatcherServlet} leaves no parsed path, matched pattern or URI variables behind on the real request.
 */
public final class IsolatedAttributesRequest extends HttpServletRequestWrapper {

    private final Map<String, Object> written = new HashMap<>();
    private final Set<String> removed = new HashSet<>();

    IsolatedAttributesRequest(HttpServletRequest request) {
        super(request);
    }

    @Override
    public @Nullable Object getAttribute(String name) {
        if (written.containsKey(name)) {
            return written.get(name);
        }
        return removed.contains(name) ? null : super.getAttribute(name);
    }

    @Override
    public Enumeration<String> getAttributeNames() {
        Set<String> names = new LinkedHashSet<>(Collections.list(super.getAttributeNames()));
        names.removeAll(removed);
        names.addAll(written.keySet());
        return Collections.enumeration(names);
    }

    @Override
    public void setAttribute(String name, @Nullable Object value) {
        if (value == null) {
            removeAttribute(name);
            return;
        }
        written.put(name, value);
        removed.remove(name);
    }

    @Override
    public void removeAttribute(String name) {
        written.remove(name);
        removed.add(name);
    }
}
