package dev.hookguard.core.signature;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.net.URLDecoder;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/** Decodes an {@code application/x-www-form-urlencoded} body; a malformed pair is skipped, never thrown. */
final class FormBody {

    private static final String FORM = "application/x-www-form-urlencoded";

    private FormBody() {}

    static Map<String, List<String>> parse(@Nullable String contentType, byte[] body) {
        if (!isForm(contentType) || body.length == 0) {
            return Map.of();
        }
        Map<String, List<String>> values = new LinkedHashMap<>();
        for (String pair : new String(body, UTF_8).split("&")) {
            if (pair.isEmpty()) {
                continue;
            }
            int equals = pair.indexOf('=');
            try {
                String name = URLDecoder.decode(equals < 0 ? pair : pair.substring(0, equals), UTF_8);
                String value = equals < 0 ? "" : URLDecoder.decode(pair.substring(equals + 1), UTF_8);
                values.computeIfAbsent(name, k -> new ArrayList<>()).add(value);
            } catch (IllegalArgumentException malformed) {
                // a malformed %-escape: skip the pair, as servlet containers do
            }
        }
        values.replaceAll((name, list) -> List.copyOf(list));
        return Collections.unmodifiableMap(values);
    }

    static boolean isForm(@Nullable String contentType) {
        if (contentType == null) {
            return false;
        }
        int semicolon = contentType.indexOf(';');
        String mime = semicolon < 0 ? contentType : contentType.substring(0, semicolon);
        return mime.strip().toLowerCase(Locale.ROOT).equals(FORM);
    }
}
