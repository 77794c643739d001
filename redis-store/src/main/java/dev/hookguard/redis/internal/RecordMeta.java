package dev.hookguard.redis.internal;

import dev.hookguard.core.RecordStatus;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * The scalar state of a record, packed into field {@code m}; the Java twin of {@code prelude.lua}'s
 * {@code parse}. It reads format 2, which this version writes, and format 1 of the previous version, and it
 * reads whatever a clock step can leave behind: an updated time before the created time (a failover to a
 * node whose clock is behind, an NTP step) counts as the created time, never as an error.
 *
 * <p>Format 2: {@code 2}, the status code, then comma-separated the token minus created × 1000, attempts,
 * created (epoch ms), updated (ms after created) and, when there is a response, its HTTP status: {@code
 * 2S417,1,1764406000123,333,200} is token 1764406000123417. Format 1: {@code 1}, the status code, token,
 * attempts, created, updated (ms after created, may be negative), response status.
 *
 * @param status the record's status
 * @param token its fencing token
 * @param attempts its attempts
 * @param createdAt when it was created
 * @param updatedAt when it last changed, never before {@code createdAt}
 * @param responseStatus the stored response's HTTP status, if any
 */
public record RecordMeta(
        RecordStatus status,
        long token,
        int attempts,
        Instant createdAt,
        Instant updatedAt,
        @Nullable Integer responseStatus) {

    /** The format version this store writes. */
    public static final String FORMAT_VERSION = "2";

    private static final Pattern META =
            Pattern.compile("([12])([A-Z])(-?\\d{1,18}),(\\d{1,9}),(\\d{1,15}),(-?\\d{1,15})(?:,(\\d{1,3}))?");

    /** The state field {@code m} holds; a format this version does not know is an {@link IllegalStateException}. */
    public static RecordMeta parse(@Nullable String meta) {
        Matcher m = meta == null ? null : META.matcher(meta);
        if (m == null || !m.matches()) {
            throw new IllegalStateException("a Redis record has an unknown format: '" + meta + "'");
        }
        long created = Long.parseLong(m.group(5));
        long token = Long.parseLong(m.group(3));
        return new RecordMeta(
                RecordStatus.fromCode(m.group(2)),
                FORMAT_VERSION.equals(m.group(1)) ? created * 1000 + token : token,
                Integer.parseInt(m.group(4)),
                Instant.ofEpochMilli(created),
                Instant.ofEpochMilli(created + Math.max(0, Long.parseLong(m.group(6)))),
                m.group(7) == null ? null : Integer.valueOf(m.group(7)));
    }

    /** The status of field {@code m} (its second byte), without parsing the rest: a settled duplicate's. */
    public static RecordStatus statusOf(byte[] meta) {
        if (meta.length < 2) {
            throw new IllegalStateException("a Redis record has an unknown format: '" + ascii(meta) + "'");
        }
        return RecordStatus.fromCode(String.valueOf((char) meta[1]));
    }

    /**
     * The response status of field {@code m}, its fifth comma-separated number (formats 1 and 2 alike), read
     * without a pattern: a settled duplicate's, which every settled record has.
     */
    public static int responseStatusOf(byte[] meta) {
        int at = 0;
        for (int commas = 0; commas < 4 && at < meta.length; at++) {
            if (meta[at] == ',') {
                commas++;
            }
        }
        int length = meta.length - at;
        if (length < 1 || length > 3) {
            throw noResponseStatus(meta);
        }
        int status = 0;
        for (; at < meta.length; at++) {
            if (meta[at] < '0' || meta[at] > '9') {
                throw noResponseStatus(meta);
            }
            status = status * 10 + (meta[at] - '0');
        }
        return status;
    }

    private static IllegalStateException noResponseStatus(byte[] meta) {
        return new IllegalStateException("a settled Redis record has no response status: '" + ascii(meta) + "'");
    }

    private static String ascii(byte[] meta) {
        return new String(meta, StandardCharsets.US_ASCII);
    }
}
