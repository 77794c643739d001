package dev.hookguard.spring.internal.autoconfigure;

import jakarta.servlet.DispatcherType;
import jakarta.servlet.ServletContext;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import jakarta.servlet.http.HttpServletMapping;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;
import jakarta.servlet.http.HttpSession;
import jakarta.servlet.http.MappingMatch;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.lang.reflect.Proxy;
import java.util.Collection;
import java.util.Collections;
import java.util.Enumeration;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * What a webhook sender would send, as the security check runs it through a {@code SecurityFilterChain} at start-up:
 * an anonymous {@code POST} of JSON to a path, with no session, no cookie and no CSRF token, and a response that
 * remembers its status and {@code Location}. Whatever a filter asks beyond that gets an empty answer.
 */
public final class ProbeExchange {

    private ProbeExchange() {}

    /** The request: {@code POST <contextPath><servletPath><pathInfo>} on {@code http://localhost}. */
    static final class Request extends HttpServletRequestWrapper {

        private final @Nullable ServletContext servletContext;
        private final String contextPath;
        private final String servletPath;
        private final @Nullable String pathInfo;
        private final Map<String, Object> attributes = new HashMap<>();
        private final Map<String, List<String>> headers = new LinkedHashMap<>();
        private @Nullable HttpSession session;

        Request(
                @Nullable ServletContext servletContext,
                String contextPath,
                String servletPath,
                @Nullable String pathInfo) {
            super(empty(HttpServletRequest.class));
            this.servletContext = servletContext;
            this.contextPath = contextPath;
            this.servletPath = servletPath;
            this.pathInfo = pathInfo;
            headers.put("Content-Type", List.of("application/json"));
            headers.put("Accept", List.of("*/*"));
            headers.put("User-Agent", List.of("Hookguard-Security-Check"));
        }

        @Override
        public @Nullable ServletContext getServletContext() {
            return servletContext;
        }

        @Override
        public String getMethod() {
            return "POST";
        }

        @Override
        public DispatcherType getDispatcherType() {
            return DispatcherType.REQUEST;
        }

        @Override
        public String getRequestURI() {
            return contextPath + servletPath + (pathInfo == null ? "" : pathInfo);
        }

        @Override
        public StringBuffer getRequestURL() {
            return new StringBuffer("http://localhost").append(getRequestURI());
        }

        @Override
        public String getContextPath() {
            return contextPath;
        }

        @Override
        public String getServletPath() {
            return servletPath;
        }

        @Override
        public @Nullable String getPathInfo() {
            return pathInfo;
        }

        @Override
        public String getScheme() {
            return "http";
        }

        @Override
        public String getServerName() {
            return "localhost";
        }

        @Override
        public int getServerPort() {
            return 80;
        }

        @Override
        public String getProtocol() {
            return "HTTP/1.1";
        }

        @Override
        public String getRemoteAddr() {
            return "127.0.0.1";
        }

        @Override
        public String getContentType() {
            return "application/json";
        }

        @Override
        public String getCharacterEncoding() {
            return "UTF-8";
        }

        @Override
        public Locale getLocale() {
            return Locale.ROOT;
        }

        @Override
        public Enumeration<Locale> getLocales() {
            return Collections.enumeration(List.of(Locale.ROOT));
        }

        @Override
        public @Nullable String getHeader(String name) {
            List<String> values = values(name);
            return values.isEmpty() ? null : values.get(0);
        }

        @Override
        public Enumeration<String> getHeaders(String name) {
            return Collections.enumeration(values(name));
        }

        @Override
        public Enumeration<String> getHeaderNames() {
            return Collections.enumeration(headers.keySet());
        }

        @Override
        public long getDateHeader(String name) {
            return -1;
        }

        @Override
        public int getIntHeader(String name) {
            return -1;
        }

        private List<String> values(String name) {
            for (Map.Entry<String, List<String>> header : headers.entrySet()) {
                if (header.getKey().equalsIgnoreCase(name)) {
                    return header.getValue();
                }
            }
            return List.of();
        }

        @Override
        public @Nullable Object getAttribute(String name) {
            return attributes.get(name);
        }

        @Override
        public Enumeration<String> getAttributeNames() {
            return Collections.enumeration(Set.copyOf(attributes.keySet()));
        }

        @Override
        public void setAttribute(String name, @Nullable Object value) {
            if (value == null) {
                attributes.remove(name);
            } else {
                attributes.put(name, value);
            }
        }

        @Override
        public void removeAttribute(String name) {
            attributes.remove(name);
        }

        /** The mapping of a {@code DispatcherServlet} on {@code /}, the servlet path being the whole path. */
        @Override
        public HttpServletMapping getHttpServletMapping() {
            return new HttpServletMapping() {
                @Override
                public String getMatchValue() {
                    return "";
                }

                @Override
                public String getPattern() {
                    return "/";
                }

                @Override
                public String getServletName() {
                    return "dispatcherServlet";
                }

                @Override
                public MappingMatch getMappingMatch() {
                    return MappingMatch.DEFAULT;
                }
            };
        }

