package dev.hookguard.servlet.internal.body;

import java.net.URLDecoder;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The request parameters of a delivery whose body the filter has already read: those of the query string
 * (UTF-8, as Tomcat and Jetty decode URIs), then those of an {@code application/x-www-form-urlencoded} body
 * (in the request's character encoding, UTF-8 when it names none), values of a name in that order.
 */
public final class FormParameters {

    private static final String FORM = "application/x-www-form-urlencoded";

    private FormParameters() {}

    static Map<String, String[]> parse(
            @Nullable String query, @Nullable String contentType, Charset charset, byte[] body) {
        Map<String, List<String>> values = new LinkedHashMap<>();
        if (query != null) {
            decodeInto(values, query, StandardCharsets.UTF_8);
        }
        if (isForm(contentType)) {
            decodeInto(values, new String(body, charset), charset);
        }
        Map<String, String[]> parameters = new LinkedHashMap<>();
        values.forEach((name, list) -> parameters.put(name, list.toArray(String[]::new)));
        return Collections.unmodifiableMap(parameters);
    }

    static boolean isForm(@Nullable String contentType) {
        if (contentType == null) {
            return false;
        }
        int semicolon = contentType.indexOf(';');
        String mime = (semicolon < 0 ? contentType : contentType.substring(0, semicolon)).trim();
        return mime.equalsIgnoreCase(FORM);
    }

    private static void decodeInto(Map<String, List<String>> values, String encoded, Charset charset) {
        for (String pair : encoded.split("&")) {
            if (pair.isEmpty()) {
                continue;
            }
            int equals = pair.indexOf('=');
            String name = equals < 0 ? pair : pair.substring(0, equals);
            String value = equals < 0 ? "" : pair.substring(equals + 1);
            try {
                String decodedName = URLDecoder.decode(name, charset);
                String decodedValue = URLDecoder.decode(value, charset);
                values.computeIfAbsent(decodedName, k -> new ArrayList<>()).add(decodedValue);
            } catch (IllegalArgumentException malformed) {
                // a malformed %-escape: skip the pair, as containers do
            }
        }
    }
}
