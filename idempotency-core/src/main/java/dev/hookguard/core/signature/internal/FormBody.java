package dev.hookguard.core.signature.internal;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The parameters of an {@code application/x-www-form-urlencoded} body as a map, decoded as UTF-8 by {@link
 * FormPairs} ({@code +} is a space, {@code %XX} a byte; a pair with a malformed escape is skipped, as servlet
 * containers do, never thrown). Hand-written because {@link java.net.URLDecoder} costs several times the MAC of the
 * same bytes.
 */
public final class FormBody {

    private static final String FORM = "application/x-www-form-urlencoded";

    private FormBody() {}

    public static Map<String, List<String>> parse(@Nullable String contentType, byte[] body) {
        if (!isForm(contentType) || body.length == 0) {
            return Map.of();
        }
        FormPairs pairs = FormPairs.decode(body);
        Map<String, List<String>> values = new LinkedHashMap<>();
        for (int i = 0; i < pairs.size(); i++) {
            values.computeIfAbsent(pairs.name(i), k -> new ArrayList<>(1)).add(pairs.value(i));
        }
        values.replaceAll((name, list) -> List.copyOf(list));
        return Collections.unmodifiableMap(values);
    }

    public static boolean isForm(@Nullable String contentType) {
        if (contentType == null) {
            return false;
        }
        int semicolon = contentType.indexOf(';');
        String mime = semicolon < 0 ? contentType : contentType.substring(0, semicolon);
        return mime.strip().toLowerCase(Locale.ROOT).equals(FORM);
    }
}
