package dev.hookguard.redis.internal;

import dev.hookguard.core.Attempt;
import dev.hookguard.core.ErrorClass;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.EventRecord;
import dev.hookguard.core.Fingerprint;
import dev.hookguard.core.Payload;
import dev.hookguard.core.RecordStatus;
import dev.hookguard.core.StoredResponse;
import dev.hookguard.core.internal.AttemptLog;
import dev.hookguard.core.internal.HeadersCodec;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The fields of an event's hash and their encoding. The scalar state sits in one field, {@code m} (see
 * {@link RecordMeta}), and a field that would be empty is not written, so that a finished record stays a
 * small listpack (see the README for its {@code MEMORY USAGE}). Times are epoch milliseconds of the Redis
 * server; the fingerprint is its 32 raw bytes.
 *
 * <table>
 *   <caption>Fields</caption>
 *   <tr><th>field</th><th>meaning</th><th>present</th></tr>
 *   <tr><td>{@code m}</td><td>format version, status code, token, attempts, created, updated, response
 *       status ({@link RecordMeta})</td><td>always</td></tr>
 *   <tr><td>{@code f}</td><td>fingerprint, 32 bytes</td><td>always</td></tr>
 *   <tr><td>{@code l}</td><td>lease end</td><td>PROCESSING</td></tr>
 *   <tr><td>{@code rc}, {@code rb}, {@code ro}</td><td>response content type, body, "1" if the body was
 *       omitted</td><td>SUCCEEDED, REJECTED; each when set</td></tr>
 *   <tr><td>{@code ph}, {@code pb}</td><td>payload headers (JSON of {@link HeadersCodec}), body</td>
 *       <td>QUEUED, FAILED, DEAD, REJECTED (and after a resolve); the body when not empty</td></tr>
 *   <tr><td>{@code e}</td><td>last error or operator's note, UTF-8</td><td>after a failure or resolve</td></tr>
 *   <tr><td>{@code x}</td><td>error class code ({@link ErrorClass#code()})</td><td>FAILED, DEAD, REJECTED,
 *       kept through reclaims and operator actions, dropped on success</td></tr>
 *   <tr><td>{@code n}</td><td>due time</td><td>while in the due queue (QUEUED, FAILED retried by the
 *       receiver)</td></tr>
 *   <tr><td>{@code o}</td><td>the mark of its open-index entry ({@code OpenIndex} of the store package)</td>
 *       <td>PROCESSING, FAILED</td></tr>
 *   <tr><td>{@code h}</td><td>operator history, JSON ({@link HistoryCodec})</td><td>after an operator
 *       action</td></tr>
 *   <tr><td>{@code a}</td><td>attempt log, JSON Lines of {@link AttemptLog}, the newest {@code attemptLog} of the
 *       policy</td><td>after a verdict that carried its attempt</td></tr>
 * </table>
 */
public final class RecordCodec {

    private static final HexFormat HEX = HexFormat.of();

    private RecordCodec() {}

    /** The record a hash holds; null when the hash is empty (absent or expired). */
    public static @Nullable EventRecord decode(EventKey key, Map<String, byte[]> hash) {
        if (hash.isEmpty()) {
            return null;
        }
        RecordMeta meta;
        try {
            meta = RecordMeta.parse(text(hash, "m"));
        } catch (IllegalStateException | IllegalArgumentException e) {
            throw new IllegalStateException(
                    "the Redis record of " + key + " has an unknown format: '" + text(hash, "m") + "'", e);
        }
        return new EventRecord(
                key,
                meta.status(),
                new Fingerprint(HEX.formatHex(hash.get("f"))),
                meta.token(),
                meta.attempts(),
                meta.status() == RecordStatus.PROCESSING && hash.containsKey("l") ? instant(hash, "l") : null,
                meta.responseStatus() == null
                        ? null
                        : response(meta.responseStatus(), hash.get("rc"), hash.get("rb"), hash.containsKey("ro")),
                payload(hash),
                hash.containsKey("e") ? new String(hash.get("e"), StandardCharsets.UTF_8) : null,
                meta.createdAt(),
                meta.updatedAt(),
                hash.containsKey("x") ? ErrorClass.fromCode(text(hash, "x")) : null,
                hash.containsKey("n") ? instant(hash, "n") : null,
                HistoryCodec.decode(hash.get("h")),
                AttemptLog.decode(hash.containsKey("a") ? new String(hash.get("a"), StandardCharsets.UTF_8) : null));
    }

    /** The attempt as the line {@code log_attempt} appends to field {@code a}; empty for none. */
    public static byte[] attempt(@Nullable Attempt attempt) {
        if (attempt == null) {
            return new byte[0];
        }
        String line = AttemptLog.line(attempt);
        return line.substring(0, line.length() - 1).getBytes(StandardCharsets.UTF_8);
    }

    /** The response as the reply of {@code claim.lua} lists it: status, content type, body, omitted. */
    public static StoredResponse response(
            int status, byte @Nullable [] contentType, byte @Nullable [] body, boolean omitted) {
        return new StoredResponse(
                status,
                contentType == null ? null : new String(contentType, StandardCharsets.UTF_8),
                body == null ? new byte[0] : body,
                omitted);
    }

    /** Field, value pairs that store a response besides its status (which goes into {@code m}): each when set. */
    public static List<byte[]> responseFields(StoredResponse response) {
        List<byte[]> fields = new ArrayList<>(6);
        if (response.contentType() != null) {
            add(fields, "rc", response.contentType().getBytes(StandardCharsets.UTF_8));
        }
        byte[] body = response.body();
        if (body.length > 0) {
            add(fields, "rb", body);
        }
        if (response.bodyOmitted()) {
            add(fields, "ro", ascii("1"));
        }
        return fields;
    }

    /** Field, value pairs that store a payload: {@code ph} always, {@code pb} when the body is not empty. */
    public static List<byte[]> payloadFields(Payload payload) {
        List<byte[]> fields = new ArrayList<>(4);
        add(fields, "ph", headers(payload));
        byte[] body = payload.body();
        if (body.length > 0) {
            add(fields, "pb", body);
        }
        return fields;
    }

    /** The payload's headers as stored in {@code ph}. */
    public static byte[] headers(Payload payload) {
        return HeadersCodec.encode(payload.headers()).getBytes(StandardCharsets.UTF_8);
    }

    /** The fingerprint as stored in {@code f}: its 32 raw bytes. */
    public static byte[] fingerprint(Fingerprint fingerprint) {
        return HEX.parseHex(fingerprint.hex());
    }

    public static byte[] ascii(String text) {
        return text.getBytes(StandardCharsets.US_ASCII);
    }

    private static @Nullable Payload payload(Map<String, byte[]> hash) {
        byte[] headers = hash.get("ph");
        if (headers == null) {
            return null;
        }
        byte[] body = hash.getOrDefault("pb", new byte[0]);
        return new Payload(body, HeadersCodec.decode(new String(headers, StandardCharsets.UTF_8)));
    }

    private static void add(List<byte[]> fields, String name, byte[] value) {
        fields.add(ascii(name));
        fields.add(value);
    }

    private static @Nullable String text(Map<String, byte[]> hash, String field) {
        byte[] value = hash.get(field);
        return value == null ? null : new String(value, StandardCharsets.US_ASCII);
    }

    private static long number(Map<String, byte[]> hash, String field) {
        String value = text(hash, field);
        if (value == null) {
            throw new IllegalStateException("a Redis record lacks its field '" + field + "'");
        }
        return Long.parseLong(value);
    }

    private static Instant instant(Map<String, byte[]> hash, String field) {
        return Instant.ofEpochMilli(number(hash, field));
    }
}