        @Override
        public @Nullable HttpSession getSession(boolean create) {
            if (session == null && create) {
                session = session();
            }
            return session;
        }

        @Override
        public @Nullable HttpSession getSession() {
            return getSession(true);
        }
    }

    /** The response: the status, {@code sendError} and {@code sendRedirect} are remembered, the body is dropped. */
    static final class Response extends HttpServletResponseWrapper {

        private final Map<String, String> headers = new LinkedHashMap<>();
        private int status = SC_OK;
        private boolean committed;
        private @Nullable PrintWriter writer;

        Response() {
            super(empty(HttpServletResponse.class));
        }

        /** The status a filter set, or 200 if none did. */
        @Override
        public int getStatus() {
            return status;
        }

        /** Where a redirect points, if a filter redirected. */
        @Nullable
        String location() {
            return headers.get("location");
        }

        @Override
        public void setStatus(int sc) {
            status = sc;
        }

        @Override
        public void sendError(int sc) {
            sendError(sc, null);
        }

        @Override
        public void sendError(int sc, @Nullable String msg) {
            status = sc;
            committed = true;
        }

        @Override
        public void sendRedirect(String location) {
            status = SC_FOUND;
            headers.put("location", location);
            committed = true;
        }

        @Override
        public boolean isCommitted() {
            return committed;
        }

        @Override
        public String encodeURL(String url) {
            return url;
        }

        @Override
        public String encodeRedirectURL(String url) {
            return url;
        }

        @Override
        public void setHeader(String name, @Nullable String value) {
            headers.put(name.toLowerCase(Locale.ROOT), value);
        }

        @Override
        public void addHeader(String name, @Nullable String value) {
            headers.putIfAbsent(name.toLowerCase(Locale.ROOT), value);
        }

        @Override
        public boolean containsHeader(String name) {
            return headers.containsKey(name.toLowerCase(Locale.ROOT));
        }

        @Override
        public @Nullable String getHeader(String name) {
            return headers.get(name.toLowerCase(Locale.ROOT));
        }

        @Override
        public Collection<String> getHeaders(String name) {
            String value = getHeader(name);
            return value == null ? List.of() : List.of(value);
        }

        @Override
        public Collection<String> getHeaderNames() {
            return List.copyOf(headers.keySet());
        }

        @Override
        public String getCharacterEncoding() {
            return "UTF-8";
        }

        @Override
        public Locale getLocale() {
            return Locale.ROOT;
        }

        @Override
        public PrintWriter getWriter() {
            if (writer == null) {
                writer = new PrintWriter(OutputStream.nullOutputStream());
            }
            return writer;
        }

        @Override
        public ServletOutputStream getOutputStream() {
            return new ServletOutputStream() {
                @Override
                public boolean isReady() {
                    return true;
                }

                @Override
                public void setWriteListener(WriteListener listener) {}

                @Override
                public void write(int b) {}
            };
        }
    }

    /** A session holding attributes only. */
    private static HttpSession session() {
        Map<String, Object> attributes = new HashMap<>();
        return (HttpSession) Proxy.newProxyInstance(
                ProbeExchange.class.getClassLoader(), new Class<?>[] {HttpSession.class}, (proxy, method, args) -> {
                    switch (method.getName()) {
                        case "getAttribute":
                            return attributes.get((String) args[0]);
                        case "setAttribute":
                            if (args[1] == null) {
                                attributes.remove((String) args[0]);
                            } else {
                                attributes.put((String) args[0], args[1]);
                            }
                            return null;
                        case "removeAttribute":
                            attributes.remove((String) args[0]);
                            return null;
                        case "getAttributeNames":
                            return Collections.enumeration(Set.copyOf(attributes.keySet()));
                        case "getId":
                            return "hookguard-security-check";
                        case "isNew":
                            return true;
                        default:
                            return emptyValue(method.getReturnType());
                    }
                });
    }

    /** An instance of {@code type} whose every method does nothing and answers an empty value. */
    private static <T> T empty(Class<T> type) {
        return type.cast(Proxy.newProxyInstance(
                ProbeExchange.class.getClassLoader(),
                new Class<?>[] {type},
                (proxy, method, args) -> method.getName().equals("toString")
                        ? "probe " + type.getSimpleName()
                        : emptyValue(method.getReturnType())));
    }

    private static @Nullable Object emptyValue(Class<?> type) {
        if (type == boolean.class) {
            return false;
        }
        if (type == int.class) {
            return 0;
        }
        if (type == long.class) {
            return 0L;
        }
        if (type == Enumeration.class) {
            return Collections.emptyEnumeration();
        }
        if (type == Map.class) {
            return Map.of();
        }
        if (type == Collection.class || type == List.class) {
            return List.of();
        }
        if (type == Set.class) {
            return Set.of();
        }
        return null;
    }
}
