package dev.hookguard.servlet.internal.body;

import dev.hookguard.core.signature.Headers;
import dev.hookguard.servlet.Hardening;
import dev.hookguard.servlet.internal.config.HeaderDenyList;
import dev.hookguard.servlet.internal.dispatch.DispatchHeaders;
import jakarta.servlet.http.HttpServletRequest;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The request's headers, for the verifier and for the payload kept with FAILED, DEAD and REJECTED records. */
public final class RequestHeaders {

    private RequestHeaders() {}

    /** Every header line, for the verifier and the event-id extractor. */
    public static Headers of(HttpServletRequest request) {
        Headers.Builder headers = Headers.builder();
        for (Enumeration<String> names = request.getHeaderNames(); names.hasMoreElements(); ) {
            String name = names.nextElement();
            for (Enumeration<String> values = request.getHeaders(name); values.hasMoreElements(); ) {
                headers.add(name, values.nextElement());
            }
        }
        return headers.build();
    }

    /**
     * The headers kept with the payload: all but those the deny list names ({@link Hardening}) and the reserved
     * {@link DispatchHeaders}, plus {@value DispatchHeaders#REQUEST_URI} holding the request's path and query, which
     * a dispatch is sent to.
     */
    public static Map<String, List<String>> forPayload(HttpServletRequest request, HeaderDenyList denied) {
        Map<String, List<String>> headers = new LinkedHashMap<>();
        for (Enumeration<String> names = request.getHeaderNames(); names.hasMoreElements(); ) {
            String name = names.nextElement();
            if (!denied.denies(name) && !reserved(name)) {
                headers.put(name, values(request.getHeaders(name)));
            }
        }
        String query = request.getQueryString();
        headers.put(DispatchHeaders.REQUEST_URI, List.of(request.getRequestURI() + (query == null ? "" : "?" + query)));
        return headers;
    }

    /**
     * The values as an immutable list, which {@link dev.hookguard.core.Payload} keeps without copying it again: one
     * value (nearly every header) as {@link List#of(Object)}.
     */
    private static List<String> values(Enumeration<String> values) {
        if (!values.hasMoreElements()) {
            return List.of();
        }
        String first = values.nextElement();
        if (!values.hasMoreElements()) {
            return List.of(first);
        }
        List<String> all = new ArrayList<>();
        all.add(first);
        while (values.hasMoreElements()) {
            all.add(values.nextElement());
        }
        return List.copyOf(all);
    }

    private static boolean reserved(String name) {
        return name.equalsIgnoreCase(DispatchHeaders.REQUEST_URI)
                || name.equalsIgnoreCase(DispatchHeaders.DISPATCH)
                || name.equalsIgnoreCase(DispatchHeaders.SOURCE);
    }
}
