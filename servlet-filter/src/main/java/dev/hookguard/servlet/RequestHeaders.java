package dev.hookguard.servlet;

import dev.hookguard.core.signature.Headers;
import jakarta.servlet.http.HttpServletRequest;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The request's headers, for the verifier and for the payload kept with FAILED, DEAD and REJECTED records. */
final class RequestHeaders {

    private RequestHeaders() {}

    /** Every header line, for the verifier and the event-id extractor. */
    static Headers of(HttpServletRequest request) {
        Headers.Builder headers = Headers.builder();
        for (String name : Collections.list(request.getHeaderNames())) {
            for (String value : Collections.list(request.getHeaders(name))) {
                headers.add(name, value);
            }
        }
        return headers.build();
    }

    /**
     * The headers kept with the payload: all but those the deny list names ({@link Hardening}) and the reserved
     * {@link DispatchHeaders}, plus {@value DispatchHeaders#REQUEST_URI} holding the request's path and query, which
     * a dispatch is sent to.
     */
    static Map<String, List<String>> forPayload(HttpServletRequest request, HeaderDenyList denied) {
        Map<String, List<String>> headers = new LinkedHashMap<>();
        for (String name : Collections.list(request.getHeaderNames())) {
            if (!denied.denies(name) && !reserved(name)) {
                headers.put(name, new ArrayList<>(Collections.list(request.getHeaders(name))));
            }
        }
        String query = request.getQueryString();
        headers.put(DispatchHeaders.REQUEST_URI, List.of(request.getRequestURI() + (query == null ? "" : "?" + query)));
        return headers;
    }

    private static boolean reserved(String name) {
        return name.equalsIgnoreCase(DispatchHeaders.REQUEST_URI) || name.equalsIgnoreCase(DispatchHeaders.DISPATCH);
    }
}
