package dev.hookguard.core.signature.internal;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * The parsed form of a generic scheme's signed-content template, such as {@code {id}.{timestamp}.{body}}:
 * literal text and the placeholders {@code {id}}, {@code {timestamp}} and {@code {body}}, the last exactly
 * once (a signature that does not cover the body proves nothing about it).
 */
public final class SignedContentTemplate {

    /** A placeholder of the template. */
    public enum Placeholder {
        ID,
        TIMESTAMP,
        BODY;

        String token() {
            return "{" + name().toLowerCase(Locale.ROOT) + "}";
        }
    }

    private final List<Object> parts;

    private SignedContentTemplate(List<Object> parts) {
        this.parts = List.copyOf(parts);
    }

    /** Parses the template; a bad one is an {@link IllegalArgumentException} naming the field {@code template}. */
    public static SignedContentTemplate parse(String template) {
        List<Object> parts = new ArrayList<>();
        int at = 0;
        while (at < template.length()) {
            int open = template.indexOf('{', at);
            if (open < 0) {
                parts.add(template.substring(at).getBytes(UTF_8));
                break;
            }
            if (open > at) {
                parts.add(template.substring(at, open).getBytes(UTF_8));
            }
            int close = template.indexOf('}', open);
            parts.add(
                    placeholder(template, close < 0 ? template.substring(open) : template.substring(open, close + 1)));
            at = close < 0 ? template.length() : close + 1;
        }
        if (parts.stream().filter(Placeholder.BODY::equals).count() != 1) {
            throw new IllegalArgumentException("template must contain {body} exactly once but was '" + template + "'");
        }
        return new SignedContentTemplate(parts);
    }

    /** Whether the template contains this placeholder. */
    public boolean uses(Placeholder placeholder) {
        return parts.contains(placeholder);
    }

    /** The parts of the signed content, in order, ready for the MAC; the body is passed through uncopied. */
    public byte[][] render(@Nullable String id, @Nullable String timestamp, byte[] body) {
        byte[][] rendered = new byte[parts.size()][];
        for (int i = 0; i < rendered.length; i++) {
            rendered[i] = parts.get(i) instanceof Placeholder placeholder
                    ? switch (placeholder) {
                        case ID -> text(id);
                        case TIMESTAMP -> text(timestamp);
                        case BODY -> body;
                    }
                    : (byte[]) parts.get(i);
        }
        return rendered;
    }

    private static byte[] text(@Nullable String value) {
        return value == null ? new byte[0] : value.getBytes(UTF_8);
    }

    private static Placeholder placeholder(String template, String token) {
        for (Placeholder placeholder : Placeholder.values()) {
            if (placeholder.token().equals(token)) {
                return placeholder;
            }
        }
        throw new IllegalArgumentException(
                "template may only use {id}, {timestamp} and {body} but '" + template + "' has '" + token + "'");
    }
}
