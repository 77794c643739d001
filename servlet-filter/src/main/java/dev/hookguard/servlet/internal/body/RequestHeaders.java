package dev.hookguard.servlet.internal.body;

import dev.hookguard.core.signature.Headers;
import dev.hookguard.servlet.Hardening;
import dev.hookguard.servlet.internal.config.HeaderDenyList;
import dev.hookguard.servlet.internal.dispatch.DispatchHeaders;
import jakarta.servlet.http.HttpServletRequest;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The request's header lines, read from the container once per delivery: the verifier's lower-cased {@link
 * Headers} are built from them at once, the payload's headers (kept with FAILED, DEAD and REJECTED records) only
 * when a record keeps a payload, which a success never does. Being a copy, they can be read after the container
 * has recycled the request (a verdict retried late).
 */
public final class RequestHeaders {

    /** Name, value, name, value, …: the names as {@link HttpServletRequest#getHeaderNames()} gives them. */
    private final String[] lines;

    private final int size;
    private final String requestUri;

    private RequestHeaders(String[] lines, int size, String requestUri) {
        this.lines = lines;
        this.size = size;
        this.requestUri = requestUri;
    }

    /** Every header line of {@code request}, and its path and query. */
    public static RequestHeaders read(HttpServletRequest request) {
        String[] lines = new String[32];
        int size = 0;
        for (Enumeration<String> names = request.getHeaderNames(); names.hasMoreElements(); ) {
            String name = names.nextElement();
            for (Enumeration<String> values = request.getHeaders(name); values.hasMoreElements(); ) {
                if (size == lines.length) {
                    lines = Arrays.copyOf(lines, size * 2);
                }
                lines[size++] = name;
                lines[size++] = values.nextElement();
            }
        }
        String query = request.getQueryString();
        return new RequestHeaders(
                lines, size, query == null ? request.getRequestURI() : request.getRequestURI() + "?" + query);
    }

    /** Every header line, for the verifier and the event-id extractor. */
    public Headers forVerifier() {
        return Headers.of(size == lines.length ? lines : Arrays.copyOf(lines, size)); // of() copies it once more
    }

    /**
     * The headers kept with the payload: all but those the deny list names ({@link Hardening}) and the reserved
     * {@link DispatchHeaders}, plus {@value DispatchHeaders#REQUEST_URI} holding the request's path and query, which
     * a dispatch is sent to. Each value list is immutable, which {@link dev.hookguard.core.Payload} keeps without
     * copying it again: one value (nearly every header) as {@link List#of(Object)}.
     */
    public Map<String, List<String>> forPayload(HeaderDenyList denied) {
        Map<String, List<String>> headers = new LinkedHashMap<>();
        int i = 0;
        while (i < size) {
            String name = lines[i];
            int end = i + 2;
            while (end < size && lines[end].equals(name)) { // the lines of one name are adjacent (read by name)
                end += 2;
            }
            if (!denied.denies(name) && !reserved(name)) {
                headers.put(name, values(i, end));
            }
            i = end;
        }
        headers.put(DispatchHeaders.REQUEST_URI, List.of(requestUri));
        return headers;
    }

    private List<String> values(int from, int to) {
        if (to - from == 2) {
            return List.of(lines[from + 1]);
        }
        List<String> all = new ArrayList<>((to - from) / 2);
        for (int i = from; i < to; i += 2) {
            all.add(lines[i + 1]);
        }
        return List.copyOf(all);
    }

    private static boolean reserved(String name) {
        return name.equalsIgnoreCase(DispatchHeaders.REQUEST_URI)
                || name.equalsIgnoreCase(DispatchHeaders.DISPATCH)
                || name.equalsIgnoreCase(DispatchHeaders.SOURCE);
    }
}
