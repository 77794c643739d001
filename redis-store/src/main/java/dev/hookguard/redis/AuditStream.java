package dev.hookguard.redis;

import static dev.hookguard.redis.internal.Args.number;
import static dev.hookguard.redis.internal.Args.utf8;

import dev.hookguard.core.operator.OperatorAction.AuditEntry;
import dev.hookguard.core.operator.OperatorStore.AuditLine;
import io.lettuce.core.StreamMessage;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The format of an endpoint's audit trail, the stream {@code <prefix>:audit:{<endpoint>}}: one entry per line, whose
 * stream id ({@code <ms>-<seq>}, given by the server at the append) is the line's place and the page cursor, and whose
 * fields are {@code t} the line's time (epoch ms), {@code u} the operator, {@code a} the action, {@code n} the note
 * (absent without one), {@code i} the event id (absent for an endpoint's action) and {@code x} when the line expires
 * (its time plus the time it is kept for, epoch ms). Other fields are ignored, so a later format may add some.
 */
final class AuditStream {

    private AuditStream() {}

    /** The fields of one line's entry, expiring at {@code expiresAt} (epoch ms). */
    static Map<String, byte[]> encode(AuditLine line, long expiresAt) {
        AuditEntry entry = line.entry();
        Map<String, byte[]> fields = new LinkedHashMap<>();
        fields.put("t", number(entry.at().toEpochMilli()));
        fields.put("u", utf8(entry.actor()));
        fields.put("a", utf8(entry.action()));
        if (entry.note() != null) {
            fields.put("n", utf8(entry.note()));
        }
        if (line.eventId() != null) {
            fields.put("i", utf8(line.eventId()));
        }
        fields.put("x", number(expiresAt));
        return fields;
    }

    /**
     * The line an entry of {@code endpoint}'s trail holds.
     *
     * @throws IllegalStateException when the entry lacks a field every line has
     */
    static Kept decode(String endpoint, StreamMessage<String, byte[]> message) {
        Map<String, byte[]> fields = message.getBody();
        try {
            AuditEntry entry = new AuditEntry(
                    Instant.ofEpochMilli(Long.parseLong(required(fields, "t"))),
                    required(fields, "u"),
                    required(fields, "a"),
                    text(fields.get("n")));
            AuditLine line = new AuditLine(endpoint, text(fields.get("i")), entry);
            return new Kept(message.getId(), line, Long.parseLong(required(fields, "x")));
        } catch (IllegalArgumentException e) { // a missing field, a number or a name that does not parse
            throw new IllegalStateException(
                    "the audit trail of endpoint " + endpoint + " has an unreadable entry " + message.getId() + ": "
                            + e.getMessage(),
                    e);
        }
    }

    /**
     * The stream id a page cursor names, which must be {@code <ms>-<seq>}; anything else is an {@link
     * IllegalArgumentException} naming it.
     */
    static StreamId cursor(String cursor) {
        int dash = cursor.indexOf('-');
        if (dash > 0
                && dash < cursor.length() - 1
                && digits(cursor, 0, dash)
                && digits(cursor, dash + 1, cursor.length())) {
            try {
                return new StreamId(
                        Long.parseLong(cursor, 0, dash, 10),
                        Long.parseUnsignedLong(cursor, dash + 1, cursor.length(), 10));
            } catch (NumberFormatException e) {
                // too large: named below
            }
        }
        throw new IllegalArgumentException("cursor must be a nextCursor of this store's audit pages (<ms>-<seq>) but"
                + " was '" + (cursor.length() > 300 ? cursor.substring(0, 300) + "..." : cursor) + "'");
    }

    private static boolean digits(String text, int from, int to) {
        for (int i = from; i < to; i++) {
            if (text.charAt(i) < '0' || text.charAt(i) > '9') {
                return false;
            }
        }
        return true;
    }

    private static String required(Map<String, byte[]> fields, String name) {
        String value = text(fields.get(name));
        if (value == null) {
            throw new IllegalArgumentException("no field " + name);
        }
        return value;
    }

    private static @Nullable String text(byte @Nullable [] value) {
        return value == null ? null : new String(value, StandardCharsets.UTF_8);
    }

    /**
     * One entry of a trail, read.
     *
     * @param id its stream id
     * @param line the line it holds
     * @param expiresAt when it expires, epoch ms
     */
    record Kept(String id, AuditLine line, long expiresAt) {}

    /**
     * A stream id.
     *
     * @param millis its time part, epoch ms
     * @param sequence its sequence part, unsigned
     */
    record StreamId(long millis, long sequence) {

        /** True for {@code 0-0}, which no entry has and below which there is none. */
        boolean isZero() {
            return millis == 0 && sequence == 0;
        }
    }
}
