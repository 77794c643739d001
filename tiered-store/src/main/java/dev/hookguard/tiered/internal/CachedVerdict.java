package dev.hookguard.tiered.internal;

import dev.hookguard.core.ClaimOutcome;
import dev.hookguard.core.Fingerprint;
import dev.hookguard.core.RecordStatus;
import dev.hookguard.core.StoredResponse;
import io.lettuce.core.KeyValue;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * A settled verdict as the cache holds it: the status (SUCCEEDED or REJECTED, the only ones it may answer for), the
 * fingerprint of the delivery that settled it and the response to replay. Stored as one hash per event, fields
 * {@code v} (format 1), {@code s} (status code), {@code f}, {@code c} (HTTP status), {@code b}, {@code o} (body
 * omitted), {@code t} (content type, absent when none); a tombstone has {@code x} instead.
 */
public record CachedVerdict(RecordStatus status, Fingerprint fingerprint, StoredResponse response) {

    /** The fields read back, in this order, by {@code HMGET}. */
    static final byte[][] FIELDS = fields("v", "s", "f", "c", "b", "o", "t", "x");

    private static final String FORMAT = "1";

    /** Checks that the cache may answer for the status. */
    public CachedVerdict {
        if (!cacheable(status)) {
            throw new IllegalArgumentException("only SUCCEEDED and REJECTED are cached but was " + status);
        }
    }

    /**
     * True for the statuses the cache answers for: SUCCEEDED (left only by retention) and REJECTED (left only by an
     * operator's action, which evicts it first).
     */
    public static boolean cacheable(RecordStatus status) {
        return status == RecordStatus.SUCCEEDED || status == RecordStatus.REJECTED;
    }

    /** What a claim with this fingerprint is answered: the stored verdict, or a mismatch. */
    public ClaimOutcome answer(Fingerprint delivered) {
        return fingerprint.equals(delivered)
                ? new ClaimOutcome.Duplicate(status, response)
                : new ClaimOutcome.Mismatch();
    }

    /** The fill script's arguments after the time to live. */
    byte[][] fillArguments(long ttlMillis) {
        String contentType = response.contentType();
        return new byte[][] {
            ascii(Long.toString(ttlMillis)),
            ascii(status.code()),
            ascii(fingerprint.hex()),
            ascii(Integer.toString(response.status())),
            response.body(),
            ascii(response.bodyOmitted() ? "1" : "0"),
            ascii(contentType == null ? "0" : "1"),
            contentType == null ? new byte[0] : contentType.getBytes(StandardCharsets.UTF_8)
        };
    }

    /**
     * The verdict {@code HMGET} of {@link #FIELDS} read, or empty for anything else: no entry, a tombstone, another
     * format, a status the cache does not answer for, or a malformed field. The cache is never trusted further than
     * it can be checked.
     */
    static Optional<CachedVerdict> decode(List<KeyValue<byte[], byte[]>> values) {
        if (values.size() != FIELDS.length || values.get(7).hasValue() || !FORMAT.equals(text(values.get(0)))) {
            return Optional.empty();
        }
        try {
            RecordStatus status = RecordStatus.fromCode(text(values.get(1)));
            if (!cacheable(status) || !values.get(4).hasValue()) {
                return Optional.empty();
            }
            byte[] contentType = values.get(6).getValueOrElse(null);
            StoredResponse response = new StoredResponse(
                    Integer.parseInt(text(values.get(3))),
                    contentType == null ? null : new String(contentType, StandardCharsets.UTF_8),
                    values.get(4).getValue(),
                    "1".equals(text(values.get(5))));
            return Optional.of(new CachedVerdict(status, new Fingerprint(text(values.get(2))), response));
        } catch (IllegalArgumentException | NullPointerException e) {
            return Optional.empty();
        }
    }

    private static @Nullable String text(KeyValue<byte[], byte[]> value) {
        return value.hasValue() ? new String(value.getValue(), StandardCharsets.US_ASCII) : null;
    }

    static byte[] ascii(String text) {
        return text.getBytes(StandardCharsets.US_ASCII);
    }

    private static byte[][] fields(String... names) {
        byte[][] fields = new byte[names.length][];
        for (int i = 0; i < names.length; i++) {
            fields[i] = ascii(names[i]);
        }
        return fields;
    }
}
